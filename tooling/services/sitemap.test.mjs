// The sitemap against a real HTTP server answering GET /tools as the api does (paged, at most 50 a
// page), with more parts than one sitemap file may list.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import core from '@pcpp/contracts/core';
import seo from '@pcpp/contracts/seo';
import { createSitemap } from './sitemap.mjs';

const contracts = { ...core, ...seo };

/** @type {{ _id: string, createdAt?: string }[]} */
let parts = [];
let requests = 0;
/** The next GET /tools fails with a 503 (a database blip). */
let failNext = false;
/** @type {http.Server} */
let api;
/** @type {string} */
let apiUrl;
const origin = 'https://shop.example';
/** The public pages every sitemap lists before the parts. */
const PAGES = contracts.SITEMAP_PAGE_PATHS.length;

const id = (/** @type {number} */ n) => n.toString(16).padStart(24, '0');

before(async () => {
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
  await new Promise((resolve) => api.listen(0, '127.0.0.1', () => resolve(undefined)));
  apiUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (api.address()).port}`;
});
after(() => new Promise((resolve) => api.close(resolve)));

/**
 * The answer the sitemap gives for `pathname`, which must be one of its own.
 * @param {ReturnType<typeof createSitemap>} sitemap
 * @param {string} pathname
 */
async function answerTo(sitemap, pathname) {
  const answer = await sitemap.respond(pathname, origin);
  assert.ok(answer, `${pathname} is the sitemap's`);
  return answer;
}

const locs = (/** @type {string} */ xml) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

describe('/sitemap.xml', () => {
  test("lists the public pages and every part's own page, with the day it was added", async () => {
    parts = Array.from({ length: 120 }, (_, n) => ({ _id: id(n), createdAt: '2026-11-02T10:00:00.000Z' }));
    const sitemap = createSitemap({ apiUrl, contracts });
    const answer = await answerTo(sitemap, '/sitemap.xml');
    assert.equal(answer.status, 200);
    assert.equal(answer.type, 'application/xml; charset=utf-8');
    const urls = locs(answer.body);
    assert.deepEqual(urls.slice(0, PAGES), contracts.SITEMAP_PAGE_PATHS.map((path) => `${origin}${path === '/' ? '/' : path}`));
    assert.equal(urls.length, PAGES + 120);
    assert.equal(new Set(urls).size, urls.length);
    assert.ok(urls.includes(`${origin}/products/${id(119)}`));
    assert.ok(answer.body.includes(`<url><loc>${origin}/products/${id(0)}</loc><lastmod>2026-11-02</lastmod></url>`));
  });

  test('past 50,000 URLs it is an index of sitemap files, none over the limit, together listing every part', async () => {
    parts = Array.from({ length: contracts.SITEMAP_MAX_URLS + 10 }, (_, n) => ({ _id: id(n) }));
    requests = 0;
    const sitemap = createSitemap({ apiUrl, contracts });
    const index = await answerTo(sitemap, '/sitemap.xml');
    assert.match(index.body, /<sitemapindex /);
    assert.deepEqual(locs(index.body), [`${origin}/sitemap/1.xml`, `${origin}/sitemap/2.xml`]);
    // The api's largest pages, each asked once.
    assert.equal(requests, Math.ceil(parts.length / contracts.CATALOG_MAX_LIMIT));
    const first = locs((await answerTo(sitemap, '/sitemap/1.xml')).body);
    const second = locs((await answerTo(sitemap, '/sitemap/2.xml')).body);
    assert.equal(first.length, contracts.SITEMAP_MAX_URLS);
    assert.equal(second.length, PAGES + parts.length - contracts.SITEMAP_MAX_URLS);
    const listed = new Set([...first, ...second]);
    assert.ok(parts.every((part) => listed.has(`${origin}/products/${part._id}`)));
    assert.equal((await answerTo(sitemap, '/sitemap/3.xml')).status, 404);
    // The list of parts was read once for all three answers.
    assert.equal(requests, Math.ceil(parts.length / contracts.CATALOG_MAX_LIMIT));
  });

  test('reads the catalog again once its copy is old, and never keeps a failed read', async () => {
    parts = [{ _id: id(1) }];
    let clock = 0;
    const sitemap = createSitemap({ apiUrl, contracts, cacheMs: 60_000, now: () => clock });
    assert.equal(locs((await answerTo(sitemap, '/sitemap.xml')).body).length, PAGES + 1);
    parts = [{ _id: id(1) }, { _id: id(2) }];
    assert.equal(locs((await answerTo(sitemap, '/sitemap.xml')).body).length, PAGES + 1);
    clock = 60_001;
    assert.equal(locs((await answerTo(sitemap, '/sitemap.xml')).body).length, PAGES + 2);

    const blip = createSitemap({ apiUrl, contracts });
    failNext = true;
    await assert.rejects(answerTo(blip, '/sitemap.xml'), /answered 503/);
    assert.equal(locs((await answerTo(blip, '/sitemap.xml')).body).length, PAGES + 2);
  });
});

describe('/robots.txt', () => {
  test('keeps the dashboard and admin pages out and names the sitemap; other paths are not its own', async () => {
    const sitemap = createSitemap({ apiUrl, contracts });
    const robots = await answerTo(sitemap, '/robots.txt');
    assert.equal(robots.type, 'text/plain; charset=utf-8');
    assert.ok(robots.body.includes('Disallow: /dashboard\n'));
    assert.ok(robots.body.includes(`Sitemap: ${origin}/sitemap.xml`));
    assert.equal(await sitemap.respond('/products', origin), null);
    assert.equal(await sitemap.respond('/sitemap/0.xml', origin), null);
  });
});
