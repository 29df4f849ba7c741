/** @jest-environment node */
import type { AddressInfo } from 'node:net';
// The sitemap against a real HTTP server answering GET /tools as the api does (paged, at most 50 a
// page), with more parts than one sitemap file may list.
import http from 'node:http';
import * as core from '@pcpp/contracts/core';
import * as seo from '@pcpp/contracts/seo';
import { createSitemap } from './sitemap';

const contracts = { ...core, ...seo };

let parts: { _id: string; createdAt?: string }[] = [];
let requests = 0;
/** The next GET /tools fails with a 503 (a database blip). */
let failNext = false;
let api: http.Server;
let apiUrl: string;
const origin = 'https://shop.example';
/** The public pages every sitemap lists before the parts. */
const PAGES = contracts.SITEMAP_PAGE_PATHS.length;

const id = (n: number) => n.toString(16).padStart(24, '0');

beforeAll(async () => {
  api = http.createServer((req, res) => {
    requests += 1;
    if (failNext) {
      failNext = false;
      res.writeHead(503, { 'Content-Type': 'application/json' }).end('{"message":"The database is unavailable"}');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://api');
    const limit = Number(url.searchParams.get('limit'));
    const page = Number(url.searchParams.get('page'));
    if (url.pathname !== '/tools' || limit > contracts.CATALOG_MAX_LIMIT) {
      res.writeHead(400, { 'Content-Type': 'application/json' }).end('{"message":"limit must be a whole number from 1 to 50"}');
      return;
    }
    const items = parts.slice((page - 1) * limit, page * limit);
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ items, total: parts.length, page, pages: Math.ceil(parts.length / limit) }));
  });
  // fetch keeps its connections open between tests: a server closing an idle one (5 s by default)
  // as a test starts to reuse it makes that request fail with ECONNRESET on a busy machine.
  api.keepAliveTimeout = 120_000;
  await new Promise((resolve) => api.listen(0, '127.0.0.1', () => resolve(undefined)));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => api.close(resolve)));

/**
 * The answer the sitemap gives for `pathname`, which must be one of its own.
 */
async function answerTo(sitemap: ReturnType<typeof createSitemap>, pathname: string) {
  const answer = await sitemap.respond(pathname, origin);
  if (!answer) throw new Error(`${pathname} is the sitemap's`);
  return answer;
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

describe('/sitemap.xml', () => {
  test("lists the public pages and every part's own page, with the day it was added", async () => {
    parts = Array.from({ length: 120 }, (_, n) => ({ _id: id(n), createdAt: '2026-11-02T10:00:00.000Z' }));
    const sitemap = createSitemap({ apiUrl });
    const answer = await answerTo(sitemap, '/sitemap.xml');
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/xml; charset=utf-8');
    const urls = locs(answer.body);
    expect(urls.slice(0, PAGES)).toEqual(contracts.SITEMAP_PAGE_PATHS.map((path: string) => `${origin}${path === '/' ? '/' : path}`));
    expect(urls.length).toBe(PAGES + 120);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls.includes(`${origin}/products/${id(119)}`)).toBeTruthy();
    expect(answer.body.includes(`<url><loc>${origin}/products/${id(0)}</loc><lastmod>2026-11-02</lastmod></url>`)).toBeTruthy();
  });

  // 1,001 pages of the catalog read and listed: seconds on a busy machine, past jest's 5 s default.
  test('past 50,000 URLs it is an index of sitemap files, none over the limit, together listing every part', async () => {
    parts = Array.from({ length: contracts.SITEMAP_MAX_URLS + 10 }, (_, n) => ({ _id: id(n) }));
    requests = 0;
    const sitemap = createSitemap({ apiUrl });
    const index = await answerTo(sitemap, '/sitemap.xml');
    expect(index.body).toMatch(/<sitemapindex /);
    expect(locs(index.body)).toEqual([`${origin}/sitemap/1.xml`, `${origin}/sitemap/2.xml`]);
    // The api's largest pages, each asked once.
    expect(requests).toBe(Math.ceil(parts.length / contracts.CATALOG_MAX_LIMIT));
    const first = locs((await answerTo(sitemap, '/sitemap/1.xml')).body);
    const second = locs((await answerTo(sitemap, '/sitemap/2.xml')).body);
    expect(first.length).toBe(contracts.SITEMAP_MAX_URLS);
    expect(second.length).toBe(PAGES + parts.length - contracts.SITEMAP_MAX_URLS);
    const listed = new Set([...first, ...second]);
    expect(parts.every((part) => listed.has(`${origin}/products/${part._id}`))).toBeTruthy();
    expect((await answerTo(sitemap, '/sitemap/3.xml')).status).toBe(404);
    // The list of parts was read once for all three answers.
    expect(requests).toBe(Math.ceil(parts.length / contracts.CATALOG_MAX_LIMIT));
  }, 30_000);

  test('reads the catalog again once its copy is old, and never keeps a failed read', async () => {
    parts = [{ _id: id(1) }];
    // lru-cache takes a start time of 0 for none.
    let clock = 1_000;
    const sitemap = createSitemap({ apiUrl, cacheMs: 60_000, now: () => clock });
    expect(locs((await answerTo(sitemap, '/sitemap.xml')).body).length).toBe(PAGES + 1);
    parts = [{ _id: id(1) }, { _id: id(2) }];
    expect(locs((await answerTo(sitemap, '/sitemap.xml')).body).length).toBe(PAGES + 1);
    clock = 61_001;
    expect(locs((await answerTo(sitemap, '/sitemap.xml')).body).length).toBe(PAGES + 2);

    const blip = createSitemap({ apiUrl });
    failNext = true;
    await expect(answerTo(blip, '/sitemap.xml')).rejects.toThrow(/answered 503/);
    expect(locs((await answerTo(blip, '/sitemap.xml')).body).length).toBe(PAGES + 2);
  });
});

describe('/robots.txt', () => {
  test('keeps the dashboard and admin pages out and names the sitemap; other paths are not its own', async () => {
    const sitemap = createSitemap({ apiUrl });
    const robots = await answerTo(sitemap, '/robots.txt');
    expect(robots.type).toBe('text/plain; charset=utf-8');
    expect(robots.body.includes('Disallow: /dashboard\n')).toBeTruthy();
    expect(robots.body.includes(`Sitemap: ${origin}/sitemap.xml`)).toBeTruthy();
    expect(await sitemap.respond('/products', origin)).toBe(null);
    expect(await sitemap.respond('/sitemap/0.xml', origin)).toBe(null);
  });
});
