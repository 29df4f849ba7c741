// Serves one production build (the shell or a remote) the way a CDN would. sirv sends the files
// (their .br/.gz siblings from the build, ETag and 304); this layer adds /config.json, the SPA
// fallback, CORS and the cache rules, and keeps one bad request from stopping the process.
// `npm start` serves the remotes and the release store with it too (tooling/serve-static.mjs).
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import sirv from 'sirv';
import { runtimeConfigFromEnv } from '@pcpp/contracts/service-config';
import { compressedFor } from './compression';
import { securityHeaders, type PolicyConfig } from './security-headers';

// Hashed chunks never change; everything else (index.html, remoteEntry.js, mf-manifest.json,
// entry scripts, /config.json) is revalidated so a redeploy shows at once.
const HASHED = /\.[0-9a-f]{8}\.\w+$/;
const CACHE_FOREVER = 'public, max-age=31536000, immutable';
// Far longer than any route or file name here; Node itself answers 431 past 16 KB of headers.
const MAX_PATH_LENGTH = 2048;
// Connections waiting to be accepted: a crowd arriving at once is queued, not refused (the kernel
// caps it at net.core.somaxconn).
const LISTEN_BACKLOG = 4096;
// sirv's own rule: a last segment with an extension names a file, never a page of the app.
const FILE_PATH = /\/[^/]+\.\w+$/;

export interface PageRequest {
  pathname: string;
  /** '' or '?…' */
  search: string;
  /** No page renders this path (404). */
  unknownPage: boolean;
}

export interface Pages {
  respond(req: http.IncomingMessage, res: http.ServerResponse, page: PageRequest): Promise<void>;
}

