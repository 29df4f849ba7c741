#!/usr/bin/env node
// One static server per process, so a single remote can be stopped and started on its own:
//   node tooling/serve-static.mjs --root mf-admin/dist --port 3003 --cors
// The shell's (`--spa --pages`) also answers its pages (tooling/services/shell-pages.mjs): rendered
// on the server with `--server-build` (the shell's server build), and /sitemap.xml and /robots.txt.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createAuthEmulatorProxy } from './auth-emulator/proxy.cjs';
import { listenHost, runtimeConfigFromEnv, serverRenderingFromEnv } from './service-config.cjs';
import { createJsonCache } from './services/page-hints.mjs';
import { createRenderCache } from './services/render-cache.mjs';
import { createShellPages } from './services/shell-pages.mjs';
import { createSitemap } from './services/sitemap.mjs';
import { startStaticServer } from './services/static-server.mjs';

const { values } = parseArgs({
  options: {
    root: { type: 'string' },
    port: { type: 'string' },
    spa: { type: 'boolean', default: false },
    cors: { type: 'boolean', default: false },
    // 404 for a path no page of the app renders (the list in @pcpp/contracts' page-paths.json).
    pages: { type: 'boolean', default: false },
    immutable: { type: 'boolean', default: false },
    // The shell's server build (shell/dist-server/server.js): the public pages are rendered on the server.
    'server-build': { type: 'string' },
  },
});
if (!values.root || !values.port) {
  console.error('usage: serve-static.mjs --root <dir> --port <n> [--spa [--pages [--server-build <file>]]] [--cors] [--immutable]');
  process.exit(2);
}
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
const config = () => runtimeConfigFromEnv(process.env);
const log = (/** @type {string} */ line) => console.warn(`[server rendering] ${line}`);
// A TLS proxy in front (a CDN, a load balancer) says so in X-Forwarded-Proto; otherwise anyone could.
const trustProxy = process.env.TRUST_PROXY === 'true';

/** The shell's pages, the sitemap and robots.txt (with --pages): null for another build. */
async function shellPages() {
  if (!values.pages) return null;
  // The built contracts (start.mjs builds them first): the core and what search engines read.
  const contracts = { ...(await import('@pcpp/contracts/core')).default, ...(await import('@pcpp/contracts/seo')).default };
  const settings = serverRenderingFromEnv(process.env);
  let renderer = null;
  if (values['server-build'] && settings.enabled) {
    try {
      const { createServerRenderer } = createRequire(import.meta.url)(path.resolve(values['server-build']));
      renderer = await createServerRenderer({ apiUrl: config().apiUrl, log });
    } catch (error) {
      // The pages still work: the browser renders them, as before server rendering.
      log(`off: ${values['server-build']} would not start: ${error instanceof Error ? error.message : error}`);
    }
  }
  const root = /** @type {string} */ (values.root);
  const startupScripts = async () => {
    try {
      const { scripts } = JSON.parse(await readFile(path.join(root, 'startup-scripts.json'), 'utf8'));
      return scripts.map((/** @type {string} */ file) => `/${file}`);
    } catch {
      return [];
    }
  };
  const pages = createShellPages({
    trustProxy,
    template: () => readFile(path.join(root, 'index.html'), 'utf8'),
    config,
    contracts,
    getJson: createJsonCache(),
    startupScripts,
    renderer,
    budgetMs: settings.budgetMs,
    streamTimeoutMs: settings.streamTimeoutMs,
    cache: createRenderCache({ ttlMs: settings.cacheTtlMs }),
    siteOrigin: settings.siteOrigin,
    imageOrigins: process.env.S3_PUBLIC_URL ? [process.env.S3_PUBLIC_URL] : [],
    log,
  });
  const sitemap = createSitemap({ apiUrl: config().apiUrl, contracts });
  return { contracts, pages, sitemap, siteOrigin: settings.siteOrigin };
}

const shell = await shellPages();
// The shell reaches the auth emulator through its own origin (see auth-emulator/proxy.cjs).
const emulatorProxy =
  values.spa && emulatorHost ? createAuthEmulatorProxy({ emulatorHost, standInSecret: process.env.AUTH_STAND_IN_SECRET }) : undefined;

/** @type {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<boolean>} */
async function handle(req, res) {
  if (shell && (req.method === 'GET' || req.method === 'HEAD')) {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    const origin = shell.siteOrigin ?? `http://${req.headers.host}`;
    const answer = await shell.sitemap.respond(pathname, origin).catch((error) => {
      log(`${pathname}: ${error instanceof Error ? error.message : error}`);
      return { status: 503, type: 'text/plain; charset=utf-8', body: 'The catalog cannot be read right now.' };
    });
    if (answer) {
      res.writeHead(answer.status, { 'Content-Type': answer.type, 'Cache-Control': 'public, max-age=300' });
      res.end(req.method === 'HEAD' ? undefined : answer.body);
      return true;
    }
  }
  return emulatorProxy ? emulatorProxy(req, res) : false;
}

const server = await startStaticServer({
  root: values.root,
  port: Number(values.port),
  host: listenHost(process.env),
  spa: values.spa,
  cors: values.cors,
  immutable: values.immutable,
  // Behind a TLS proxy (a CDN, a load balancer) that sets X-Forwarded-Proto: then HSTS goes out.
  trustProxy,
  runtimeConfig: config,
  // The built contracts (start.mjs builds them first); only the shell needs them.
  isPagePath: shell?.contracts.isPagePath,
  pages: shell?.pages,
  handle: shell || emulatorProxy ? handle : undefined,
});
// The live remotes' server builds load in the background: until then pages render in the browser.
if (shell) {
  void (async () => {
    for (let attempt = 0; attempt < 120; attempt += 1) {
      if (await shell.pages.warm()) return;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  })();
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => void server.close().then(() => process.exit(0)));
}
