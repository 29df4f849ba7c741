/** @jest-environment node */
// The render cache against a real HTTP server standing in for the api: it answers with entity tags
// and 304 to a matching If-None-Match, unless the request says no-cache, as the api's catalog cache
// (and Express) do.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { prepareDocument } from './document';
import { answerIsCurrent, createRenderCache, type ApiRead } from './render-cache';

/** path → current ETag; every request is recorded with its If-None-Match. */
const etags = new Map<string | undefined, string>();
const requests: { url: string | undefined; ifNoneMatch: string | undefined }[] = [];
let api: http.Server;
let apiUrl: string;

beforeAll(async () => {
  api = http.createServer((req, res) => {
    requests.push({ url: req.url, ifNoneMatch: req.headers['if-none-match'] });
    const etag = etags.get(req.url);
    if (!etag) return res.writeHead(404).end();
    const noCache = /no-cache/.test(req.headers['cache-control'] ?? '');
    if (req.headers['if-none-match'] === etag && !noCache) return res.writeHead(304, { ETag: etag }).end();
    res.writeHead(200, { ETag: etag, 'Content-Type': 'application/json' }).end('{"items":[]}');
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', () => resolve()));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => api.close(resolve)));
beforeEach(() => {
  requests.length = 0;
  etags.set('/tools', '"v1"');
  etags.set('/reviews', '"r1"');
});

const home = () => prepareDocument(200, '<!doctype html><p>home</p>');
const reads = (): ApiRead[] => [
  { url: `${apiUrl}/tools`, etag: '"v1"' },
  { url: `${apiUrl}/reviews`, etag: '"r1"' },
];

describe('answerIsCurrent', () => {
  test('is true for a 304 and false for a changed answer or an api that cannot be reached', async () => {
    expect(await answerIsCurrent(`${apiUrl}/tools`, '"v1"')).toBe(true);
    expect(await answerIsCurrent(`${apiUrl}/tools`, '"v0"')).toBe(false);
    expect(await answerIsCurrent('http://127.0.0.1:9/tools', '"v1"')).toBe(false);
    expect(requests.map((r) => r.ifNoneMatch)).toEqual(['"v1"', '"v0"']);
  });
});

describe('the render cache', () => {
  test('serves a page again while every api answer it was rendered from is current', async () => {
    const clock = 0;
    const cache = createRenderCache({ ttlMs: 5000, validationMs: 250, now: () => clock });
    expect(await cache.lookup('home')).toBe(null);
    expect(cache.set('home', home(), reads())).toBe(true);
    const hit = await cache.lookup('home');
    expect(hit?.fresh).toBe(true);
    expect(hit?.page.document.bodies.identity.toString()).toBe('<!doctype html><p>home</p>');
    expect(requests.map((r) => `${r.url} ${r.ifNoneMatch}`).sort()).toEqual(['/reviews "r1"', '/tools "v1"']);
    expect(cache.stats).toEqual({ hits: 1, stale: 0, misses: 1, changed: 0 });
  });

  test('drops a page as soon as one of its answers changed', async () => {
    let clock = 0;
    const cache = createRenderCache({ ttlMs: 5000, validationMs: 250, now: () => clock });
    cache.set('home', home(), reads());
    expect(await cache.lookup('home')).toBeTruthy();
    // A new review: its list has another entity tag now.
    etags.set('/reviews', '"r2"');
    clock = 300;
    expect(await cache.lookup('home')).toBe(null);
    expect(cache.stats.changed).toBe(1);
    // Gone for good: even with the old answer back, the entry is not served.
    etags.set('/reviews', '"r1"');
    clock = 600;
    expect(await cache.lookup('home')).toBe(null);
  });

  test('is fresh for ttlMs, then stale (served while the caller renders again) for staleMs, then gone', async () => {
    let clock = 0;
    const cache = createRenderCache({ ttlMs: 5000, staleMs: 10_000, now: () => clock });
    cache.set('home', home(), reads());
    clock = 4999;
    expect((await cache.lookup('home'))?.fresh).toBe(true);
    clock = 5001;
    expect((await cache.lookup('home'))?.fresh).toBe(false);
    clock = 15_000;
    expect((await cache.lookup('home'))?.fresh).toBe(false);
    clock = 15_001;
    expect(await cache.lookup('home')).toBe(null);
    expect(cache.stats).toMatchObject({ hits: 1, stale: 2, misses: 1 });
  });

  test('asks the api once per answer for all the requests within the validation window', async () => {
    let clock = 0;
    const cache = createRenderCache({ ttlMs: 5000, validationMs: 250, now: () => clock });
    cache.set('home', home(), reads());
    cache.set('home?again', home(), reads());
    const hits = await Promise.all(Array.from({ length: 20 }, (_, i) => cache.lookup(i % 2 ? 'home' : 'home?again')));
    expect(hits.every(Boolean)).toBe(true);
    expect(requests.length).toBe(2);
    clock = 251;
    expect(await cache.lookup('home')).toBeTruthy();
    expect(requests.length).toBe(4);
  });

  test('keeps nothing it could not check (an answer without an entity tag), and nothing when off', async () => {
    const cache = createRenderCache({ ttlMs: 5000 });
    expect(cache.set('home', home(), [{ url: `${apiUrl}/tools`, etag: null }])).toBe(false);
    expect(await cache.lookup('home')).toBe(null);
    const off = createRenderCache({ ttlMs: 0 });
    expect(off.enabled).toBe(false);
    expect(off.set('home', home(), reads())).toBe(false);
  });

  test('holds at most maxBytes of pages (their bodies), the least recently used going first', async () => {
    const big = (text: string) => prepareDocument(200, `<!doctype html>${text.repeat(2000)}`);
    const one = big('a').size + 256 * 3;
    const cache = createRenderCache({ ttlMs: 5000, maxBytes: 2 * one + 10 });
    cache.set('a', big('a'), reads());
    cache.set('b', big('b'), reads());
    // `a` used last: `b` goes when `c` comes.
    expect(await cache.lookup('a')).toBeTruthy();
    cache.set('c', big('c'), reads());
    expect(await cache.lookup('b')).toBe(null);
    expect(await cache.lookup('a')).toBeTruthy();
    expect(await cache.lookup('c')).toBeTruthy();
    expect(cache.size).toBeLessThanOrEqual(2 * one + 10);
  });
});
