import { createHash } from 'node:crypto';
import type { ClientRequest } from 'node:http';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { catalogCacheCounter } from './metrics';

/** Distinct URLs kept (least recently used go first), so random query strings cannot grow memory. */
export const CATALOG_CACHE_MAX_ENTRIES = 500;

/**
 * Browsers always revalidate (max-age=0: an If-None-Match costs a 304), so a shopper sees their
 * own order's stock at once; shared caches (a CDN) keep an answer 5 s. stale-while-revalidate
 * is in CDN-Cache-Control only: in Cache-Control, browsers too would show a stale list after a write.
 */
export const PUBLIC_CATALOG_CACHE_CONTROL = 'public, max-age=0, s-maxage=5';
export const PUBLIC_CATALOG_CDN_CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=30';

/** What every catalog answer with a body says it is. */
export const CATALOG_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Headers that differ from one request for a URL to the next (CORS, shutdown, framing), or that
 * depend on the status (Content-Type): never part of an entry's headers.
 */
const PER_REQUEST_HEADERS = new Set([
  'access-control-allow-origin',
  'vary',
  'connection',
  'keep-alive',
  'date',
  'x-request-id',
  'content-length',
  'content-type',
  'transfer-encoding',
]);

interface Entry {
  body: Buffer;
  etag: string;
  /** The headers the app's middleware and serve() set for this URL, minus per-request ones; once served. */
  headers?: [name: string, value: string | number | string[]][];
  /** The declared route that served it (its template, for the metrics of the fast path). */
  route?: string;
}

/** A fresh entry, with the headers to answer it with (catalog-fast-path.ts). */
export type CatalogCacheHit = Required<Pick<Entry, 'body' | 'etag' | 'headers'>> & Pick<Entry, 'route'>;

export interface CatalogCache {
  /**
   * Answers a public catalog read (the same for every caller) with its JSON and a strong ETag:
   * the cached body while fresh, else `load`'s (one load per URL at a time). A 304 when the
   * request's If-None-Match matches. A `load` that throws (400, 404) is not cached.
   */
  serve(req: Request, res: Response, load: () => Promise<unknown>): Promise<void>;
  /**
   * The fresh entry for a URL (the request's url, as Express's originalUrl) that the app has
   * served at least once (so its headers are known), else undefined.
   */
  hit(url: string): CatalogCacheHit | undefined;
  /** Drops every entry: call after this api changed anything a public catalog read shows. */
  invalidate(): void;
  /** Entries kept now. */
  readonly size: number;
}

export function createCatalogCache(options: { ttlMs: number; maxEntries?: number; now?: () => number }): CatalogCache {
  const { ttlMs, maxEntries = CATALOG_CACHE_MAX_ENTRIES, now = Date.now } = options;
  // Least recently used go first past maxEntries; an entry is fresh for ttlMs; concurrent misses of
  // one URL share one load (fetchMethod). A load that throws (400, 404) is not kept.
  const entries = new LRUCache<string, Entry, () => Promise<unknown>>({
    max: maxEntries,
    ttl: Math.max(ttlMs, 1),
    ttlResolution: 0,
    perf: { now },
    fetchMethod: (_url, _stale, { context: load }) => toEntry(load),
  });

  async function toEntry(load: () => Promise<unknown>): Promise<Entry> {
    const body = Buffer.from(JSON.stringify(await load()));
    return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
  }

  async function entryFor(key: string, load: () => Promise<unknown>): Promise<Entry> {
    if (ttlMs <= 0) return toEntry(load);
    const status: LRUCache.Status<string, Entry, () => Promise<unknown>> = {};
    try {
      const entry = (await entries.fetch(key, { context: load, status }))!;
      catalogCacheCounter.inc({ result: status.fetch === 'hit' ? 'hit' : 'miss' });
      return entry;
    } catch (error) {
      // invalidate() during the load drops it (it may have read the old data): this request still
      // gets an answer, read afresh, and nothing is kept.
      if (status.fetchAborted) return toEntry(load);
      throw error;
    }
  }

  return {
    async serve(req, res, load) {
      const entry = await entryFor(req.originalUrl, load);
      res.setHeader('Cache-Control', PUBLIC_CATALOG_CACHE_CONTROL);
      res.setHeader('CDN-Cache-Control', PUBLIC_CATALOG_CDN_CACHE_CONTROL);
      res.setHeader('ETag', entry.etag);
      entry.headers ??= staticHeaders(res);
      entry.route ??= res.locals.route as string | undefined;
      // Express's check (If-None-Match against the ETag just set; a request's no-cache forces 200).
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      res.setHeader('Content-Type', CATALOG_CONTENT_TYPE);
      res.setHeader('Content-Length', entry.body.length);
      res.end(entry.body);
    },
    hit(url) {
      const entry = entries.get(url);
      return entry?.headers ? (entry as CatalogCacheHit) : undefined;
    },
    invalidate() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

/** The response's headers so far, as set (names keep their case), minus the per-request ones. */
function staticHeaders(res: Response): NonNullable<Entry['headers']> {
  // Node has it on every outgoing message; @types/node declares it on ClientRequest only.
  return (res as unknown as Pick<ClientRequest, 'getRawHeaderNames'>)
    .getRawHeaderNames()
    .filter((name) => !PER_REQUEST_HEADERS.has(name.toLowerCase()))
    .map((name) => [name, res.getHeader(name)!]);
}
