// The shell's production server: its browser build (shell/dist) served as static files, its pages
// (shell-pages.ts: rendered on the server through the server build shell/dist-server/server.js, or
// as the browser renders them), /config.json, /sitemap.xml and /robots.txt. Started by
// `node shell/dist-server/main.js` (main.ts) and by `npm start` (tooling/serve-static.mjs --shell).
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { isPagePath } from '@pcpp/contracts/core';
import { answerMetrics, createServerLogger, nameRequestSpan, type Logger } from '@pcpp/contracts/server-observability';
import { localOrigins, pageCachingFromEnv, runtimeConfigFromEnv, serverRenderingFromEnv, servicePorts } from '@pcpp/contracts/service-config';
import type { ServerRenderer, ServerRendererOptions } from '../types';
import { createJsonCache, type RuntimeConfig } from './page-hints';
import { createRenderCache } from './render-cache';
import { createRenderQueue } from './render-queue';
import { createServerFailureReports } from './server-failure-reports';
import { createShellMetrics, shellRouteOf } from './shell-metrics';
import { createShellPages } from './shell-pages';
import { createSitemap } from './sitemap';
import { startStaticServer, type RunningServer, type StaticServerOptions } from './static-server';

/** What the server build (`shell/dist-server/server.js`, src/server/index.ts) exports. */
export interface ServerBuild {
  createServerRenderer(options: ServerRendererOptions): Promise<ServerRenderer>;
}

export interface ShellServerOptions {
  /** The shell's browser build (index.html, startup-scripts.json, its chunks). */
  root: string;
  port: number;
  host?: string;
  /** The server build's file; none: every page renders in the browser. */
  serverBuild?: string | null;
  /** Settings (service-config.cjs): ports, the runtime config, server rendering, caching. */
  env?: NodeJS.ProcessEnv;
  /** Sees every request first (the auth emulator proxy under `npm start`); true means it answered. */
  handle?: StaticServerOptions['handle'];
  /** Loads the server build (Node's own require; tests pass their renderer). */
  loadServerBuild?: (file: string) => ServerBuild | Promise<ServerBuild>;
  /** Server rendering's lines (default: the logger's, at warn). */
  log?: (line: string) => void;
  /** JSON lines as the api's (default: LOG_LEVEL, LOG_FILE or stdout), each of a request with its trace. */
  logger?: Logger;
  /** Node's process metrics on /metrics (once per process: the production server's). */
  processMetrics?: boolean;
}

/** Node's require, also inside the webpack bundle (whose own require knows only bundled modules). */
const nodeRequire = createRequire(__filename);

/** Reads a file of the build at most once a second (a rebuild under `npm start` shows within that). */
function fileReader(root: string) {
  const files = new LRUCache<string, string>({
    max: 8,
    ttl: 1_000,
    allowStale: true,
    fetchMethod: (name) => readFile(path.join(root, name), 'utf8'),
  });
  return async (name: string) => (await files.fetch(name)) ?? readFile(path.join(root, name), 'utf8');
}

/** The shell's log, as the api's: pino's JSON lines (LOG_LEVEL, LOG_FILE). */
function loggerFromEnv(env: NodeJS.ProcessEnv): Logger {
  const level = (env.LOG_LEVEL as Parameters<typeof createServerLogger>[0]['level']) || 'info';
  return createServerLogger({ name: 'shell', level, file: env.LOG_FILE || undefined });
}

