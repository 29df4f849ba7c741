import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

/** How long a cached catalog answer is served; another api instance's write shows within it. */
export const DEFAULT_CATALOG_CACHE_TTL_MS = 3_000;
/** Distinct URLs kept (least recently used go first), so random query strings cannot grow memory. */
export const CATALOG_CACHE_MAX_ENTRIES = 500;

/**
 * Browsers always revalidate (max-age=0: an If-None-Match costs a 304), so a shopper sees their
 * own order's stock at once; shared caches (a CDN) keep an answer 5 s. stale-while-revalidate
 * is in CDN-Cache-Control only: in Cache-Control, browsers too would show a stale list after a write.
 */
export const PUBLIC_CATALOG_CACHE_CONTROL = 'public, max-age=0, s-maxage=5';
export const PUBLIC_CATALOG_CDN_CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=30';

interface Entry {
  body: Buffer;
  etag: string;
  storedAt: number;
}

export interface CatalogCache {
  /**
   * Answers a public catalog read (the same for every caller) with its JSON and a strong ETag:
   * the cached body while fresh, else `load`'s (one load per URL at a time). A 304 when the
   * request's If-None-Match matches. A `load` that throws (400, 404) is not cached.
   */
  serve(req: Request, res: Response, load: () => Promise<unknown>): Promise<void>;
  /** Drops every entry: call after this api changed anything a public catalog read shows. */
  invalidate(): void;
  /** Entries kept now. */
  readonly size: number;
}

export function createCatalogCache(options: { ttlMs: number; maxEntries?: number; now?: () => number }): CatalogCache {
  const { ttlMs, maxEntries = CATALOG_CACHE_MAX_ENTRIES, now = Date.now } = options;
  // Insertion order is recency order: a hit moves its entry to the end.
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<Entry>>();
  // A load that started before an invalidation may have read the old data: it is not kept.
  let generation = 0;

  function fresh(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    entries.delete(key);
    if (now() - entry.storedAt >= ttlMs) return undefined;
    entries.set(key, entry);
    return entry;
  }

  async function loadEntry(key: string, load: () => Promise<unknown>): Promise<Entry> {
    const startedIn = generation;
    const storedAt = now();
    const body = Buffer.from(JSON.stringify(await load()));
    const entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, storedAt };
    if (ttlMs > 0 && startedIn === generation) {
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    }
    return entry;
  }

  function shared(key: string, load: () => Promise<unknown>): Promise<Entry> {
    let pending = loading.get(key);
    if (!pending) {
      pending = loadEntry(key, load).finally(() => {
        if (loading.get(key) === pending) loading.delete(key);
      });
      loading.set(key, pending);
    }
    return pending;
  }

  return {
    async serve(req, res, load) {
      const key = req.originalUrl;
      const entry = fresh(key) ?? (await shared(key, load));
      res.setHeader('Cache-Control', PUBLIC_CATALOG_CACHE_CONTROL);
      res.setHeader('CDN-Cache-Control', PUBLIC_CATALOG_CDN_CACHE_CONTROL);
      res.setHeader('ETag', entry.etag);
      // Express's check (If-None-Match against the ETag just set; a request's no-cache forces 200).
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Content-Length', entry.body.length);
      res.end(entry.body);
    },
    invalidate() {
      generation += 1;
      entries.clear();
      loading.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
