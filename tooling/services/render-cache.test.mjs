// The render cache against a real HTTP server standing in for the api: it answers with entity tags
// and 304 to a matching If-None-Match, unless the request says no-cache, as the api's catalog cache
// (and Express) do.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, beforeEach, describe, test } from 'node:test';
import { answerIsCurrent, createRenderCache } from './render-cache.mjs';

/** path → current ETag; every request is recorded with its If-None-Match. */
/** @type {Map<string | undefined, string>} */
const etags = new Map();
/** @type {{ url: string | undefined, ifNoneMatch: string | undefined }[]} */
const requests = [];
/** @type {http.Server} */
let api;
/** @type {string} */
let apiUrl;

before(async () => {
  api = http.createServer((req, res) => {
    requests.push({ url: req.url, ifNoneMatch: req.headers['if-none-match'] });
    const etag = etags.get(req.url);
    if (!etag) return res.writeHead(404).end();
    const noCache = /no-cache/.test(req.headers['cache-control'] ?? '');
    if (req.headers['if-none-match'] === etag && !noCache) return res.writeHead(304, { ETag: etag }).end();
    res.writeHead(200, { ETag: etag, 'Content-Type': 'application/json' }).end('{"items":[]}');
  });
  await new Promise((resolve) => api.listen(0, '127.0.0.1', () => resolve(undefined)));
  apiUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (api.address()).port}`;
});
after(() => new Promise((resolve) => api.close(resolve)));
beforeEach(() => {
  requests.length = 0;
  etags.set('/tools', '"v1"');
  etags.set('/reviews', '"r1"');
});

const page = () => ({
  status: 200,
  html: '<!doctype html><p>home</p>',
  reads: [
    { url: `${apiUrl}/tools`, etag: '"v1"' },
    { url: `${apiUrl}/reviews`, etag: '"r1"' },
  ],
});

describe('answerIsCurrent', () => {
  test('is true for a 304 and false for a changed answer or an api that cannot be reached', async () => {
    assert.equal(await answerIsCurrent(`${apiUrl}/tools`, '"v1"'), true);
    assert.equal(await answerIsCurrent(`${apiUrl}/tools`, '"v0"'), false);
    assert.equal(await answerIsCurrent('http://127.0.0.1:9/tools', '"v1"'), false);
    assert.deepEqual(requests.map((r) => r.ifNoneMatch), ['"v1"', '"v0"']);
  });
});

describe('the render cache', () => {
  test('serves a page again while every api answer it was rendered from is current', async () => {
    let clock = 0;
    const cache = createRenderCache({ ttlMs: 5000, validationMs: 250, now: () => clock });
    assert.equal(await cache.get('home'), null);
    assert.equal(cache.set('home', page()), true);
    const hit = await cache.get('home');
    assert.equal(hit?.html, '<!doctype html><p>home</p>');
    assert.deepEqual(requests.map((r) => `${r.url} ${r.ifNoneMatch}`).sort(), ['/reviews "r1"', '/tools "v1"']);
    assert.deepEqual(cache.stats, { hits: 1, misses: 1, stale: 0 });
  });

  test('drops a page as soon as one of its answers changed', async () => {
    let clock = 0;
    const cache = createRenderCache({ ttlMs: 5000, validationMs: 250, now: () => clock });
    cache.set('home', page());
    assert.ok(await cache.get('home'));
    // A new review: its list has another entity tag now.
    etags.set('/reviews', '"r2"');
    clock = 300;
    assert.equal(await cache.get('home'), null);
    assert.equal(cache.stats.stale, 1);
    // Gone for good: even with the old answer back, the entry is not served.
    etags.set('/reviews', '"r1"');
    clock = 600;
    assert.equal(await cache.get('home'), null);
  });

  test('keeps a page a few seconds at most, however current its answers', async () => {
    let clock = 0;
    const cache = createRenderCache({ ttlMs: 5000, now: () => clock });
    cache.set('home', page());
    clock = 4999;
    assert.ok(await cache.get('home'));
    clock = 5001;
    assert.equal(await cache.get('home'), null);
  });

  test('asks the api once per answer for all the requests within the validation window', async () => {
    let clock = 0;
    const cache = createRenderCache({ ttlMs: 5000, validationMs: 250, now: () => clock });
    cache.set('home', page());
    cache.set('home?again', page());
    const hits = await Promise.all(Array.from({ length: 20 }, (_, i) => cache.get(i % 2 ? 'home' : 'home?again')));
    assert.ok(hits.every(Boolean));
    assert.equal(requests.length, 2);
    clock = 251;
    assert.ok(await cache.get('home'));
    assert.equal(requests.length, 4);
  });

  test('keeps nothing it could not check (an answer without an entity tag), and nothing when off', async () => {
    const cache = createRenderCache({ ttlMs: 5000 });
    assert.equal(cache.set('home', { ...page(), reads: [{ url: `${apiUrl}/tools`, etag: null }] }), false);
    assert.equal(await cache.get('home'), null);
    const off = createRenderCache({ ttlMs: 0 });
    assert.equal(off.enabled, false);
    assert.equal(off.set('home', page()), false);
  });

  test('holds at most maxEntries pages, the oldest going first', async () => {
    const cache = createRenderCache({ ttlMs: 5000, maxEntries: 2 });
    cache.set('a', page());
    cache.set('b', page());
    cache.set('c', page());
    assert.equal(await cache.get('a'), null);
    assert.ok(await cache.get('b'));
    assert.ok(await cache.get('c'));
  });
});