export interface StaticServerOptions {
  root: string;
  port: number;
  /** The address to listen on, loopback unless told otherwise. */
  host?: string;
  /** Deep links get index.html (the shell). */
  spa?: boolean;
  cors?: boolean;
  /** Every file is cached forever (the release store, whose versions never change). */
  immutable?: boolean;
  runtimeConfig?: () => PolicyConfig;
  /** With spa: a deep link it rejects still gets index.html (the not-found page), with status 404. */
  isPagePath?: (pathname: string) => boolean;
  /** With spa: answers the pages (shell-pages.ts: index.html with its hints, or rendered on the server). */
  pages?: Pages;
  /** A TLS proxy in front sets X-Forwarded-Proto (TRUST_PROXY); otherwise the header is ignored for HSTS. */
  trustProxy?: boolean;
  /** More places images come from (the S3 bucket's public URL), for the policy. */
  imageOrigins?: string[];
  /** Sees every request first (the auth emulator proxy under `npm start`); true means it answered. */
  handle?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean | Promise<boolean>;
  /** Told of every request as it arrives, with its path (the shell's metrics). */
  observe?: (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => void;
  /** A request that failed with a 500 (default: the error's stack on stderr). */
  onError?: (req: http.IncomingMessage, error: unknown) => void;
}

export interface RunningServer {
  /** With the port it got, so a caller may pass 0. */
  url: string;
  server: http.Server;
  close(): Promise<void>;
}

/** False for paths no file or route can have: malformed or overlong UTF-8, NUL, `..` segments. */
function isSafePath(pathname: string): boolean {
  if (!pathname.startsWith('/') || pathname.length > MAX_PATH_LENGTH) return false;
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  return !decoded.includes('\0') && !decoded.split(/[/\\]/).includes('..');
}

function notFound(_req: http.IncomingMessage, res: http.ServerResponse) {
  // A chunk asked for before its deploy finished must not stay cached as missing.
  res.removeHeader('Cache-Control');
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
}

/**
 * Whether this answer really travels over TLS, for HSTS: anyone can send X-Forwarded-Proto, so it
 * counts only behind a proxy the deployment says it has (TRUST_PROXY).
 */
export const reachedOverTls = (req: http.IncomingMessage, trustProxy: boolean): boolean =>
  Boolean((req.socket as TLSSocket).encrypted) || (trustProxy && req.headers['x-forwarded-proto'] === 'https');

export function startStaticServer({
  root,
  port,
  host = '127.0.0.1',
  spa = false,
  cors = false,
  immutable = false,
  runtimeConfig,
  isPagePath,
  pages,
  handle,
  trustProxy = false,
  imageOrigins = [],
  observe,
  onError = (req, error) => console.error(`${req.method} ${req.url}: ${error instanceof Error ? error.stack : String(error)}`),
}: StaticServerOptions): Promise<RunningServer> {
  const serveFile = sirv(path.resolve(root), {
    // Looks each file up when asked, so a rebuild under `npm start` is served without a restart.
    dev: true,
    etag: true,
    gzip: true,
    brotli: true,
    // Deep links of the single-page app get index.html; paths that name a file stay 404.
    single: spa,
    onNoMatch: notFound,
  });

  /** The headers for one runtime config, over TLS or not: built once, not per request. */
  const headerSets = new WeakMap<PolicyConfig, [Record<string, string>, Record<string, string>]>();
  const environmentConfig = runtimeConfig ? null : runtimeConfigFromEnv(process.env);
  function headersFor(config: PolicyConfig, https: boolean): Record<string, string> {
    let sets = headerSets.get(config);
    if (!sets) {
      sets = [securityHeaders(config, { https: false, imageOrigins }), securityHeaders(config, { https: true, imageOrigins })];
      headerSets.set(config, sets);
    }
    return sets[https ? 1 : 0];
  }

  async function respond(req: http.IncomingMessage, res: http.ServerResponse) {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    observe?.(req, res, pathname);
    // Every answer carries them, refusals and `handle`'s answers (/sitemap.xml, /robots.txt) included;
    // an answer with a policy of its own (the auth emulator proxy's pages) sets it in writeHead, which wins.
    // The Content-Security-Policy names the origins of the runtime config (the environment's, on a remote).
    const config = runtimeConfig ? runtimeConfig() : environmentConfig!;
    for (const [name, value] of Object.entries(headersFor(config, reachedOverTls(req, trustProxy)))) {
      res.setHeader(name, value);
    }
    if (!isSafePath(pathname)) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request');
      return;
    }
    if (handle && (await handle(req, res))) return;
    if (cors) res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    // /config.json changes with every deploy and rollback: never cached as immutable, not even by the release store.
    res.setHeader('Cache-Control', pathname !== '/config.json' && (immutable || HASHED.test(pathname)) ? CACHE_FOREVER : 'no-cache');
    if (pathname === '/config.json' && runtimeConfig) {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(runtimeConfig()));
      return;
    }
    // Source maps stay with the build (hidden-source-map): they hold the sources.
    if (pathname.endsWith('.map')) {
      notFound(req, res);
      return;
    }
    const unknownPage = Boolean(spa && isPagePath && !FILE_PATH.test(pathname) && !isPagePath(pathname));
    if (spa && pages && (!FILE_PATH.test(pathname) || pathname === '/index.html')) {
      await pages.respond(req, res, { pathname, search: (req.url ?? '').slice(pathname.length), unknownPage });
      return;
    }
    if (unknownPage) {
      const page = await readFile(path.resolve(root, 'index.html'), 'utf8');
      const { body, encoding } = compressedFor(req, page);
      res.writeHead(404, {
        'Content-Type': 'text/html; charset=utf-8',
        Vary: 'Accept-Encoding',
        ...(encoding ? { 'Content-Encoding': encoding } : {}),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    // sirv reads Range loosely (bytes=-5 sends the first 6 bytes, bytes=5-2 throws); whole files it is.
    delete req.headers.range;
    serveFile(req, res);
  }

  const server = http.createServer((req, res) => {
    // A file deleted between lookup and read (a rebuild) ends this response, not the process.
    res.on('pipe', (source) => source.on('error', () => res.destroy()));
    respond(req, res).catch((error: unknown) => {
      onError(req, error);
      if (res.headersSent) res.destroy();
      else res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Server error');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // Loopback by default: nothing on the network reaches a development server unless HOST says so.
    server.listen({ port, host, backlog: LISTEN_BACKLOG }, () => {
      resolve({
        url: `http://localhost:${(server.address() as AddressInfo).port}`,
        server,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
