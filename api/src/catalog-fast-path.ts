import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { corsHeaders } from './app';
import { setTransportSecurity } from './http/transport-security';
import { CATALOG_CONTENT_TYPE, type CatalogCache } from './catalog-cache';
import { UNMATCHED_ROUTE, type ServerMetrics } from '@pcpp/contracts/server-observability';
import { catalogCacheCounter } from './metrics';

/** Answers the fast path gave since the last `takeCounts()`. */
export interface FastPathCounts {
  ok: number;
  notModified: number;
}

export interface CatalogFastPath {
  /** The http server's request listener. */
  listener: RequestListener;
  /** The counts so far, which start again from zero (server.ts logs them once a minute). */
  takeCounts(): FastPathCounts;
}

/**
 * A fresh cached catalog answer costs a map lookup and a write; Express's chain (router, helmet,
 * pino-http, body parser) costs several times that. This listener answers a GET or HEAD without a
 * body whose URL has a fresh entry that the app already served (with the headers the app sent then,
 * and CORS decided by the same middleware); everything else goes to `app` unchanged.
 */
export function createCatalogFastPath(
  cache: CatalogCache,
  options: { corsOrigins: string[]; app: RequestListener; trustProxy?: boolean; metrics?: Pick<ServerMetrics, 'track'> },
): CatalogFastPath {
  const { app } = options;
  const cors = corsHeaders(options.corsOrigins);
  let counts: FastPathCounts = { ok: 0, notModified: 0 };

  function answer(req: IncomingMessage, res: ServerResponse): boolean {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || hasBody(req)) return false;
    // Express answers these from Last-Modified, which catalog answers have none of: leave it to Express.
    if (req.headers['if-modified-since'] !== undefined) return false;
    const hit = cache.hit(req.url ?? '');
    if (!hit) return false;
    catalogCacheCounter.inc({ result: 'fast_path' });
    options.metrics?.track(req, res, () => hit.route ?? UNMATCHED_ROUTE);
    cors(req, res, () => {
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      // Whether this request, not the one first answered, came over TLS.
      setTransportSecurity(req, res, options.trustProxy ?? false);
      if (notModified(req, hit.etag)) {
        counts.notModified += 1;
        res.statusCode = 304;
        res.end();
        return;
      }
      counts.ok += 1;
      res.setHeader('Content-Type', CATALOG_CONTENT_TYPE);
      res.setHeader('Content-Length', hit.body.length);
      res.end(hit.body);
    });
    return true;
  }

  return {
    listener: (req, res) => {
      if (!answer(req, res)) app(req, res);
    },
    takeCounts() {
      const taken = counts;
      counts = { ok: 0, notModified: 0 };
      return taken;
    },
  };
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

const NO_CACHE = /(?:^|,)\s*?no-cache\s*?(?:,|$)/;

/** Express's req.fresh for an answer with this ETag and no Last-Modified (the `fresh` package's rules). */
function notModified(req: IncomingMessage, etag: string): boolean {
  const noneMatch = req.headers['if-none-match'];
  if (!noneMatch) return false;
  const cacheControl = req.headers['cache-control'];
  if (cacheControl && NO_CACHE.test(cacheControl)) return false;
  if (noneMatch === '*') return true;
  return noneMatch
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === etag || tag === `W/${etag}` || `W/${tag}` === etag);
}
