import { type SeedPart, seedParts } from '../../db/seed-data';
import { seedDemoData } from '../../db/seed';
import request from 'supertest';
import { createAccount, createTestApi, type TestApi } from '../../../test/helpers';
import { createCatalogCache } from '../../catalog-cache';
import { createPartsRepository } from './repository';

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
  bearer = `Bearer ${(await createAccount(api, 'customer')).token}`;
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
  const total = seedParts.length;
  const pagesOf = (limit: number) => Math.ceil(total / limit);

  it('answers a page, newest first by default, twelve to a page', async () => {
    const first = await get('page=1');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ items: expect.any(Array), total, page: 1, pages: pagesOf(12), facets: expect.any(Array) });
    expect(names(first.body)).toEqual(newestFirst.slice(0, 12).map((part) => part.name));
    expect(first.body.items[0]).toEqual(asListed(newestFirst[0]!));

    const last = await get(`page=${pagesOf(12)}`);
    expect(names(last.body)).toEqual(newestFirst.slice((pagesOf(12) - 1) * 12).map((part) => part.name));

    const past = await get(`page=${pagesOf(12) + 1}`);
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ items: [], total, page: pagesOf(12) + 1, pages: pagesOf(12) });
  });

  it('takes a limit of up to 50', async () => {
    const response = await get('limit=5&page=4');
    expect(response.body).toMatchObject({ total, page: 4, pages: pagesOf(5) });
    expect(names(response.body)).toEqual(newestFirst.slice(15, 20).map((part) => part.name));
    const latestSix = await get('sort=newest&limit=6');
    expect(names(latestSix.body)).toEqual(newestFirst.slice(0, 6).map((part) => part.name));
    expect((await get('limit=50')).body.items).toHaveLength(50);
  });

  it('filters by category', async () => {
    const response = await get(`category=${encodeURIComponent('CPU Cooler')}`);
    expect(response.status).toBe(200);
    const coolers = newestFirst.filter((part) => part.category === 'CPU Cooler').map((part) => part.name);
    expect(coolers).toHaveLength(8);
    expect(response.body).toMatchObject({ total: 8, page: 1, pages: 1 });
    expect(names(response.body)).toEqual(coolers);
    // A "+" is a space in a query string, as browsers and axios write it.
    expect(names((await get('category=CPU+Cooler')).body)).toEqual(coolers);
  });

  const all = async (query: string) => names((await get(`${query}&limit=50`)).body);
  const seedNames = (keep: (part: SeedPart) => boolean) => seedParts.filter(keep).map((part) => part.name);
  const describes = (word: string) => (part: SeedPart) => new RegExp(`\\b${word}\\b`, 'i').test(part.description);
  const memoryType = (part: SeedPart) => (part.specs as { memoryType?: string }).memoryType;
  const sockets = (part: SeedPart) => {
    const specs = part.specs as { socket?: string; sockets?: string[] };
    return specs.sockets ?? (specs.socket ? [specs.socket] : []);
  };

  it("finds 'ddr5' in names and specs first, then in descriptions, and never a DDR4 part", async () => {
    const found = await all('q=ddr5');
    const bySpecs = seedNames((part) => memoryType(part) === 'DDR5');
    const byDescription = seedNames((part) => memoryType(part) !== 'DDR5' && describes('ddr5')(part));
    expect(bySpecs).toHaveLength(12);
    expect(found.slice(0, bySpecs.length).sort()).toEqual([...bySpecs].sort());
    expect(found.slice(bySpecs.length).sort()).toEqual([...byDescription].sort());
    expect(found.filter((name) => seedNames((part) => memoryType(part) === 'DDR4').includes(name))).toEqual([]);
  });

  it("finds memory for 'ram', not the SSD whose description says DRAM", async () => {
    expect((await all('q=ram')).sort()).toEqual(seedNames((part) => part.category === 'Memory').sort());
    expect(seedParts.some((part) => part.category === 'Storage' && /DRAM/.test(part.description))).toBe(true);
  });

  it("finds the 32 GB kits for '32gb' and '32 gb', the 850 W supply for '850w', the RTX 4070 card for '4070'", async () => {
    const kits = ['32 GB DDR4-3600 Kit (2x16 GB)', '32 GB DDR5-6000 Kit (2x16 GB)'];
    // The kits of 32 GB first; then parts whose description says 32 GB (four 32 GB modules).
    for (const query of ['q=32gb', 'q=32%20GB']) {
      const found = await all(query);
      expect(found.slice(0, 2).sort()).toEqual(kits);
      expect(found.slice(2).sort()).toEqual(seedNames((part) => !kits.includes(part.name) && /\b32 GB\b/.test(part.description)).sort());
    }
    expect(await all('q=850w')).toEqual(['850 W 80+ Gold Modular PSU']);
    expect(await all('q=4070')).toEqual(['12 GB Dual-Fan Graphics Card']);
    expect(await all('q=rtx%204090')).toEqual(['GeForce RTX 4090 24 GB Triple-Fan Graphics Card']);
  });

  it("finds the AM5 boards and the coolers that fit AM5 for 'am5', before parts whose description names it", async () => {
    const found = await all('q=am5');
    const bySpecs = seedNames((part) => sockets(part).includes('AM5'));
    expect(bySpecs).toHaveLength(9);
    expect(found.slice(0, bySpecs.length).sort()).toEqual([...bySpecs].sort());
    expect(found.slice(bySpecs.length).sort()).toEqual(seedNames((part) => !sockets(part).includes('AM5') && describes('am5')(part)).sort());
  });

  it('tolerates one typo per word of four letters or more, and none in a word with digits', async () => {
    const boards = seedNames((part) => part.category === 'Motherboard').sort();
    expect((await all('q=motherbaord')).sort()).toEqual(boards); // two letters swapped
    expect((await all('q=motherbord')).sort()).toEqual(boards); // a letter missing
    expect((await all('q=mothxrboard')).sort()).toEqual(boards); // a wrong letter
    expect((await all('q=memoory')).sort()).toEqual(seedNames((part) => part.category === 'Memory').sort()); // one too many
    expect((await all('q=motherbxxrd')).length).toBe(0); // two typos
    expect((await all('q=ddr6')).length).toBe(0);
    expect((await all('q=am6')).length).toBe(0);
  });

  it('ranks a name match above description matches, and searches within a category', async () => {
    const response = await get('q=QuIeT&limit=50');
    expect(names(response.body)[0]).toBe('Quiet Single-Tower Air Cooler');
    expect(names(response.body).slice(1).sort()).toEqual(seedNames((part) => part.name !== 'Quiet Single-Tower Air Cooler' && describes('quiet')(part)).sort());
    const combined = await get(`category=${encodeURIComponent('CPU Cooler')}&q=quiet`);
    expect(names(combined.body)).toEqual(['Quiet Single-Tower Air Cooler']);
    // Blank text is no filter.
    expect((await get('q=%20%20')).body.total).toBe(total);
    // An explicit order still applies to the matches.
    const cheapest = await get('q=ddr5&sort=price-asc&limit=50');
    const prices = cheapest.body.items.map((part: { price: number }) => part.price);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
  });

  it('pages through ranked results without losing or repeating a part', async () => {
    const whole = await all('q=am5');
    const paged: string[] = [];
    for (let page = 1; page <= Math.ceil(whole.length / 4); page += 1) paged.push(...names((await get(`q=am5&limit=4&page=${page}`)).body));
    expect(paged).toEqual(whole);
    expect((await get('q=am5&limit=4&page=1')).body.total).toBe(whole.length);
  });

  it('searches for regex metacharacters and operators literally', async () => {
    expect((await all(`q=${encodeURIComponent('(2x16')}`)).sort()).toEqual(['32 GB DDR4-3600 Kit (2x16 GB)', '32 GB DDR5-6000 Kit (2x16 GB)']);
    expect((await get(`q=${encodeURIComponent('.*')}`)).body).toMatchObject({ items: [], total: 0, page: 1, pages: 0 });
    expect((await all(`q=${encodeURIComponent('80+ Gold')}`)).sort()).toEqual(['1000 W 80+ Gold ATX 3.1 PSU', '750 W 80+ Gold PSU', '850 W 80+ Gold Modular PSU']);
    expect((await get(`q=${encodeURIComponent('{"$gt":""}')}`)).body.total).toBe(0);
  });

  it('filters by facets from the specs, and counts each facet among the parts the other filters leave', async () => {
    const boards = await get('category=Motherboard');
    const facet = (body: { facets: { param: string; values: { value: string; count: number }[] }[] }, param: string) =>
      Object.fromEntries(body.facets.find((entry) => entry.param === param)?.values.map(({ value, count }) => [value, count]) ?? []);
    expect(facet(boards.body, 'socket')).toEqual({ AM4: 2, AM5: 3, LGA1700: 3, LGA1851: 1 });
    expect(facet(boards.body, 'memoryType')).toEqual({ DDR4: 3, DDR5: 6 });
    expect(facet(boards.body, 'formFactor')).toEqual({ ATX: 6, 'Micro-ATX': 2, 'Mini-ITX': 1 });
    expect(boards.body.facets.map((entry: { param: string }) => entry.param)).toEqual(['socket', 'memoryType', 'formFactor']);

    const am5 = await get('category=Motherboard&socket=AM5');
    expect(names(am5.body).sort()).toEqual(['B650 WiFi ATX Motherboard', 'B650I Mini-ITX Motherboard', 'X870E Creator ATX Motherboard']);
    // The chosen facet keeps its other values' counts; the others count within AM5.
    expect(facet(am5.body, 'socket')).toEqual({ AM4: 2, AM5: 3, LGA1700: 3, LGA1851: 1 });
    expect(facet(am5.body, 'memoryType')).toEqual({ DDR5: 3 });
    expect(facet(am5.body, 'formFactor')).toEqual({ ATX: 2, 'Mini-ITX': 1 });

    // A socket finds the boards and the coolers that fit it.
    expect((await all('socket=AM4')).sort()).toEqual(seedNames((part) => sockets(part).includes('AM4')).sort());
    expect(await all('capacity=2000&interface=sata')).toEqual(['2 TB 2.5-inch SATA SSD']);
    expect((await all('capacity=32')).sort()).toEqual(['32 GB DDR4-3600 Kit (2x16 GB)', '32 GB DDR5-6000 Kit (2x16 GB)']);
    expect(await all('wattage=850-999')).toEqual(['850 W 80+ Gold Modular PSU']);
    expect((await all('wattage=1000-plus')).sort()).toEqual(['1000 W 80+ Gold ATX 3.1 PSU', '1200 W 80+ Platinum PSU', '1600 W 80+ Titanium PSU']);
    const wattage = await get('category=Power+Supplies');
    expect(wattage.body.facets).toEqual([
      {
        param: 'wattage',
        label: 'Wattage',
        values: [
          { value: 'under-650', label: 'Under 650 W', count: 1 },
          { value: '650-849', label: '650–849 W', count: 3 },
          { value: '850-999', label: '850–999 W', count: 1 },
          { value: '1000-plus', label: '1000 W and up', count: 3 },
        ],
      },
    ]);
    // Facets and search together.
    expect(await all('q=ddr5&formFactor=Mini-ITX')).toEqual(['B650I Mini-ITX Motherboard']);
  });

  it('sorts by price both ways', async () => {
    const ascending = [...seedParts].sort((a, b) => a.price - b.price).map((part) => part.price).slice(0, 50);
    const up = await get('sort=price-asc&limit=50');
    expect(up.body.items.map((part: { price: number }) => part.price)).toEqual(ascending);
    const down = await get('sort=price-desc&limit=50');
    expect(down.body.items.map((part: { price: number }) => part.price)).toEqual(
      [...seedParts].sort((a, b) => b.price - a.price).map((part) => part.price).slice(0, 50),
    );
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

  const known = 'use category, q, socket, memoryType, formFactor, interface, capacity, wattage, stock, minRating, sort, page, limit';
  it.each([
    ['category=GPU', 'category must be one of: Motherboard, Memory, Storage, CPU Cooler, Power Supplies, Video Card'],
    ['category=cpu%20cooler', 'category must be one of: Motherboard, Memory, Storage, CPU Cooler, Power Supplies, Video Card'],
    ['sort=cheapest', 'sort must be one of: newest, price-asc, price-desc, rating, relevance, name-asc, name-desc, stock-asc, stock-desc'],
    ['page=0', 'page must be a whole number from 1 to 1000000'],
    ['page=-1', 'page must be a whole number from 1 to 1000000'],
    ['page=1.5', 'page must be a whole number from 1 to 1000000'],
    ['page=abc', 'page must be a whole number from 1 to 1000000'],
    ['page=', 'page must be a whole number from 1 to 1000000'],
    ['limit=0', 'limit must be a whole number from 1 to 50'],
    ['limit=51', 'limit must be a whole number from 1 to 50'],
    ['limit=1e1', 'limit must be a whole number from 1 to 50'],
    ['category=Memory&category=Storage', 'category must be one of: Motherboard, Memory, Storage, CPU Cooler, Power Supplies, Video Card'],
    ['socket=AM3', 'socket must be one of: AM4, AM5, LGA1700, LGA1851'],
    ['socket=am5', 'socket must be one of: AM4, AM5, LGA1700, LGA1851'],
    ['memoryType=DDR3', 'memoryType must be one of: DDR4, DDR5'],
    ['formFactor=E-ATX', 'formFactor must be one of: ATX, Micro-ATX, Mini-ITX'],
    ['interface=usb', 'interface must be one of: nvme, sata'],
    ['capacity=0', 'capacity must be a whole number of GB from 1 to 100000'],
    ['capacity=1.5', 'capacity must be a whole number of GB from 1 to 100000'],
    ['capacity=200000', 'capacity must be a whole number of GB from 1 to 100000'],
    ['wattage=900', 'wattage must be one of: under-650, 650-849, 850-999, 1000-plus'],
    ['socket=AM4&socket=AM5', 'socket must be one of: AM4, AM5, LGA1700, LGA1851'],
    ['q[$ne]=x', `Unknown query parameter "q[$ne]": ${known}`],
    ['foo=1', `Unknown query parameter "foo": ${known}`],
    [`q=${'x'.repeat(101)}`, 'q must be at most 100 characters'],
  ])('refuses %s with a 400 and a sentence', async (query, message) => {
    const response = await get(query);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message });
  });
});

describe('the search index of parts stored before it', () => {
  it('is added at start (reindex), so the search finds them', async () => {
    const cache = createCatalogCache({ ttlMs: 60_000 });
    const own = await createTestApi({}, { catalogCache: cache });
    try {
      const { insertedId } = await own.database.collections.parts.insertOne({ ...seedParts[1]!, name: 'Legacy DDR5 kit', createdAt: new Date() });
      expect((await request(own.app).get('/tools?q=legacy')).body.total).toBe(0);
      const repository = createPartsRepository(own.database.collections.parts, { onCatalogChange: cache.invalidate });
      expect(await repository.reindex()).toBeGreaterThanOrEqual(1);
      expect(await repository.reindex()).toBe(0);
      const found = await request(own.app).get('/tools?q=legacy');
      expect(found.body.items.map((part: { _id: string }) => part._id)).toEqual([insertedId.toHexString()]);
    } finally {
      await own.close();
    }
  });
});
