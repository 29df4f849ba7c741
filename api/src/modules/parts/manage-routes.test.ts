import { LOW_STOCK_MAX, partEditMessages, productAdminText, validationMessages } from '@pcpp/contracts/core';
import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { createAccount, createTestApi, randomSuffix, type TestApi } from '../../../test/helpers';
import { seedParts } from '../../db/seed-data';
import { indexedPart } from './repository';

// Manage Products at scale (issue 34): GET /tools's stock filter and admin sorts, POST /tools/bulk,
// GET /tools.csv and POST /tools/import.

let api: TestApi;
let admin: { email: string; token: string };

beforeAll(async () => {
  api = await createTestApi();
  admin = await createAccount(api, 'admin');
});
afterAll(() => api.close());

const asAdmin = (call: request.Test) => call.set('Authorization', `Bearer ${admin.token}`);
const uploadUrl = () => `${api.config.publicApiUrl}/uploads/0b5c7d1e-9a4f-4f8e-8a41-2f7c1d9e6b3a.webp`;
/** A part added through the api (so it is indexed for search as the console adds them). */
async function addPart(fields: { name: string; p_quantity: number; price?: number; category?: string }) {
  const body = { category: 'Storage', min_quantity: 1, price: 5000, description: 'A part the manage test adds.', img: uploadUrl(), ...fields };
  const response = await asAdmin(request(api.app).post('/tools').send(body));
  expect([response.status, response.body.message]).toEqual([201, undefined]);
  return { ...body, _id: response.body.insertedId as string };
}
const list = async (query: string) => {
  const response = await request(api.app).get(`/tools?${query}`);
  expect(response.status).toBe(200);
  return response.body as { items: { _id: string; name: string; p_quantity: number; price: number; version: number }[]; total: number };
};
const latestActivity = async (limit = 1) => (await asAdmin(request(api.app).get(`/activity?limit=${limit}`))).body.items;

describe('GET /tools for Manage Products', () => {
  const word = `Quokka${randomSuffix().replace(/[^a-z]/gi, '').slice(0, 6)}`;
  let parts: Awaited<ReturnType<typeof addPart>>[];
  beforeAll(async () => {
    parts = [
      await addPart({ name: `${word} Alpha Drive`, p_quantity: 1, price: 3000 }),
      await addPart({ name: `${word} Beta Drive`, p_quantity: LOW_STOCK_MAX, price: 1000 }),
      await addPart({ name: `${word} Gamma Drive`, p_quantity: LOW_STOCK_MAX + 1, price: 2000 }),
    ];
    // Sold out: orders took the last one.
    await api.database.collections.parts.updateOne({ name: parts[0]!.name }, { $set: { p_quantity: 0 } });
  });

  it('finds parts by name, and filters them by stock: sold out, low, in stock', async () => {
    expect((await list(`q=${word}&limit=50`)).items.map((part) => part.name).sort()).toEqual(parts.map((part) => part.name).sort());
    expect((await list(`q=${word}&stock=sold-out`)).items.map((part) => part.name)).toEqual([`${word} Alpha Drive`]);
    expect((await list(`q=${word}&stock=low`)).items.map((part) => part.name)).toEqual([`${word} Beta Drive`]);
    expect((await list(`q=${word}&stock=in-stock`)).items.map((part) => part.name)).toEqual([`${word} Gamma Drive`]);
  });

  it('sorts by name and by stock', async () => {
    expect((await list(`q=${word}&sort=name-desc`)).items.map((part) => part.name)).toEqual([`${word} Gamma Drive`, `${word} Beta Drive`, `${word} Alpha Drive`]);
    expect((await list(`q=${word}&sort=stock-asc`)).items.map((part) => part.p_quantity)).toEqual([0, LOW_STOCK_MAX, LOW_STOCK_MAX + 1]);
    expect((await list(`q=${word}&sort=price-asc&category=Storage`)).items.map((part) => part.price)).toEqual([1000, 2000, 3000]);
  });

  it('refuses a stock filter or sort it does not know, with a sentence', async () => {
    const stock = await request(api.app).get('/tools?stock=plenty');
    expect(stock.status).toBe(400);
    expect(stock.body.message).toBe('stock must be one of: in-stock, low, sold-out');
    const sort = await request(api.app).get('/tools?sort=colour');
    expect(sort.status).toBe(400);
    expect(sort.body.message).toMatch(/^sort must be one of: .*name-asc.*stock-desc/);
  });
});

