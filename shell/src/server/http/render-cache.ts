// The shell's server keeps the HTML of a server-rendered page, so rendering is not what limits how
// many pages it serves. An entry is keyed by the remote versions and the address (the caller's key),
// is held in an LRU bounded in bytes (its three compressed bodies), and is served only while the api
// answers it was rendered from are still current: each answer's entity tag is checked with a
// conditional GET (the api's catalog cache answers 304 without touching the database), at most once
// per `validationMs` for all requests together. Fresh for `ttlMs`; for `staleMs` after that it is
// still served, as stale, while the caller renders it again once.
import { LRUCache } from 'lru-cache';
import type { PreparedDocument } from './document';

/** An api answer a page was rendered from, and its entity tag. */
export interface ApiRead {
  url: string;
  etag: string | null;
}

export interface CachedPage {
  document: PreparedDocument;
  reads: ApiRead[];
  storedAt: number;
}

export interface RenderCacheOptions {
  /** How long an entry is served as it is (0 turns the cache off). */
  ttlMs?: number;
  /** How long past ttlMs it may still be served while one render refreshes it. */
  staleMs?: number;
  /** What the entries' bodies may hold together. */
  maxBytes?: number;
  /** How long one check of an answer's entity tag counts for every request. */
  validationMs?: number;
  now?: () => number;
  isCurrent?: (url: string, etag: string) => Promise<boolean>;
}

export type Lookup = { page: CachedPage; fresh: boolean } | null;

/** Asks the api whether an answer is still the one with this entity tag (304). */
export async function answerIsCurrent(url: string, etag: string, timeoutMs = 500): Promise<boolean> {
  try {
    // fetch() would add `Cache-Control: no-cache` to a conditional request, which asks for a full answer.
    const response = await fetch(url, { headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' }, signal: AbortSignal.timeout(timeoutMs) });
    // The body of a changed answer is not needed: the page is rendered again.
    await response.body?.cancel();
    return response.status === 304;
  } catch {
    return false;
  }
}

export function createRenderCache({
  ttlMs = 5_000,
  staleMs = 60_000,
  maxBytes = 64 * 1024 * 1024,
  validationMs = 250,
  now = Date.now,
  isCurrent = answerIsCurrent,
}: RenderCacheOptions = {}) {
  const entries = new LRUCache<string, CachedPage>({
    maxSize: maxBytes,
    // The bodies, and a little for the reads and the key.
    sizeCalculation: (page) => page.document.size + 256 * (page.reads.length + 1),
  });
  const checks = new LRUCache<string, { checkedAt: number; current: Promise<boolean> }>({ max: 2_000 });
  const stats = { hits: 0, stale: 0, misses: 0, changed: 0 };

  /** One check of an answer shared by every request within validationMs. */
  function checkRead(read: ApiRead): Promise<boolean> {
    if (!read.etag) return Promise.resolve(false);
    const key = `${read.url}\n${read.etag}`;
    const known = checks.get(key);
    if (known && now() - known.checkedAt < validationMs) return known.current;
    const current = isCurrent(read.url, read.etag);
    checks.set(key, { checkedAt: now(), current });
    return current;
  }

  return {
    stats,
    enabled: ttlMs > 0,
    /** Bytes held now. */
    get size() {
      return entries.calculatedSize;
    },
    /**
     * The entry for `key` while every api answer it used is current: fresh within ttlMs, stale for
     * staleMs after. Null when there is none, it is older, or its data changed (then it is dropped).
     */
    async lookup(key: string): Promise<Lookup> {
      const page = entries.get(key);
      const age = page ? now() - page.storedAt : 0;
      if (!page || age > ttlMs + staleMs) {
        if (page) entries.delete(key);
        stats.misses += 1;
        return null;
      }
      const current = await Promise.all(page.reads.map(checkRead));
      if (!current.every(Boolean)) {
        // The data changed: this entry will never be served again.
        if (entries.get(key) === page) entries.delete(key);
        stats.changed += 1;
        return null;
      }
      const fresh = age <= ttlMs;
      stats[fresh ? 'hits' : 'stale'] += 1;
      return { page, fresh };
    },
    /** Keeps a page whose every read carries an entity tag (without one it could not be checked). */
    set(key: string, document: PreparedDocument, reads: ApiRead[]): boolean {
      if (ttlMs <= 0 || reads.some((read) => !read.etag)) return false;
      entries.set(key, { document, reads, storedAt: now() });
      return entries.has(key);
    },
  };
}

export type RenderCache = ReturnType<typeof createRenderCache>;