export async function startShellServer({
  root,
  port,
  host,
  serverBuild = null,
  env = process.env,
  handle,
  loadServerBuild = (file) => nodeRequire(path.resolve(file)) as ServerBuild,
  logger = loggerFromEnv(env),
  // The server rendering line's prefix, as before the move into the shell.
  log = (line: string) => logger.warn(`[server rendering] ${line}`),
  processMetrics = false,
}: ShellServerOptions): Promise<RunningServer & { pages: ReturnType<typeof createShellPages> }> {
  // Read once: the environment does not change under a running server.
  const runtimeConfig = runtimeConfigFromEnv(env) as RuntimeConfig;
  const config = () => runtimeConfig;
  const settings = serverRenderingFromEnv(env);
  // A TLS proxy in front (a CDN, a load balancer) says so in X-Forwarded-Proto; otherwise anyone could.
  const trustProxy = env.TRUST_PROXY === 'true';
  const imageOrigins = env.S3_PUBLIC_URL ? [env.S3_PUBLIC_URL] : [];
  // Without SHOP_URL (production refuses to start so): a request's origin only when it is a local
  // one of this server (its configured port, and the port it got), else the first of them.
  const locals = new Set<string>(localOrigins(servicePorts(env).shell, env));
  const siteOrigin = (requestOrigin: string): string =>
    settings.siteOrigin ?? (locals.has(requestOrigin) ? requestOrigin : (locals.values().next().value as string));

  let renderer: ServerRenderer | null = null;
  if (serverBuild && settings.enabled) {
    try {
      renderer = await (await loadServerBuild(serverBuild)).createServerRenderer({ apiUrl: config().apiUrl, log });
    } catch (error) {
      // The pages still work: the browser renders them, as before server rendering.
      log(`off: ${serverBuild} would not start: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const readBuildFile = fileReader(root);
  // The same list (one array) while the file is the same: the page hints are reused while their inputs are.
  let startup: { text: string; scripts: string[] } = { text: '', scripts: [] };
  const startupScripts = async () => {
    try {
      const text = await readBuildFile('startup-scripts.json');
      if (text !== startup.text) {
        const { scripts } = JSON.parse(text) as { scripts: string[] };
        startup = { text, scripts: scripts.map((file) => `/${file}`) };
      }
      return startup.scripts;
    } catch {
      return [];
    }
  };
  const metrics = createShellMetrics({ processMetrics });
  const reportFailure = createServerFailureReports({ apiUrl: config().apiUrl, registryUrl: config().remoteRegistryUrl, log });
  const cache = createRenderCache({ ttlMs: settings.cacheTtlMs, staleMs: settings.cacheStaleMs, maxBytes: settings.cacheMaxBytes });
  const queue = createRenderQueue({ concurrency: settings.renderConcurrency, maxWaiting: settings.renderQueue });
  const pages = createShellPages({
    trustProxy,
    template: () => readBuildFile('index.html'),
    config,
    getJson: createJsonCache({ timeoutMs: settings.fetchTimeoutMs }),
    startupScripts,
    renderer,
    budgetMs: settings.budgetMs,
    streamTimeoutMs: settings.streamTimeoutMs,
    cache,
    queue,
    caching: pageCachingFromEnv(env),
    siteOrigin,
    imageOrigins,
    log,
    onRenderFailed({ reason, remote, version, cohort, clientAddress, error }) {
      metrics.renderFailed(remote, version ?? 'unversioned', reason);
      // The remote's own code threw, for a visitor in a rollout: its version's verdict counts it.
      if (reason === 'render' && version && cohort) void reportFailure({ remote, version, cohort, clientAddress, error });
    },
  });
  metrics.watch({ queue, cache: cache.enabled ? cache : null, stats: pages.stats });
  const sitemap = createSitemap({ apiUrl: config().apiUrl });

  async function answerOwnPaths(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    // For Prometheus: this machine, or the METRICS_TOKEN bearer (docs/operations.md).
    if (pathname === '/metrics') {
      await answerMetrics(req, res, metrics.registry, env.METRICS_TOKEN || undefined);
      return true;
    }
    const origin = siteOrigin(`http://${req.headers.host}`);
    const answer = await sitemap.respond(pathname, origin).catch((error: unknown) => {
      log(`${pathname}: ${error instanceof Error ? error.message : String(error)}`);
      return { status: 503, type: 'text/plain; charset=utf-8', body: 'The catalog cannot be read right now.' };
    });
    if (!answer) return false;
    res.writeHead(answer.status, { 'Content-Type': answer.type, 'Cache-Control': 'public, max-age=300' });
    res.end(req.method === 'HEAD' ? undefined : answer.body);
    return true;
  }

  const server = await startStaticServer({
    root,
    port,
    host,
    spa: true,
    trustProxy,
    runtimeConfig: config,
    imageOrigins,
    isPagePath,
    pages,
    handle: async (req, res) => (await answerOwnPaths(req, res)) || Boolean(handle && (await handle(req, res))),
    observe: (req, res, pathname) => {
      const route = shellRouteOf(pathname);
      nameRequestSpan(req.method ?? 'GET', route);
      metrics.track(req, res, () => route);
      logRequest(logger, req, res, route);
    },
    // Logged once, with its stack and the route it happened on.
    onError: (req, error) => logger.error({ err: error, method: req.method, route: shellRouteOf((req.url ?? '/').split('?')[0] ?? '/') }, 'the request failed'),
  });
  const reachedAt = localOrigins(Number(new URL(server.url).port), env);
  // The port it got (a test's port 0) comes first: it is the one the server is surely reached at.
  if (!settings.siteOrigin && !locals.has(reachedAt[0]!)) {
    const before = [...locals];
    locals.clear();
    for (const origin of [...reachedAt, ...before]) locals.add(origin);
  }
  // The live remotes' server builds load in the background: until then pages render in the browser.
  if (renderer) {
    void (async () => {
      for (let attempt = 0; attempt < 120; attempt += 1) {
        if (await pages.warm()) return;
        await new Promise((resolve) => setTimeout(resolve, 1000).unref());
      }
    })();
  }
  return { ...server, pages };
}

/**
 * A line per answered request, as the api's (pino-http's fields: req, res, route, responseTime), in
 * the request's trace. The build's files are left out: immutable, many per page, and their failures
 * are logged anyway (onError).
 */
function logRequest(logger: Logger, req: IncomingMessage, res: ServerResponse, route: string) {
  if (route === '(file)') return;
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    const level = res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';
    const responseTime = Math.round(Number(process.hrtime.bigint() - started) / 1e6);
    logger[level]({ req: { method: req.method, url: req.url }, route, res: { statusCode: res.statusCode }, responseTime }, 'request completed');
  });
}