describe('POST /tools/bulk', () => {
  it('changes the price of three parts, each over its version, and logs each change', async () => {
    const parts = await Promise.all([1, 2, 3].map((n) => addPart({ name: `Bulk price ${n} ${randomSuffix()}`, p_quantity: 5 })));
    const response = await asAdmin(request(api.app).post('/tools/bulk')).send({ changes: parts.map((part) => ({ id: part._id, version: 0, price: 4499 })) });
    expect(response.status).toBe(200);
    expect(response.body.refused).toEqual([]);
    expect(response.body.updated.map((part: { _id: string; price: number; version: number }) => [part._id, part.price, part.version])).toEqual(
      parts.map((part) => [part._id, 4499, 1]),
    );
    const logged = await latestActivity(3);
    expect(logged.map((entry: { action: string; target: string }) => entry.target).sort()).toEqual(parts.map((part) => part.name).sort());
    expect(logged[0].changes).toEqual([{ field: 'price', from: '$50.00', to: '$44.99' }]);
  });

  it('keeps one Activity entry per part, and each puts its own part back: price, stock by the same units, once', async () => {
    const parts = await Promise.all([1, 2].map((n) => addPart({ name: `Put back ${n} ${randomSuffix()}`, p_quantity: 30, price: 5999 })));
    const bulk = await asAdmin(request(api.app).post('/tools/bulk')).send({
      changes: parts.map((part) => ({ id: part._id, version: 0, price: 4450, p_quantity: { from: 30, to: 12 } })),
    });
    expect(bulk.body.refused).toEqual([]);
    const entries = (await latestActivity(2)) as { _id: string; target: string; details: string; canPutBack: boolean; subject: { id: string } }[];
    expect(entries.map((entry) => [entry.target, entry.details, entry.canPutBack]).sort()).toEqual(
      parts.map((part) => [part.name, productAdminText.bulkDetails, true]).sort(),
    );
    const [first, second] = parts.map((part) => entries.find((entry) => entry.subject.id === part._id)!);
    // Orders took 2 of the first part's 12 meanwhile: putting back adds the 18 units the change took away.
    await api.database.collections.parts.updateOne({ name: parts[0]!.name }, { $inc: { p_quantity: -2 } });
    const putBack = await asAdmin(request(api.app).post(`/tools/${parts[0]!._id}/put-back`)).send({ activityId: first!._id });
    expect(putBack.status).toBe(200);
    expect(putBack.body).toMatchObject({ price: 5999, p_quantity: 28, version: 2 });
    // The second part stays as the bulk change left it.
    expect((await request(api.app).get(`/tools/${parts[1]!._id}`)).body).toMatchObject({ price: 4450, p_quantity: 12 });
    const [undoEntry] = await latestActivity(1);
    expect(undoEntry).toMatchObject({ action: 'product.edited', target: parts[0]!.name, details: productAdminText.putBackDetails });
    expect(undoEntry.changes).toEqual([
      { field: 'price', from: '$44.50', to: '$59.99' },
      { field: 'stock', from: '10', to: '28' },
    ]);
    const listed = (await latestActivity(5)).find((entry: { _id: string }) => entry._id === first!._id);
    expect(listed.canPutBack).toBeUndefined();
    expect(listed.putBack).toEqual({ by: admin.email, at: expect.any(String) });

    // Once only; and not over a later edit of the part.
    const again = await asAdmin(request(api.app).post(`/tools/${parts[0]!._id}/put-back`)).send({ activityId: first!._id });
    expect([again.status, again.body.message]).toEqual([409, productAdminText.putBackAlready(admin.email)]);
    expect((await asAdmin(request(api.app).patch(`/tools/${parts[1]!._id}`)).send({ version: 1, price: 3000 })).status).toBe(200);
    const stale = await asAdmin(request(api.app).post(`/tools/${parts[1]!._id}/put-back`)).send({ activityId: second!._id });
    expect([stale.status, stale.body.message]).toEqual([409, productAdminText.putBackChangedSince]);
    expect((await request(api.app).get(`/tools/${parts[1]!._id}`)).body).toMatchObject({ price: 3000, p_quantity: 12 });
    // Another part's entry, or an entry that is no edit, is not this part's to put back.
    const wrongPart = await asAdmin(request(api.app).post(`/tools/${parts[1]!._id}/put-back`)).send({ activityId: first!._id });
    expect([wrongPart.status, wrongPart.body.message]).toEqual([404, productAdminText.putBackUnknown]);
  });

  it('puts back a name, a category with its specs, and a description', async () => {
    const part = await addPart({ name: `Put back fields ${randomSuffix()}`, p_quantity: 4 });
    const specs = { interface: 'SATA 2.5"', capacityGB: 1000 };
    expect((await asAdmin(request(api.app).patch(`/tools/${part._id}`)).send({ version: 0, specs })).status).toBe(200);
    const edited = await asAdmin(request(api.app).patch(`/tools/${part._id}`)).send({ version: 1, name: `${part.name} v2`, category: 'Memory', description: 'Now memory.' });
    expect([edited.status, edited.body.specs]).toEqual([200, undefined]);
    const [entry] = await latestActivity(1);
    const putBack = await asAdmin(request(api.app).post(`/tools/${part._id}/put-back`)).send({ activityId: entry._id });
    expect(putBack.status).toBe(200);
    expect(putBack.body).toMatchObject({ name: part.name, category: 'Storage', description: part.description, specs });
  });

  it('refuses a stale row and names it, and still changes the others', async () => {
    const [fresh, stale] = await Promise.all([addPart({ name: `Bulk fresh ${randomSuffix()}`, p_quantity: 8 }), addPart({ name: `Bulk stale ${randomSuffix()}`, p_quantity: 8 })]);
    // Another admin saves the second part after this one loaded it.
    expect((await asAdmin(request(api.app).patch(`/tools/${stale._id}`)).send({ version: 0, price: 100 })).status).toBe(200);
    const response = await asAdmin(request(api.app).post('/tools/bulk')).send({
      changes: [
        { id: fresh._id, version: 0, p_quantity: { from: 8, to: 20 } },
        { id: stale._id, version: 0, p_quantity: { from: 8, to: 20 } },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body.updated.map((part: { _id: string; p_quantity: number }) => [part._id, part.p_quantity])).toEqual([[fresh._id, 20]]);
    expect(response.body.refused).toEqual([{ _id: stale._id, name: stale.name, message: partEditMessages.changedMeanwhile }]);
    const stored = await request(api.app).get(`/tools/${stale._id}`);
    expect(stored.body).toMatchObject({ p_quantity: 8, price: 100, version: 1 });
  });

  it('names a part deleted meanwhile, and a stock cut below what is left', async () => {
    const [gone, short] = await Promise.all([addPart({ name: `Bulk gone ${randomSuffix()}`, p_quantity: 3 }), addPart({ name: `Bulk short ${randomSuffix()}`, p_quantity: 3 })]);
    await asAdmin(request(api.app).delete(`/tools/${gone._id}`));
    // Orders took two of the three meanwhile.
    await api.database.collections.parts.updateOne({ name: short.name }, { $inc: { p_quantity: -2 } });
    const response = await asAdmin(request(api.app).post('/tools/bulk')).send({
      changes: [
        { id: gone._id, version: 0, price: 999 },
        { id: short._id, version: 0, p_quantity: { from: 3, to: 0 } },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body.updated).toEqual([]);
    expect(response.body.refused).toEqual([
      { _id: gone._id, name: gone._id, message: productAdminText.partGone },
      { _id: short._id, name: short.name, message: partEditMessages.stockBelowZero(1) },
    ]);
  });

  it.each([
    [{ changes: [] }, 'changes must name at least one part'],
    [{ changes: [{ id: 'x', version: 0, price: 100 }] }, 'id must be a part id'],
    [{ changes: [{ id: '0123456789abcdef01234567', version: 0 }] }, 'each change needs a price or p_quantity'],
    [{ changes: [{ id: '0123456789abcdef01234567', version: 0, price: 100, name: 'x' }] }, expect.stringContaining('"name"')],
    [{ changes: Array.from({ length: 2 }, () => ({ id: '0123456789abcdef01234567', version: 0, price: 100 })) }, 'changes must name each part once'],
    [{ changes: Array.from({ length: 51 }, (_v, index) => ({ id: index.toString(16).padStart(24, '0'), version: 0, price: 100 })) }, 'changes may name at most 50 parts'],
  ])('refuses a bad body with a sentence: %#', async (body, message) => {
    const response = await asAdmin(request(api.app).post('/tools/bulk')).send(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual(message);
  });
});

describe('GET /tools.csv', () => {
  it('lists every part with its specs, price in dollars, a formula-like name escaped', async () => {
    const risky = await addPart({ name: `=HYPERLINK("http://evil.example") ${randomSuffix()}`, p_quantity: 4, price: 12999 });
    const response = await asAdmin(request(api.app).get('/tools.csv'));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="products.csv"');
    const rows = parse(response.text, { bom: true, columns: true }) as Record<string, string>[];
    const total = await list('limit=1');
    expect(rows).toHaveLength(total.total);
    expect(rows.find((row) => row.name === `'${risky.name}`)).toEqual({
      name: `'${risky.name}`,
      category: 'Storage',
      price: '129.99',
      p_quantity: '4',
      min_quantity: '1',
      description: 'A part the manage test adds.',
      img: uploadUrl(),
      specs: '',
    });
  });
});

describe('POST /tools/import', () => {
  const importCsv = (csv: string, dryRun: boolean) =>
    asAdmin(request(api.app).post(`/tools/import?dryRun=${dryRun}`)).set('Content-Type', 'text/csv').send(csv);

  it('dry run: says per row what it would do and every error with its row and column, and writes nothing', async () => {
    const existing = await addPart({ name: `Import existing ${randomSuffix()}`, p_quantity: 5, price: 5000 });
    const newName = `Import new ${randomSuffix()}`;
    const csv = [
      'name,category,price,p_quantity,min_quantity,description,img',
      `${newName},Storage,59.90,12,1,A drive from the supplier's list.,${uploadUrl()}`,
      `${existing.name.toUpperCase()},Storage,45.00,,,,`,
      `Import broken ${randomSuffix()},Toaster,free,-3,1,,`,
    ].join('\n');
    const before = await api.database.collections.parts.countDocuments();
    const response = await importCsv(csv, true);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      dryRun: true,
      created: 1,
      updated: 1,
      errors: 1,
      rows: [
        { row: 2, action: 'create', name: newName, errors: [], changes: [] },
        { row: 3, action: 'update', name: existing.name.toUpperCase(), errors: [], changes: ['price'] },
        {
          row: 4,
          action: 'error',
          name: expect.stringMatching(/^Import broken/),
          errors: [
            { row: 4, column: 'price', message: productAdminText.importPrice },
            { row: 4, column: 'p_quantity', message: 'The quantity must be a whole number.' },
            { row: 4, column: 'category', message: expect.stringMatching(/^The category must be one of: Motherboard/) },
          ],
          changes: [],
        },
      ],
    });
    expect(await api.database.collections.parts.countDocuments()).toBe(before);
    expect((await request(api.app).get(`/tools/${existing._id}`)).body.price).toBe(5000);
  });

  it('apply: changes only the valid rows, creates them once however often it runs, and logs the import', async () => {
    const existing = await addPart({ name: `Import update ${randomSuffix()}`, p_quantity: 5, price: 5000 });
    const names = [`Import good A ${randomSuffix()}`, `Import good B ${randomSuffix()}`];
    const csv = [
      'name,category,price,p_quantity,min_quantity,description,img,specs',
      `${names[0]},Storage,10.00,3,1,First good row.,${uploadUrl()},`,
      `"Import bad ${randomSuffix()}",Memory,"1,000.00",3,1,Bad price.,${uploadUrl()},`,
      `${names[1]},Memory,20.00,4,2,"Second good row, with a comma.",${uploadUrl()},"{""memoryType"":""DDR5"",""modules"":2,""moduleGB"":16,""speedMTs"":6000}"`,
      `${existing.name},Storage,,9,,,,`,
      `Import no image ${randomSuffix()},Storage,10.00,3,1,No image.,,`,
    ].join('\n');
    const first = await importCsv(csv, false);
    expect(first.status).toBe(200);
    expect(first.body.rows.map((row: { row: number; action: string }) => [row.row, row.action])).toEqual([
      [2, 'create'],
      [3, 'error'],
      [4, 'create'],
      [5, 'update'],
      [6, 'error'],
    ]);
    expect(first.body.rows[4].errors).toEqual([{ row: 6, column: 'img', message: expect.any(String) }]);
    expect(first.body).toMatchObject({ dryRun: false, created: 2, updated: 1, errors: 2 });
    const stored = await api.database.collections.parts.find({ name: { $in: names } }).toArray();
    expect(stored.map((part) => [part.name, part.price, part.p_quantity, part.min_quantity]).sort()).toEqual([
      [names[0], 1000, 3, 1],
      [names[1], 2000, 4, 2],
    ]);
    expect(stored.find((part) => part.name === names[1])?.specs).toEqual({ memoryType: "DDR5", modules: 2, moduleGB: 16, speedMTs: 6000 });
    expect((await request(api.app).get(`/tools/${existing._id}`)).body).toMatchObject({ p_quantity: 9, price: 5000, version: 1 });
    expect((await latestActivity())[0]).toMatchObject({ action: 'product.imported', actor: admin.email, details: '2 created, 1 updated, 2 refused (5 rows)' });

    // The same file again: nothing new, nothing changed.
    const countBefore = await api.database.collections.parts.countDocuments();
    const again = await importCsv(csv, false);
    expect(again.body).toMatchObject({ created: 0, updated: 3, errors: 2 });
    expect(again.body.rows.filter((row: { action: string }) => row.action === 'update').map((row: { changes: string[] }) => row.changes)).toEqual([[], [], []]);
    expect(await api.database.collections.parts.countDocuments()).toBe(countBefore);
    expect((await request(api.app).get(`/tools/${existing._id}`)).body.version).toBe(1);
    expect((await latestActivity())[0]).toMatchObject({ action: 'product.imported', details: '2 created, 1 updated, 2 refused (5 rows)' });
    expect(await api.database.collections.activity.countDocuments({ action: 'product.imported' })).toBe(1);
  });

  it('reads back the file GET /tools.csv writes: every row an update that changes nothing', async () => {
    await addPart({ name: `=Import formula ${randomSuffix()}`, p_quantity: 2 });
    const exported = await asAdmin(request(api.app).get('/tools.csv'));
    const response = await importCsv(exported.text, true);
    expect(response.status).toBe(200);
    expect(response.body.errors).toBe(0);
    expect(response.body.created).toBe(0);
    expect(response.body.rows.every((row: { action: string; changes: string[] }) => row.action === 'update' && row.changes.length === 0)).toBe(true);
  });

  it('reads back a seeded catalog as it stands: the shop’s own pictures, a stock below its minimum, two parts of one name', async () => {
    // The demo catalog's parts as the seed stores them (a picture of the shop's own), one whose
    // orders took its stock below its minimum order, and two of one name and category.
    const [first, second, third] = seedParts.filter((part) => part.category === 'Memory');
    const tag = randomSuffix();
    const seeded = [
      { ...first!, name: `${first!.name} ${tag}` },
      { ...second!, name: `${second!.name} ${tag}`, min_quantity: 10, p_quantity: 4 },
      { ...third!, name: `Twin ${tag}` },
      { ...third!, name: `Twin ${tag}`, price: third!.price + 100 },
    ];
    for (const part of seeded) await api.database.collections.parts.insertOne(indexedPart({ ...part, createdAt: new Date() }));
    const exported = await asAdmin(request(api.app).get('/tools.csv'));
    expect(exported.text).toContain(`${first!.img},`);
    const response = await importCsv(exported.text, true);
    expect(response.status).toBe(200);
    expect(response.body.rows.filter((row: { action: string }) => row.action !== 'update')).toEqual([]);
    expect(response.body).toMatchObject({ errors: 0, created: 0 });
    expect(response.body.rows.filter((row: { changes: string[] }) => row.changes.length > 0)).toEqual([]);
    // Applied, it changes nothing either.
    const applied = await importCsv(exported.text, false);
    expect(applied.body).toMatchObject({ errors: 0, created: 0 });
  });

  it('takes the shop’s own pictures for a new part like uploads, and still refuses another site’s or a missing one', async () => {
    const seededPicture = seedParts[0]!.img;
    const row = (name: string, img: string) => `${name},Storage,19.99,3,1,A drive.,${img}`;
    const names = [`Own picture ${randomSuffix()}`, `Absolute picture ${randomSuffix()}`, `Foreign ${randomSuffix()}`, `Missing ${randomSuffix()}`];
    const csv = [
      'name,category,price,p_quantity,min_quantity,description,img',
      row(names[0]!, seededPicture),
      row(names[1]!, `${api.config.publicApiUrl}${seededPicture}`),
      row(names[2]!, 'https://pictures.example.com/images/parts/a.svg'),
      row(names[3]!, '/images/parts/no-such-part.svg'),
    ].join('\n');
    const response = await importCsv(csv, true);
    expect(response.body.rows.map((found: { action: string }) => found.action)).toEqual(['create', 'create', 'error', 'error']);
    expect(response.body.rows[2].errors).toEqual([{ row: 4, column: 'img', message: productAdminText.importImageRefused }]);
    // POST /tools and PATCH /tools/{id} by the same rule.
    const added = await asAdmin(request(api.app).post('/tools')).send({
      name: names[0], category: 'Storage', p_quantity: 3, min_quantity: 1, price: 1999, description: 'A drive.', img: seededPicture,
    });
    expect(added.status).toBe(201);
    const foreign = await asAdmin(request(api.app).patch(`/tools/${added.body.insertedId}`)).send({ version: 0, img: 'https://pictures.example.com/x.webp' });
    expect([foreign.status, foreign.body.message]).toEqual([400, validationMessages.imageNotUploaded]);
    const missing = await asAdmin(request(api.app).patch(`/tools/${added.body.insertedId}`)).send({ version: 0, img: '/images/parts/no-such-part.svg' });
    expect([missing.status, missing.body.message]).toEqual([400, validationMessages.imageNotUploaded]);
    const other = await asAdmin(request(api.app).patch(`/tools/${added.body.insertedId}`)).send({ version: 0, img: seedParts[1]!.img });
    expect([other.status, other.body.img]).toEqual([200, seedParts[1]!.img]);
  });

  it('refuses a file it cannot read, with a sentence', async () => {
    const cases: [request.Test, number, string | RegExp][] = [
      [asAdmin(request(api.app).post('/tools/import?dryRun=true')).send({ name: 'x' }), 415, productAdminText.importNeedsCsv],
      [importCsv('name,category,colour\nA,Storage,red', true), 400, /unknown columns: colour/],
      [importCsv('name,price\nA,1.00', true), 400, "The CSV file's header lacks category"],
      [importCsv('name,category\n', true), 400, productAdminText.importNoRows],
      [importCsv('name,category\n"A,Storage', true), 400, /^The CSV file could not be read/],
      [importCsv(`name,category\n${'x,Storage\n'.repeat(1001)}`, true), 400, productAdminText.importTooManyRows],
      [importCsv(`name,category\n${'x'.repeat(600 * 1024)},Storage`, true), 413, productAdminText.importTooLarge],
      [asAdmin(request(api.app).post('/tools/import')).set('Content-Type', 'text/csv').send('name,category\nA,Storage'), 400, 'dryRun must be true or false'],
    ];
    for (const [call, status, message] of cases) {
      const response = await call;
      expect([response.status, response.body.message]).toEqual([status, typeof message === 'string' ? message : expect.stringMatching(message)]);
    }
  });
});
