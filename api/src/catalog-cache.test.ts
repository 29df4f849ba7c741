import express from 'express';
import request from 'supertest';
import { createAccount, createPart, createTestApi, type TestApi, uploadedImageUrl } from '../test/helpers';
import { createCatalogCache } from './catalog-cache';

// The public catalog reads' cache (catalog-cache.ts), through the real app and database.

const TTL_MS = 300;
/** The cache's clock, moved by the tests: a loaded machine never makes an entry expire early. */
let clock = 1_000_000;
let api: TestApi;
let admin: { email: string; token: string };

beforeAll(async () => {
  api = await createTestApi({ CATALOG_CACHE_TTL_MS: String(TTL_MS) }, { catalogCache: createCatalogCache({ ttlMs: TTL_MS, now: () => clock }) });
  admin = await createAccount(api, 'admin');
});
afterAll(() => api.close());

const names = (parts: { name: string }[]) => parts.map((part) => part.name);

describe('public catalog reads', () => {
  it('carry a strong ETag, and a matching If-None-Match gets a 304 without a body', async () => {
    const part = await createPart(api, { p_quantity: 5 });
    for (const path of ['/tools', '/tools?category=Memory&sort=price-asc&page=1', `/tools/${part.id}`, '/reviews?sort=newest&limit=6']) {
      const first = await request(api.app).get(path);
      expect(first.status).toBe(200);
      expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
      const again = await request(api.app).get(path).set('If-None-Match', String(first.headers.etag));
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      const other = await request(api.app).get(path).set('If-None-Match', '"something-else"');
      expect(other.status).toBe(200);
      expect(other.body).toEqual(first.body);
    }
  });

  it('let shared caches keep them briefly while browsers revalidate; signed-in answers stay private', async () => {
    const list = await request(api.app).get('/reviews');
    expect(list.headers['cache-control']).toBe('public, max-age=0, s-maxage=5');
    expect(list.headers['cdn-cache-control']).toBe('public, max-age=5, stale-while-revalidate=30');
    const customer = await createAccount(api, 'customer');
    const own = await request(api.app).get(`/myorder?email=${customer.email}`).set('Authorization', `Bearer ${customer.token}`);
    expect(own.status).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.headers['cdn-cache-control']).toBeUndefined();
  });

  it('show a write made through this api at once', async () => {
    expect(names((await request(api.app).get('/tools')).body)).not.toContain('Cache Test SSD');
    const added = await request(api.app)
      .post('/tools')
      .set('Authorization', `Bearer ${admin.token}`)
      .send({
        name: 'Cache Test SSD',
        category: 'Storage',
        p_quantity: 4,
        min_quantity: 1,
        price: 4999,
        description: 'A drive the cache test adds.',
        img: uploadedImageUrl(api),
      });
    expect(added.status).toBe(201);
    expect(names((await request(api.app).get('/tools')).body)).toContain('Cache Test SSD');
    const removed = await request(api.app).delete(`/tools/${added.body.insertedId}`).set('Authorization', `Bearer ${admin.token}`);
    expect(removed.body).toEqual({ deletedCount: 1 });
    expect(names((await request(api.app).get('/tools')).body)).not.toContain('Cache Test SSD');
    expect((await request(api.app).get(`/tools/${added.body.insertedId}`)).status).toBe(404);
  });

  it("show another instance's write (straight into the database) once the TTL has passed", async () => {
    const before = await request(api.app).get('/tools?sort=newest');
    const part = await createPart(api, { p_quantity: 3 });
    // Within the TTL the cached page is still served: proof that the cache answers.
    expect(names((await request(api.app).get('/tools?sort=newest')).body.items)).toEqual(names(before.body.items));
    clock += TTL_MS - 1;
    expect(names((await request(api.app).get('/tools?sort=newest')).body.items)).toEqual(names(before.body.items));
    clock += 2;
    expect((await request(api.app).get('/tools?sort=newest')).body.items[0].name).toBe(part.name);
  });

  it('still answer 400 to an unknown query parameter, however often it is asked', async () => {
    expect((await request(api.app).get('/tools?page=1')).status).toBe(200);
    for (const path of ['/tools?page=1&bogus=1', '/tools?page=1&bogus=1', '/reviews?sort=newest&nope=1']) {
      const response = await request(api.app).get(path);
      expect(response.status).toBe(400);
      expect(response.body.message).toEqual(expect.any(String));
    }
  });
});

describe('createCatalogCache', () => {
  it('keeps at most maxEntries answers, dropping the least recently used', async () => {
    const cache = createCatalogCache({ ttlMs: 60_000, maxEntries: 3 });
    const loads: string[] = [];
    const app = express();
    app.get('/items', (req, res) =>
      cache.serve(req, res, async () => {
        loads.push(req.originalUrl);
        return { url: req.originalUrl };
      }),
    );
    for (const n of [1, 2, 3]) await request(app).get(`/items?n=${n}`);
    await request(app).get('/items?n=1'); // 1 is now the most recently used.
    for (const n of [4, 5, 6, 7]) await request(app).get(`/items?n=${n}`);
    expect(cache.size).toBe(3);
    await request(app).get('/items?n=7');
    expect(loads.filter((url) => url === '/items?n=7')).toHaveLength(1);
    await request(app).get('/items?n=1');
    expect(loads.filter((url) => url === '/items?n=1')).toHaveLength(2);
    cache.invalidate();
    expect(cache.size).toBe(0);
  });
});
