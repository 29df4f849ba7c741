// Serves one production build (the shell or a remote) the way a CDN would.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

// Hashed chunks never change; everything else (index.html, remoteEntry.js, mf-manifest.json,
// entry scripts) is revalidated so a redeploy shows at once.
const HASHED = /\.[0-9a-f]{8}\.\w+$/;

async function fileAt(root, urlPath) {
  const resolved = path.resolve(root, `.${decodeURIComponent(urlPath)}`);
  if (resolved !== root && !resolved.startsWith(root + path.sep)) return null;
  try {
    const info = await stat(resolved);
    if (info.isDirectory()) return fileAt(root, path.posix.join(urlPath, 'index.html'));
    return { file: resolved, size: info.size };
  } catch {
    return null;
  }
}

/**
 * @param {{ root: string, port: number, spa?: boolean, cors?: boolean, runtimeConfig?: () => object,
 *   handle?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean | Promise<boolean> }} options
 *   handle sees every request first (the auth emulator proxy); true means it answered.
 */
export function startStaticServer({ root, port, spa = false, cors = false, runtimeConfig, handle }) {
  const absoluteRoot = path.resolve(root);
  const server = http.createServer(async (req, res) => {
    if (handle && (await handle(req, res))) return;
    if (cors) res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname === '/config.json' && runtimeConfig) {
      res.writeHead(200, { 'Content-Type': CONTENT_TYPES['.json'], 'Cache-Control': 'no-store' });
      res.end(JSON.stringify(runtimeConfig()));
      return;
    }
    let found = await fileAt(absoluteRoot, pathname);
    // Deep links of the single-page app get index.html; missing assets stay 404.
    if (!found && spa && !path.extname(pathname)) found = await fileAt(absoluteRoot, '/index.html');
    if (!found) {
      res.writeHead(404, { 'Content-Type': CONTENT_TYPES['.txt'] }).end('Not found');
      return;
    }
    const name = path.basename(found.file);
    res.writeHead(200, {
      'Content-Type': CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream',
      'Content-Length': found.size,
      'Cache-Control': HASHED.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(found.file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // All interfaces, both stacks: browsers resolve localhost to ::1 or 127.0.0.1.
    server.listen(port, () => {
      resolve({
        url: `http://localhost:${port}`,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
