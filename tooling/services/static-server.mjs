// Serves one production build (the shell or a remote) the way a CDN would. sirv sends the files
// (their .br/.gz siblings from the build, ETag and 304); this layer adds /config.json, the SPA
// fallback, CORS and the cache rules, and keeps one bad request from stopping the process.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import sirv from 'sirv';
import { runtimeConfigFromEnv } from '../service-config.cjs';
import { withHints } from './page-hints.mjs';
import { securityHeaders } from './security-headers.mjs';

// Hashed chunks never change; everything else (index.html, remoteEntry.js, mf-manifest.json,
// entry scripts, /config.json) is revalidated so a redeploy shows at once.
const HASHED = /\.[0-9a-f]{8}\.\w+$/;
const CACHE_FOREVER = 'public, max-age=31536000, immutable';
// Far longer than any route or file name here; Node itself answers 431 past 16 KB of headers.
const MAX_PATH_LENGTH = 2048;

/**
 * False for paths no file or route can have: malformed or overlong UTF-8, NUL, `..` segments.
 * @param {string} pathname
 */
function isSafePath(pathname) {
  if (!pathname.startsWith('/') || pathname.length > MAX_PATH_LENGTH) return false;
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  return !decoded.includes('\0') && !decoded.split(/[/\\]/).includes('..');
}

/**
 * A page written per request (a few KB): compressed as the client accepts, quickly.
 * @param {http.IncomingMessage} req
 * @param {string} text
 */
function compressFor(req, text) {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    return { encoding: 'br', body: zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) };
  }
  if (/\bgzip\b/.test(accepted)) return { encoding: 'gzip', body: zlib.gzipSync(text) };
  return { encoding: null, body: Buffer.from(text) };
}

/**
 * @param {http.IncomingMessage} _req
 * @param {http.ServerResponse} res
 */
function notFound(_req, res) {
  // A chunk asked for before its deploy finished must not stay cached as missing.
  res.removeHeader('Cache-Control');
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
}

// sirv's own rule: a last segment with an extension names a file, never a page of the app.
const FILE_PATH = /\/[^/]+\.\w+$/;

/** Served over TLS, here or at a proxy in front (which says so in X-Forwarded-Proto). */
const isHttps = (/** @type {http.IncomingMessage} */ req) => Boolean(/** @type {import('node:tls').TLSSocket} */ (req.socket).encrypted) || req.headers['x-forwarded-proto'] === 'https';
/**
 * Whether this answer really travels over TLS, for HSTS: anyone can send X-Forwarded-Proto, so it
 * counts only behind a proxy the deployment says it has (TRUST_PROXY).
 * @param {http.IncomingMessage} req
 * @param {boolean} trustProxy
 */
const reachedOverTls = (req, trustProxy) =>
  Boolean(/** @type {import('node:tls').TLSSocket} */ (req.socket).encrypted) || (trustProxy && req.headers['x-forwarded-proto'] === 'https');

/**
 * @param {{ root: string, port: number, host?: string, spa?: boolean, cors?: boolean, immutable?: boolean,
 *   runtimeConfig?: () => object, isPagePath?: (pathname: string) => boolean,
 *   pageHints?: (pathname: string, requestOrigin: string, search: string) => Promise<string>, trustProxy?: boolean,
 *   handle?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean | Promise<boolean> }} options
 *   handle sees every request first (the auth emulator proxy); true means it answered.
 *   host: the address to listen on, loopback unless told otherwise.
 *   immutable: every file is cached forever (the release store, whose versions never change).
 *   isPagePath (with spa): a deep link it rejects still gets index.html, which renders the
 *   not-found page, but with status 404.
 *   pageHints (with spa): the tags written into index.html's <head> for a path (page-hints.mjs).
 *   trustProxy: a TLS proxy in front sets X-Forwarded-Proto (TRUST_PROXY); otherwise the header is ignored for HSTS.
 */
export function startStaticServer({ root, port, host = '127.0.0.1', spa = false, cors = false, immutable = false, runtimeConfig, isPagePath, pageHints, handle, trustProxy = false }) {
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

  /**
   * @param {http.IncomingMessage} req
   * @param {http.ServerResponse} res
   */
  async function respond(req, res) {
    const pathname = (req.url ?? '/').split('?')[0];
    if (!isSafePath(pathname)) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request');
      return;
    }
    if (handle && (await handle(req, res))) return;
    // The Content-Security-Policy names the origins of the runtime config (the environment's, on a remote).
    const config = runtimeConfig ? runtimeConfig() : runtimeConfigFromEnv(process.env);
    const imageOrigins = process.env.S3_PUBLIC_URL ? [process.env.S3_PUBLIC_URL] : [];
    for (const [name, value] of Object.entries(securityHeaders(config, { https: reachedOverTls(req, trustProxy), imageOrigins }))) {
      res.setHeader(name, value);
    }
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
    const unknownPage = spa && isPagePath && !FILE_PATH.test(pathname) && !isPagePath(pathname);
    if (unknownPage || (spa && pageHints && (!FILE_PATH.test(pathname) || pathname === '/index.html'))) {
      let page = await readFile(path.resolve(root, 'index.html'), 'utf8');
      if (pageHints) {
        const search = (req.url ?? '').slice(pathname.length);
        page = withHints(page, await pageHints(pathname, `${isHttps(req) ? 'https' : 'http'}://${req.headers.host}`, search));
      }
      const { body, encoding } = compressFor(req, page);
      res.writeHead(unknownPage ? 404 : 200, {
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
    respond(req, res).catch((error) => {
      console.error(`${req.method} ${req.url}: ${error?.stack ?? error}`);
      if (res.headersSent) res.destroy();
      else res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Server error');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // Loopback by default: nothing on the network reaches a development server unless HOST says so.
    server.listen(port, host, () => {
      resolve({
        // The port it got, so a caller may pass 0.
        url: `http://localhost:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`,
        close: () =>
          /** @type {Promise<void>} */ (new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          })),
      });
    });
  });
}
