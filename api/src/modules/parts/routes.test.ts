import { type SeedPart, seedParts } from '../../db/seed-data';
import { seedDemoData } from '../../db/seed';
import request from 'supertest';
import { createTestApi, type TestApi } from '../../../test/helpers';

/** A seeded part as the api lists it: every field, a hex id, nothing else. */
function asListed(part: SeedPart) {
  // A seeded part no admin has edited is at version 0.
  return { ...part, _id: expect.stringMatching(/^[0-9a-f]{24}$/), version: 0, createdAt: expect.any(String) };
}

let api: TestApi;
let bearer: string;
beforeAll(async () => {
  api = await createTestApi();
  await seedDemoData(api.database.collections);
  bearer = `Bearer ${await api.accessTokens.sign({ sub: 'a'.repeat(24), email: 'c@example.com', role: 'customer' })}`;
});
afterAll(() => api.close());

describe('GET /tools', () => {
  it('lists every part, newest last, with hex ids', async () => {
    await api.database.collections.parts.insertOne({
      ...seedParts[0]!,
      name: 'Brand new part',
      createdAt: new Date(),
    });
    const response = await request(api.app).get('/tools');
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(seedParts.length + 1);
    expect(response.body.at(-1).name).toBe('Brand new part');
    expect(response.body.slice(0, -1).map((part: { name: string }) => part.name)).toEqual(
      seedParts.map((part) => part.name),
    );
    expect(response.body[0]).toEqual(asListed(seedParts[0]!));
  });

  it('sends an ETag and answers a matching If-None-Match with 304', async () => {
    const first = await request(api.app).get('/tools');
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    const second = await request(api.app).get('/tools').set('If-None-Match', first.headers.etag!);
    expect(second.status).toBe(304);
  });
});

