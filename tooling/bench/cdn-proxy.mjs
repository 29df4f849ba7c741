// @ts-check
// A shared cache in front of the shell's server, as a CDN would be: it keeps what HTTP caching allows
// a shared cache to keep (http-cache-semantics: s-maxage, Vary, private, no-store, Set-Cookie...) and
// answers from it while fresh, counting the requests that reach the origin.
import http from 'node:http';
import CachePolicy from 'http-cache-semantics';

/**
 * @param {{ origin: string, port: number }} options
 */
export async function startCachingProxy({ origin, port }) {
  /** @type {Map<string, { policy: CachePolicy, status: number, body: Buffer }[]>} */
  const stored = new Map();
  let originRequests = 0;

  /** @param {http.IncomingMessage} req */
  const asPolicyRequest = (req) => ({ url: req.url ?? '/', method: req.method ?? 'GET', headers: req.headers });

  const server = http.createServer((req, res) => {
    const request = asPolicyRequest(req);
    const hit = (stored.get(request.url) ?? []).find((entry) => entry.policy.satisfiesWithoutRevalidation(request));
    if (hit) {
      res.writeHead(hit.status, { ...hit.policy.responseHeaders(), 'x-cache': 'HIT' });
      res.end(hit.body);
      return;
    }
    originRequests += 1;
    const upstream = http.request(`${origin}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      /** @type {Buffer[]} */
      const chunks = [];
      answer.on('data', (chunk) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.concat(chunks);
        const response = { status: answer.statusCode ?? 502, headers: answer.headers };
        const policy = new CachePolicy(request, response, { shared: true });
        if (policy.storable() && policy.timeToLive() > 0) stored.set(request.url, [...(stored.get(request.url) ?? []), { policy, status: response.status, body }]);
        res.writeHead(response.status, { ...answer.headers, 'x-cache': 'MISS' });
        res.end(body);
      });
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    originRequests: () => originRequests,
    /**
     * @param {string} requestPath
     * @param {Record<string, string>} headers
     * @returns {Promise<{ status: number, cache: string, headers: http.IncomingHttpHeaders }>}
     */
    get: (requestPath, headers) =>
      new Promise((resolve, reject) => {
        http.get(`${url}${requestPath}`, { headers }, (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode ?? 0, cache: String(response.headers['x-cache']), headers: response.headers }));
        }).on('error', reject);
      }),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
  };
}
