// Serves one production build (the shell or a remote) the way a CDN would. sirv sends the files
// (their .br/.gz siblings from the build, ETag and 304); this layer adds /config.json, the SPA
// fallback, CORS and the cache rules, and keeps one bad request from stopping the process.
import http from 'node:http';
import path from 'node:path';
import sirv from 'sirv';

// Hashed chunks never change; everything else (index.html, remoteEntry.js, mf-manifest.json,
// entry scripts, /config.json) is revalidated so a redeploy shows at once.
const HASHED = /\.[0-9a-f]{8}\.\w+$/;
const CACHE_FOREVER = 'public, max-age=31536000, immutable';
// Far longer than any route or file name here; Node itself answers 431 past 16 KB of headers.
const MAX_PATH_LENGTH = 2048;

/** False for paths no file or route can have: malformed or overlong UTF-8, NUL, `..` segments. */
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

function notFound(_req, res) {
  // A chunk asked for before its deploy finished must not stay cached as missing.
  res.removeHeader('Cache-Control');
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
}

/**
 * @param {{ root: string, port: number, spa?: boolean, cors?: boolean, immutable?: boolean, runtimeConfig?: () => object,
 *   handle?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean | Promise<boolean> }} options
 *   handle sees every request first (the auth emulator proxy); true means it answered.
 *   immutable: every file is cached forever (the release store, whose versions never change).
 */
export function startStaticServer({ root, port, spa = false, cors = false, immutable = false, runtimeConfig, handle }) {
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

  async function respond(req, res) {
    const pathname = (req.url ?? '/').split('?')[0];
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
    res.setHeader('Cache-Control', immutable || HASHED.test(pathname) ? CACHE_FOREVER : 'no-cache');
    if (pathname === '/config.json' && runtimeConfig) {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(runtimeConfig()));
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
    // All interfaces, both stacks: browsers resolve localhost to ::1 or 127.0.0.1.
    server.listen(port, () => {
      resolve({
        // The port it got, so a caller may pass 0.
        url: `http://localhost:${server.address().port}`,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