describe('GET /tools/:id', () => {
  it('needs no access token: product pages are public', async () => {
    const list = await request(api.app).get('/tools');
    const wanted = list.body[2];
    const response = await request(api.app).get(`/tools/${wanted._id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(wanted);
  });

  it('refuses a query parameter it does not know', async () => {
    const list = await request(api.app).get('/tools');
    const response = await request(api.app).get(`/tools/${list.body[0]._id}?expand=orders`);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Unknown query parameter "expand": this call takes none');
  });

  it('rejects a malformed id', async () => {
    const response = await request(api.app).get('/tools/not-an-id').set('Authorization', bearer);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: 'Invalid part id',
      issues: [{ path: 'id', message: 'Invalid part id' }],
    });
  });

  it('answers 404 for an unknown id', async () => {
    const response = await request(api.app).get(`/tools/${'0'.repeat(24)}`).set('Authorization', bearer);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Part not found' });
  });

  it('returns the part to a signed-in caller too (the spec sends a bearer)', async () => {
    const list = await request(api.app).get('/tools');
    const wanted = list.body[3];
    const response = await request(api.app).get(`/tools/${wanted._id}`).set('Authorization', bearer);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(wanted);
  });
});

describe('GET /tools with catalog parameters', () => {
  // A database of its own holding exactly the seed, so totals and orders are known.
  let catalog: TestApi;
  beforeAll(async () => {
    catalog = await createTestApi();
    await seedDemoData(catalog.database.collections);
  });
  afterAll(() => catalog.close());

  const get = (query: string) => request(catalog.app).get(`/tools?${query}`);
  const names = (body: { items: { name: string }[] }) => body.items.map((part) => part.name);
  const newestFirst = [...seedParts].reverse();

  it('answers a page, newest first by default, twelve to a page', async () => {
    const first = await get('page=1');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ items: expect.any(Array), total: seedParts.length, page: 1, pages: 2 });
    expect(names(first.body)).toEqual(newestFirst.slice(0, 12).map((part) => part.name));
    expect(first.body.items[0]).toEqual(asListed(newestFirst[0]!));

    const second = await get('page=2');
    expect(names(second.body)).toEqual(newestFirst.slice(12).map((part) => part.name));
    expect(second.body).toMatchObject({ total: seedParts.length, page: 2, pages: 2 });

    const past = await get('page=3');
    expect(past.status).toBe(200);
    expect(past.body).toEqual({ items: [], total: seedParts.length, page: 3, pages: 2 });
  });

  it('takes a limit of up to 50', async () => {
    const response = await get('limit=5&page=4');
    expect(response.body).toMatchObject({ total: 18, page: 4, pages: 4 });
    expect(names(response.body)).toEqual(newestFirst.slice(15).map((part) => part.name));
    const latestSix = await get('sort=newest&limit=6');
    expect(names(latestSix.body)).toEqual(newestFirst.slice(0, 6).map((part) => part.name));
    expect((await get('limit=50')).body.items).toHaveLength(18);
  });

  it('filters by category', async () => {
    const response = await get(`category=${encodeURIComponent('CPU Cooler')}`);
    expect(response.status).toBe(200);
    const coolers = newestFirst.filter((part) => part.category === 'CPU Cooler').map((part) => part.name);
    expect(coolers).toHaveLength(3);
    expect(response.body).toMatchObject({ total: 3, page: 1, pages: 1 });
    expect(names(response.body)).toEqual(coolers);
    // A "+" is a space in a query string, as browsers and axios write it.
    expect(names((await get('category=CPU+Cooler')).body)).toEqual(coolers);
  });

  it('searches name and description, whatever the case', async () => {
    // "Quiet Single-Tower Air Cooler" by its name, the SFX PSU by its description ("keeps the fan quiet").
    const response = await get('q=QuIeT');
    expect(names(response.body).sort()).toEqual(['750 W SFX 80+ Platinum PSU', 'Quiet Single-Tower Air Cooler']);
    expect(response.body.total).toBe(2);
    const combined = await get(`category=${encodeURIComponent('CPU Cooler')}&q=quiet`);
    expect(names(combined.body)).toEqual(['Quiet Single-Tower Air Cooler']);
    // Blank text is no filter.
    expect((await get('q=%20%20')).body.total).toBe(18);
  });

  it('searches for regex metacharacters literally', async () => {
    // Unescaped, "(2x" would be an invalid pattern and ".*" would match everything.
    expect(names((await get(`q=${encodeURIComponent('(2x')}`)).body).sort()).toEqual([
      '16 GB DDR4-3200 Kit (2x8 GB)',
      '32 GB DDR5-6000 Kit (2x16 GB)',
      '64 GB DDR5-5600 RGB Kit (2x32 GB)',
    ]);
    expect((await get(`q=${encodeURIComponent('.*')}`)).body).toEqual({ items: [], total: 0, page: 1, pages: 0 });
    expect(names((await get(`q=${encodeURIComponent('80+ Gold')}`)).body)).toEqual(['850 W 80+ Gold Modular PSU']);
    expect((await get(`q=${encodeURIComponent('{"$gt":""}')}`)).body.total).toBe(0);
  });

  it('sorts by price both ways', async () => {
    const ascending = [...seedParts].sort((a, b) => a.price - b.price).map((part) => part.price);
    const up = await get('sort=price-asc&limit=50');
    expect(up.body.items.map((part: { price: number }) => part.price)).toEqual(ascending);
    const down = await get('sort=price-desc&limit=50');
    expect(down.body.items.map((part: { price: number }) => part.price)).toEqual([...ascending].reverse());
    // Sorting and paging together: page 2 of the cheapest-first list continues page 1.
    const page2 = await get('sort=price-asc&limit=5&page=2');
    expect(page2.body.items.map((part: { price: number }) => part.price)).toEqual(ascending.slice(5, 10));
  });

  it('sends an ETag on a page too', async () => {
    const first = await get('category=Memory');
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    const again = await get('category=Memory').set('If-None-Match', first.headers.etag!);
    expect(again.status).toBe(304);
  });

  it.each([
    ['category=GPU', 'category must be one of: Motherboard, Memory, Storage, CPU Cooler, Power Supplies, Video Card'],
    ['category=cpu%20cooler', 'category must be one of: Motherboard, Memory, Storage, CPU Cooler, Power Supplies, Video Card'],
    ['sort=cheapest', 'sort must be one of: newest, price-asc, price-desc'],
    ['page=0', 'page must be a whole number from 1 to 1000000'],
    ['page=-1', 'page must be a whole number from 1 to 1000000'],
    ['page=1.5', 'page must be a whole number from 1 to 1000000'],
    ['page=abc', 'page must be a whole number from 1 to 1000000'],
    ['page=', 'page must be a whole number from 1 to 1000000'],
    ['limit=0', 'limit must be a whole number from 1 to 50'],
    ['limit=51', 'limit must be a whole number from 1 to 50'],
    ['limit=1e1', 'limit must be a whole number from 1 to 50'],
    ['category=Memory&category=Storage', 'category must be one of: Motherboard, Memory, Storage, CPU Cooler, Power Supplies, Video Card'],
    ['q[$ne]=x', 'Unknown query parameter "q[$ne]": use category, q, sort, page, limit'],
    ['foo=1', 'Unknown query parameter "foo": use category, q, sort, page, limit'],
    [`q=${'x'.repeat(101)}`, 'q must be at most 100 characters'],
  ])('refuses %s with a 400 and a sentence', async (query, message) => {
    const response = await get(query);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message });
  });
});
