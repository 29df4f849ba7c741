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
import { localOrigins, pageCachingFromEnv, runtimeConfigFromEnv, serverRenderingFromEnv, servicePorts } from '../service-config.cjs';
import type { ServerRenderer, ServerRendererOptions } from '../types';
import { createJsonCache, type RuntimeConfig } from './page-hints';
import { createRenderCache } from './render-cache';
import { createRenderQueue } from './render-queue';
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
  log?: (line: string) => void;
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

/** The server rendering line's prefix in the log, as before the move into the shell. */
const defaultLog = (line: string) => console.warn(`[server rendering] ${line}`);

export async function startShellServer({
  root,
  port,
  host,
  serverBuild = null,
  env = process.env,
  handle,
  loadServerBuild = (file) => nodeRequire(path.resolve(file)) as ServerBuild,
  log = defaultLog,
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
  const pages = createShellPages({
    trustProxy,
    template: () => readBuildFile('index.html'),
    config,
    getJson: createJsonCache(),
    startupScripts,
    renderer,
    budgetMs: settings.budgetMs,
    streamTimeoutMs: settings.streamTimeoutMs,
    cache: createRenderCache({ ttlMs: settings.cacheTtlMs, staleMs: settings.cacheStaleMs, maxBytes: settings.cacheMaxBytes }),
    queue: createRenderQueue({ concurrency: settings.renderConcurrency, maxWaiting: settings.renderQueue }),
    caching: pageCachingFromEnv(env),
    siteOrigin,
    imageOrigins,
    log,
  });
  const sitemap = createSitemap({ apiUrl: config().apiUrl });

  async function answerSearchEngines(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
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
    handle: async (req, res) => (await answerSearchEngines(req, res)) || Boolean(handle && (await handle(req, res))),
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
