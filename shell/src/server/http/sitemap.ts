// /sitemap.xml and /robots.txt of the shop, served by the shell's server. The sitemap lists the public
// pages and every part's own page, read from the api's catalog (`GET /tools`, its largest pages);
// past sitemaps.org's 50,000 URLs per file, /sitemap.xml is an index of /sitemap/<n>.xml files.
import { LRUCache } from 'lru-cache';
import { CATALOG_MAX_LIMIT, partPagePath } from '@pcpp/contracts/core';
import { SITEMAP_MAX_URLS, SITEMAP_PAGE_PATHS, absoluteUrl, robotsTxt, sitemapIndex, sitemapUrlSet } from '@pcpp/contracts/seo';

export interface TextAnswer {
  status: number;
  type: string;
  body: string;
}

interface ListedPart {
  id: string;
  lastmod?: string;
}

const XML = 'application/xml; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';
const PARTS = 'parts';

export interface SitemapOptions {
  apiUrl: string;
  /** URLs per sitemap file (sitemaps.org's limit unless a test says fewer). */
  maxUrls?: number;
  /** How long the list of parts is reused. */
  cacheMs?: number;
  concurrency?: number;
  timeoutMs?: number;
  now?: () => number;
}

export function createSitemap({ apiUrl, maxUrls = SITEMAP_MAX_URLS, cacheMs = 60_000, concurrency = 8, timeoutMs = 5_000, now = Date.now }: SitemapOptions) {
  const pageSize = CATALOG_MAX_LIMIT;
  // One entry, the list of parts, kept cacheMs; a read under way is shared (lru-cache's fetch).
  const cached = new LRUCache<string, ListedPart[]>({
    max: 1,
    ttl: cacheMs,
    ttlResolution: 0,
    perf: { now },
    fetchMethod: () => readParts(),
  });

  async function catalogPage(page: number) {
    const response = await fetch(`${apiUrl}/tools?sort=newest&page=${page}&limit=${pageSize}`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`GET /tools page ${page} answered ${response.status}`);
    return (await response.json()) as { items: { _id: string; createdAt?: string }[]; pages: number };
  }

  async function readParts(): Promise<ListedPart[]> {
    const first = await catalogPage(1);
    const pages = [first];
    // The rest of the pages, a few at a time.
    let next = 2;
    const worker = async () => {
      while (next <= first.pages) {
        const page = next;
        next += 1;
        pages[page - 1] = await catalogPage(page);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const seen = new Set<string>();
    return pages
      .flatMap((page) => page.items)
      .filter((part) => !seen.has(part._id) && seen.add(part._id))
      .map((part) => ({ id: part._id, ...(part.createdAt ? { lastmod: part.createdAt.slice(0, 10) } : {}) }));
  }

  async function allUrls(origin: string) {
    // A failed read is not kept: the next request reads again.
    const parts = (await cached.fetch(PARTS)) ?? [];
    const pages = SITEMAP_PAGE_PATHS.map((path) => ({ loc: absoluteUrl(origin, path) }));
    const partUrls = parts.map(({ id, lastmod }) => ({ loc: absoluteUrl(origin, partPagePath(id)), ...(lastmod ? { lastmod } : {}) }));
    return [...pages, ...partUrls];
  }

  return {
    /** The answer for /sitemap.xml, /sitemap/<n>.xml or /robots.txt; null for any other path. */
    async respond(pathname: string, origin: string): Promise<TextAnswer | null> {
      if (pathname === '/robots.txt') return { status: 200, type: TEXT, body: robotsTxt(origin) };
      const file = pathname === '/sitemap.xml' ? 0 : Number(/^\/sitemap\/([1-9]\d{0,5})\.xml$/.exec(pathname)?.[1] ?? NaN);
      if (Number.isNaN(file)) return null;
      const urls = await allUrls(origin);
      const files = Math.ceil(urls.length / maxUrls);
      if (file === 0) {
        if (files <= 1) return { status: 200, type: XML, body: sitemapUrlSet(urls) };
        const locs = Array.from({ length: files }, (_, index) => absoluteUrl(origin, `/sitemap/${index + 1}.xml`));
        return { status: 200, type: XML, body: sitemapIndex(locs) };
      }
      if (files <= 1 || file > files) return { status: 404, type: TEXT, body: 'Not found' };
      return { status: 200, type: XML, body: sitemapUrlSet(urls.slice((file - 1) * maxUrls, file * maxUrls)) };
    },
  };
}

export type Sitemap = ReturnType<typeof createSitemap>;
