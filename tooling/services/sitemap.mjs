// @ts-check
// /sitemap.xml and /robots.txt of the shop, served by the shell's server. The sitemap lists the public
// pages and every part's own page, read from the api's catalog (`GET /tools`, its largest pages);
// past sitemaps.org's 50,000 URLs per file, /sitemap.xml is an index of /sitemap/<n>.xml files.

/**
 * @typedef {{ loc: string, lastmod?: string }} SitemapUrl
 * @typedef {{ status: number, type: string, body: string }} TextAnswer
 * @typedef {{ CATALOG_MAX_LIMIT: number, SITEMAP_MAX_URLS: number, SITEMAP_PAGE_PATHS: readonly string[],
 *   absoluteUrl: (origin: string, path: string) => string, partPagePath: (id: string) => string,
 *   sitemapUrlSet: (urls: readonly SitemapUrl[]) => string, sitemapIndex: (locs: readonly string[]) => string,
 *   robotsTxt: (origin: string) => string }} SeoContracts
 */

const XML = 'application/xml; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';

/**
 * @param {{ apiUrl: string, contracts: SeoContracts, maxUrls?: number, cacheMs?: number, concurrency?: number, timeoutMs?: number, now?: () => number }} options
 *   maxUrls: URLs per sitemap file (sitemaps.org's limit unless a test says fewer);
 *   cacheMs: how long the list of parts is reused.
 */
export function createSitemap({ apiUrl, contracts, maxUrls = contracts.SITEMAP_MAX_URLS, cacheMs = 60_000, concurrency = 8, timeoutMs = 5_000, now = Date.now }) {
  const pageSize = contracts.CATALOG_MAX_LIMIT;
  /** @type {{ at: number, parts: Promise<{ id: string, lastmod?: string }[]> } | null} */
  let cached = null;

  /** @param {number} page */
  async function catalogPage(page) {
    const response = await fetch(`${apiUrl}/tools?sort=newest&page=${page}&limit=${pageSize}`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`GET /tools page ${page} answered ${response.status}`);
    return /** @type {{ items: { _id: string, createdAt?: string }[], pages: number }} */ (await response.json());
  }

  async function readParts() {
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
    const seen = new Set();
    return pages
      .flatMap((page) => page.items)
      .filter((part) => !seen.has(part._id) && seen.add(part._id))
      .map((part) => ({ id: part._id, ...(part.createdAt ? { lastmod: part.createdAt.slice(0, 10) } : {}) }));
  }

  function parts() {
    if (!cached || now() - cached.at > cacheMs) {
      const reading = readParts();
      cached = { at: now(), parts: reading };
      // A failed read is not kept.
      reading.catch(() => {
        if (cached?.parts === reading) cached = null;
      });
    }
    return cached.parts;
  }

  /** @param {string} origin */
  async function allUrls(origin) {
    const pages = contracts.SITEMAP_PAGE_PATHS.map((path) => ({ loc: contracts.absoluteUrl(origin, path) }));
    const partUrls = (await parts()).map(({ id, lastmod }) => ({ loc: contracts.absoluteUrl(origin, contracts.partPagePath(id)), ...(lastmod ? { lastmod } : {}) }));
    return [...pages, ...partUrls];
  }

  return {
    /**
     * The answer for /sitemap.xml, /sitemap/<n>.xml or /robots.txt; null for any other path.
     * @param {string} pathname
     * @param {string} origin the shop's own origin
     * @returns {Promise<TextAnswer | null>}
     */
    async respond(pathname, origin) {
      if (pathname === '/robots.txt') return { status: 200, type: TEXT, body: contracts.robotsTxt(origin) };
      const file = pathname === '/sitemap.xml' ? 0 : Number(/^\/sitemap\/([1-9]\d{0,5})\.xml$/.exec(pathname)?.[1] ?? NaN);
      if (Number.isNaN(file)) return null;
      const urls = await allUrls(origin);
      const files = Math.ceil(urls.length / maxUrls);
      if (file === 0) {
        if (files <= 1) return { status: 200, type: XML, body: contracts.sitemapUrlSet(urls) };
        const locs = Array.from({ length: files }, (_, index) => contracts.absoluteUrl(origin, `/sitemap/${index + 1}.xml`));
        return { status: 200, type: XML, body: contracts.sitemapIndex(locs) };
      }
      if (files <= 1 || file > files) return { status: 404, type: TEXT, body: 'Not found' };
      return { status: 200, type: XML, body: contracts.sitemapUrlSet(urls.slice((file - 1) * maxUrls, file * maxUrls)) };
    },
  };
}
