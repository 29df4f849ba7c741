// @ts-check
// The shell's server keeps the HTML of a server-rendered page for a few seconds, so rendering is
// not what limits how many pages it serves. An entry is keyed by the remote versions and the
// address (the caller's key), and is only served while the api answers it was rendered from are
// still current: each answer's entity tag is checked with a conditional GET (the api's catalog
// cache answers 304 without touching the database), at most once per `validationMs` for all
// requests together.

/**
 * @typedef {{ url: string, etag: string | null }} ApiRead
 * @typedef {{ status: number, html: string, reads: ApiRead[] }} RenderedHtml
 * @typedef {RenderedHtml & { storedAt: number, bodies: Map<string, Buffer> }} CacheEntry
 */

/**
 * Asks the api whether an answer is still the one with this entity tag (304).
 * @param {string} url
 * @param {string} etag
 * @param {number} timeoutMs
 * @returns {Promise<boolean>}
 */
export async function answerIsCurrent(url, etag, timeoutMs = 500) {
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

/**
 * @param {{ ttlMs?: number, validationMs?: number, maxEntries?: number, now?: () => number,
 *   isCurrent?: (url: string, etag: string) => Promise<boolean> }} [options]
 *   ttlMs: how long an entry may be served at most (0 turns the cache off);
 *   validationMs: how long one check of an answer's entity tag counts for every request.
 */
export function createRenderCache({ ttlMs = 5_000, validationMs = 250, maxEntries = 200, now = Date.now, isCurrent = answerIsCurrent } = {}) {
  /** @type {Map<string, CacheEntry>} */
  const entries = new Map();
  /** @type {Map<string, { checkedAt: number, current: Promise<boolean> }>} */
  const checks = new Map();
  const stats = { hits: 0, misses: 0, stale: 0 };

  /** One check of an answer shared by every request within validationMs. */
  function checkRead(/** @type {ApiRead} */ read) {
    if (!read.etag) return Promise.resolve(false);
    const key = `${read.url}\n${read.etag}`;
    const known = checks.get(key);
    if (known && now() - known.checkedAt < validationMs) return known.current;
    const current = isCurrent(read.url, read.etag);
    checks.set(key, { checkedAt: now(), current });
    if (checks.size > maxEntries * 4) checks.delete(/** @type {string} */ (checks.keys().next().value));
    return current;
  }

  return {
    stats,
    enabled: ttlMs > 0,
    /**
     * The entry for `key` when it is young enough and every api answer it used is still current.
     * @param {string} key
     * @returns {Promise<CacheEntry | null>}
     */
    async get(key) {
      const entry = entries.get(key);
      if (!entry || now() - entry.storedAt > ttlMs) {
        if (entry) entries.delete(key);
        stats.misses += 1;
        return null;
      }
      const current = await Promise.all(entry.reads.map(checkRead));
      if (current.every(Boolean)) {
        stats.hits += 1;
        return entry;
      }
      // The data changed: this entry will never be served again.
      if (entries.get(key) === entry) entries.delete(key);
      stats.stale += 1;
      return null;
    },
    /**
     * Keeps a page whose every read carries an entity tag (without one it could not be checked).
     * @param {string} key
     * @param {RenderedHtml} page
     * @returns {boolean} whether it was kept
     */
    set(key, page) {
      if (ttlMs <= 0 || page.reads.some((read) => !read.etag)) return false;
      entries.delete(key);
      entries.set(key, { ...page, storedAt: now(), bodies: new Map() });
      while (entries.size > maxEntries) entries.delete(/** @type {string} */ (entries.keys().next().value));
      return true;
    },
  };
}

/** @typedef {ReturnType<typeof createRenderCache>} RenderCache */
