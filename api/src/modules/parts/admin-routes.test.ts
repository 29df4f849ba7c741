import { partEditMessages, partInputSchema, type Part, SPECS_UNKNOWN, specSummary, validationMessages } from '@pcpp/contracts/core';
import { ObjectId } from 'mongodb';
import request from 'supertest';
import { createAccount, createPart, createTestApi, insertOrder, signUpWithAccessToken, type TestApi } from '../../../test/helpers';
import { createStock } from '../orders/store/stock';
import { createActivityLog } from '../activity/service';
import { createActivityRepository } from '../activity/repository';
import { createPartsRepository } from './repository';
import { createPartsService } from './service';

// POST /tools, PATCH /tools/{id} and DELETE /tools/{id} (admin).

let api: TestApi;
let admin: { email: string; token: string };

beforeAll(async () => {
  api = await createTestApi();
  admin = await createAccount(api, 'admin');
});
afterAll(() => api.close());

const asAdmin = (call: request.Test) => call.set('Authorization', `Bearer ${admin.token}`);
/** An address the api's upload storage gives out (the disk store under PUBLIC_API_URL). */
const uploadUrl = (name = '0b5c7d1e-9a4f-4f8e-8a41-2f7c1d9e6b3a') => `${api.config.publicApiUrl}/uploads/${name}.webp`;
const partBody = (fields: object = {}) => ({
  name: 'Admin Test SSD 2 TB',
  category: 'Storage',
  p_quantity: 40,
  min_quantity: 2,
  price: 12999,
  description: 'A drive the admin test adds.',
  img: uploadUrl(),
  ...fields,
});
const postPart = (body: object) => asAdmin(request(api.app).post('/tools').send(body));
/** A customer the identity provider knows (placing an order reads the account there). */
const signUpCustomer = () => signUpWithAccessToken(api);
const latestActivity = async () => (await asAdmin(request(api.app).get('/activity?limit=1'))).body.items[0];

describe('POST /tools', () => {
  it('stores the part, which the catalog lists at once, and logs it', async () => {
    const response = await postPart(partBody());
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ insertedId: expect.stringMatching(/^[0-9a-f]{24}$/) });
    const expected: Part = { ...partBody(), _id: response.body.insertedId, version: 0, createdAt: expect.any(String) } as Part;

    const all = await request(api.app).get('/tools');
    expect(all.body.at(-1)).toEqual(expected);
    const newest = await request(api.app).get('/tools?sort=newest&limit=6');
    expect(newest.body.items[0]).toEqual(expected);
    const stored = await api.database.collections.parts.findOne({ _id: ObjectId.createFromHexString(response.body.insertedId) });
    expect(stored!.createdAt).toBeInstanceOf(Date);

    expect(await latestActivity()).toMatchObject({ action: 'product.added', actor: admin.email, target: 'Admin Test SSD 2 TB' });
  });

  it.each([
    ['a minimum order above the quantity', { p_quantity: 3, min_quantity: 4 }, 'Minimum order must not be above the quantity'],
    ['an unknown key', { featured: true }, 'Unrecognized key: "featured"'],
    ['a price in dollars', { price: 129.99 }, 'price must be whole cents'],
    ['a price of 0', { price: 0 }, 'price must be more than 0'],
    ['a fractional quantity', { p_quantity: 2.5 }, 'must be a whole number'],
    ['no name', { name: '  ' }, 'product Name is Required'],
    ['no image', { img: '' }, 'Image is Required'],
    ['an image that is not a URL', { img: 'photo.png' }, 'Image must be a picture uploaded to the shop'],
    ['a javascript: image', { img: 'javascript:alert(document.cookie)' }, 'Image must be a picture uploaded to the shop'],
    ['a data: image', { img: 'data:image/svg+xml,<svg onload=alert(1)>' }, 'Image must be a picture uploaded to the shop'],
    ['an image on another site', { img: 'https://images.example.com/ssd.webp' }, 'Image must be a picture uploaded to the shop'],
    ['an image beside the uploads', { img: 'http://localhost:4000/docs' }, 'Image must be a picture uploaded to the shop'],
    ['an upload address with a query', { img: `${'http://localhost:4000'}/uploads/0b5c7d1e.webp?x=1` }, 'Image must be a picture uploaded to the shop'],
    ['a name of a zero-width space', { name: '\u200b' }, 'product Name is Required'],
    ['a description with a NUL', { description: 'fast\u0000drive' }, 'Remove the control characters or broken symbols: this text cannot be saved with them'],
    ['an unknown category', { category: 'GPU' }, 'category must be one of: Motherboard, Memory, Storage, CPU Cooler, Power Supplies, Video Card'],
  ])('refuses %s with a 400 and stores nothing', async (_what, fields, message) => {
    const before = await api.database.collections.parts.countDocuments({});
    const response = await postPart(partBody(fields));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message });
    expect(await api.database.collections.parts.countDocuments({})).toBe(before);
  });

  it.each([
    ['Motherboard', { socket: 'AM5', chipset: 'B650', formFactor: 'Mini-ITX', memoryType: 'DDR5', memorySlots: 2, maxMemoryGB: 96, m2Slots: 2, sataPorts: 2 }],
    ['Memory', { memoryType: 'DDR5', modules: 2, moduleGB: 24, speedMTs: 7200 }],
    ['Storage', { interface: 'SATA 2.5"', capacityGB: 4000 }],
    ['CPU Cooler', { sockets: ['AM5', 'LGA1851'], type: 'AIO 280', heightMM: 52, ratedTdpW: 280 }],
    ['Power Supplies', { wattage: 1000, efficiency: '80+ Platinum', pcie8Pin: 4, pcie12v2x6: 1 }],
    ['Video Card', { chip: 'Radeon RX 7700 XT', memoryGB: 12, boardPowerW: 245, lengthMM: 267, pcie8Pin: 2, pcie12v2x6: 0 }],
  ])('stores a %s with its specs, which the catalog serves, filters and searches', async (category, specs) => {
    const name = `Specced ${category} ${Math.random().toString(36).slice(2, 8)}`;
    const response = await postPart(partBody({ name, category, specs }));
    expect(response.status).toBe(201);
    const served = await request(api.app).get(`/tools/${response.body.insertedId}`);
    expect(served.body).toMatchObject({ name, category, specs });
    const found = await request(api.app).get(`/tools?q=${encodeURIComponent(name)}&limit=50`);
    expect(found.body.items.map((part: Part) => part._id)).toContain(response.body.insertedId);
  });

  it.each([
    ['memory specs on a motherboard', 'Motherboard', { memoryType: 'DDR5', modules: 2, moduleGB: 16, speedMTs: 6000 }, 'socket must be one of: AM4, AM5, LGA1700, LGA1851'],
    ['a socket on memory', 'Memory', { memoryType: 'DDR5', modules: 2, moduleGB: 16, speedMTs: 6000, socket: 'AM5' }, 'specs of a Memory part take only memoryType, modules, moduleGB, speedMTs'],
    ['a capacity in text', 'Storage', { interface: 'NVMe M.2', capacityGB: '2 TB' }, 'capacity must be a whole number from 1 to 100000'],
    ['an unknown socket on a cooler', 'CPU Cooler', { sockets: ['AM3'], type: 'Air', heightMM: 150, ratedTdpW: 200 }, 'supported sockets must be from: AM4, AM5, LGA1700, LGA1851'],
    ['a wattage too small', 'Power Supplies', { wattage: 90, efficiency: '80+', pcie8Pin: 0, pcie12v2x6: 0 }, 'wattage must be a whole number from 200 to 3000'],
    ['a card with an operator', 'Video Card', { chip: { $gt: '' }, memoryGB: 8, boardPowerW: 115, lengthMM: 170, pcie8Pin: 1, pcie12v2x6: 0 }, 'chip is required'],
  ])('refuses %s with a 400 naming the field, and stores nothing', async (_what, category, specs, message) => {
    const before = await api.database.collections.parts.countDocuments({});
    const response = await postPart(partBody({ category, specs }));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await api.database.collections.parts.countDocuments({})).toBe(before);
  });

  it("keeps a part posted without specs (the spec's body): served without them", async () => {
    const response = await postPart(partBody({ name: 'No specs SSD' }));
    const served = await request(api.app).get(`/tools/${response.body.insertedId}`);
    expect(served.body.specs).toBeUndefined();
    expect(served.body.name).toBe('No specs SSD');
  });

  it('refuses a body that is not JSON object fields and a query parameter', async () => {
    expect((await postPart([partBody()])).status).toBe(400);
    const withQuery = await asAdmin(request(api.app).post('/tools?draft=1').send(partBody()));
    expect(withQuery.status).toBe(400);
    expect(withQuery.body).toMatchObject({ message: 'Unknown query parameter "draft": this call takes none' });
  });
});

describe('the uploads the parts service tells about the image', () => {
  const service = (uploads: { attach(url: string): Promise<void> }) =>
    createPartsService(createPartsRepository(api.database.collections.parts), {
      activity: createActivityLog(createActivityRepository(api.database.collections.activity)),
      uploads: { ...uploads, isUploadUrl: () => true },
    });
  const caller = () => ({ sub: 'a'.repeat(24), uid: 'admin-uid', email: admin.email, role: 'admin' as const });

  it('attaches the image after the part is stored', async () => {
    const seen: { url: string; stored: boolean }[] = [];
    const parts = service({
      async attach(url) {
        seen.push({ url, stored: (await api.database.collections.parts.countDocuments({ img: url })) === 1 });
      },
    });
    const img = 'https://images.example.com/attached.webp';
    await parts.add(caller(), partInputSchema.parse(partBody({ img })));
    expect(seen).toEqual([{ url: img, stored: true }]);
  });

  it('takes the part out again when its image cannot be kept', async () => {
    const parts = service({ attach: () => Promise.reject(new Error('upload store is down')) });
    const img = 'https://images.example.com/lost.webp';
    await expect(parts.add(caller(), partInputSchema.parse(partBody({ img })))).rejects.toThrow('upload store is down');
    expect(await api.database.collections.parts.countDocuments({ img })).toBe(0);
  });
});

describe('DELETE /tools/{id}', () => {
  it('deletes the part, logs its name, and orders keep their own copy of name and price', async () => {
    const part = await createPart(api, { p_quantity: 9, price: 4550 });
    const customer = await createAccount(api, 'customer');
    const order = await insertOrder(api, part, { email: customer.email, order_quantity: 2 });

    const response = await asAdmin(request(api.app).delete(`/tools/${part.id}`));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ deletedCount: 1 });
    expect((await asAdmin(request(api.app).get(`/tools/${part.id}`))).status).toBe(404);
    expect(await latestActivity()).toMatchObject({ action: 'product.deleted', actor: admin.email, target: part.name });

    const kept = await asAdmin(request(api.app).get(`/order/${order.id}`));
    expect(kept.body).toMatchObject({ productId: part.id, productName: part.name, per_product_price: 4550, totalAmount: 9100 });

    const again = await asAdmin(request(api.app).delete(`/tools/${part.id}`));
    expect(again.body).toEqual({ deletedCount: 0 });
  });

  it('refuses a malformed id and a body', async () => {
    expect((await asAdmin(request(api.app).delete('/tools/xyz'))).body).toMatchObject({ message: 'Invalid part id' });
    const part = await createPart(api, { p_quantity: 1 });
    const withBody = await asAdmin(request(api.app).delete(`/tools/${part.id}`).send({ soft: true }));
    expect(withBody.status).toBe(400);
    expect(await api.database.collections.parts.countDocuments({ _id: part._id })).toBe(1);
  });
});

describe('PATCH /tools/{id}', () => {
  const patch = (id: string, body: object) => asAdmin(request(api.app).patch(`/tools/${id}`).send(body));
  const stored = async (id: ObjectId) => (await api.database.collections.parts.findOne({ _id: id }))!;

  it('changes only the fields sent, counts a version, shows in the catalog at once, and logs field: old → new', async () => {
    const part = await createPart(api, { p_quantity: 12, price: 12999 });
    const before = (await request(api.app).get(`/tools/${part.id}`)).body as Part;
    expect(before.version).toBe(0);

    const response = await patch(part.id, { version: 0, price: 11999 });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...before, price: 11999, version: 1 });
    expect((await request(api.app).get(`/tools/${part.id}`)).body).toEqual(response.body);
    expect((await request(api.app).get('/tools?sort=newest&limit=50')).body.items).toContainEqual(response.body);

    expect(await latestActivity()).toEqual({
      _id: expect.any(String),
      action: 'product.edited',
      actor: admin.email,
      target: part.name,
      changes: [{ field: 'price', from: '$129.99', to: '$119.99' }],
      subject: { kind: 'product', id: part.id, exists: true },
      // The edit can be put back from Activity (the part has not changed since).
      canPutBack: true,
      at: expect.any(String),
    });

    const renamed = await patch(part.id, { version: 1, name: 'Renamed Part', category: 'Storage', min_quantity: 2, description: 'New words.' });
    expect(renamed.body).toMatchObject({ name: 'Renamed Part', category: 'Storage', min_quantity: 2, description: 'New words.', price: 11999, p_quantity: 12, version: 2 });
    expect((await latestActivity()).changes).toEqual([
      { field: 'name', from: part.name, to: 'Renamed Part' },
      { field: 'category', from: part.category, to: 'Storage' },
      { field: 'minimum order', from: '1', to: '2' },
      { field: 'description', from: part.description.length > 80 ? `${part.description.slice(0, 79)}…` : part.description, to: 'New words.' },
      // The board's specs are no drive's: a new category without specs drops them.
      { field: 'specs', from: specSummary(part), to: SPECS_UNKNOWN },
    ]);
    expect(renamed.body).not.toHaveProperty('specs');
    // The catalog's search and filters read the part as it is now.
    const ids = async (query: string) => ((await request(api.app).get(`/tools?${query}&limit=50`)).body.items as Part[]).map((found) => found._id);
    expect(await ids('q=renamed')).toContain(part.id);
    expect(await ids('category=Storage')).toContain(part.id);
    expect(await ids('socket=AM4')).not.toContain(part.id);
  });

  it('edits the specs: checked against the category, searchable at once, logged; null removes them', async () => {
    const part = await createPart(api, { p_quantity: 4 });
    const specs = { ...(part.specs as Record<string, unknown>), socket: 'AM5', chipset: 'X670E' };
    const edited = await patch(part.id, { version: 0, specs });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ specs, version: 1 });
    expect((await latestActivity()).changes).toEqual([{ field: 'specs', from: specSummary(part), to: 'AM5 · X670E · ATX · DDR4' }]);
    const ids = async (query: string) => ((await request(api.app).get(`/tools?${query}&limit=50`)).body.items as Part[]).map((found) => found._id);
    expect(await ids('socket=AM5')).toContain(part.id);
    expect(await ids('socket=AM4')).not.toContain(part.id);
    expect(await ids('q=x670e')).toContain(part.id);

    // Another category's specs, or a board's with a wrong value: 400, nothing changed.
    const memorySpecs = await patch(part.id, { version: 1, specs: { memoryType: 'DDR5', modules: 2, moduleGB: 16, speedMTs: 6000 } });
    expect(memorySpecs.status).toBe(400);
    expect(memorySpecs.body.message).toMatch(/^specs of a Motherboard part take only socket, chipset/);
    const badSocket = await patch(part.id, { version: 1, specs: { ...specs, socket: 'AM3' } });
    expect(badSocket.status).toBe(400);
    expect(badSocket.body).toEqual({ message: 'socket must be one of: AM4, AM5, LGA1700, LGA1851' });
    // A drive's specs are fine once the category changes with them.
    const drive = await patch(part.id, { version: 1, category: 'Storage', specs: { interface: 'NVMe M.2', capacityGB: 2000 } });
    expect(drive.status).toBe(200);
    expect(drive.body).toMatchObject({ category: 'Storage', specs: { interface: 'NVMe M.2', capacityGB: 2000 }, version: 2 });

    const removed = await patch(part.id, { version: 2, specs: null });
    expect(removed.status).toBe(200);
    expect(removed.body).not.toHaveProperty('specs');
    expect(await stored(part._id)).not.toHaveProperty('specs');
    expect((await latestActivity()).changes).toEqual([{ field: 'specs', from: 'NVMe M.2 · 2 TB', to: SPECS_UNKNOWN }]);
    // Removing specs it does not have is no change.
    expect((await patch(part.id, { version: 3, specs: null })).body).toMatchObject({ version: 3 });
  });

  it('refuses a photo that is not one of the shop’s uploads, as for an added part', async () => {
    const part = await createPart(api, { p_quantity: 4 });
    const response = await patch(part.id, { version: 0, img: 'https://images.example.com/elsewhere.webp' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: validationMessages.imageNotUploaded });
    expect((await stored(part._id)).img).toBe(part.img);
  });

  it('answers the part as it is, with no new version and nothing logged, when nothing differs', async () => {
    const part = await createPart(api, { p_quantity: 3, price: 500 });
    const logged = await api.database.collections.activity.countDocuments({});
    const response = await patch(part.id, { version: 0, price: 500, p_quantity: { from: 3, to: 3 } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ price: 500, p_quantity: 3, version: 0 });
    expect(await api.database.collections.activity.countDocuments({})).toBe(logged);
  });

  it('refuses a stale version with a 409 the form can show, changing nothing', async () => {
    const part = await createPart(api, { p_quantity: 5, price: 1000 });
    expect((await patch(part.id, { version: 0, price: 1100 })).status).toBe(200);
    const stale = await patch(part.id, { version: 0, price: 900, name: 'Stale edit' });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: partEditMessages.changedMeanwhile });
    expect(await stored(part._id)).toMatchObject({ price: 1100, name: part.name, version: 1 });
    const ahead = await patch(part.id, { version: 7, price: 900 });
    expect(ahead.status).toBe(409);
  });

  it('lets exactly one of concurrent edits of the same version win, the others 409, round after round', async () => {
    for (let round = 0; round < 15; round += 1) {
      const part = await createPart(api, { p_quantity: 5, price: 1000 });
      const answers = await Promise.all([1, 2, 3, 4].map((n) => patch(part.id, { version: 0, price: 1000 + n })));
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409]);
      const winner = answers.find((answer) => answer.status === 200)!.body as Part;
      expect(await stored(part._id)).toMatchObject({ price: winner.price, version: 1 });
      expect(await api.database.collections.activity.countDocuments({ 'subject.id': part.id })).toBe(1);
    }
  });

  it('moves the stock by the difference from the figure loaded, keeping what orders took meanwhile', async () => {
    const part = await createPart(api, { p_quantity: 10 });
    const customer = await signUpCustomer();
    // Loaded at 10; a customer orders 3 before the admin saves 10 → 25.
    const ordered = await request(api.app)
      .post('/order')
      .set('Authorization', `Bearer ${customer.token}`)
      .send({ productId: part.id, order_quantity: 3, address: '1 Main Street', phone: '555 0100' });
    expect(ordered.status).toBe(201);
    const response = await patch(part.id, { version: 0, p_quantity: { from: 10, to: 25 } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ p_quantity: 22, version: 1 });
    expect((await latestActivity()).changes).toEqual([{ field: 'stock', from: '7', to: '22' }]);
  });

  it('never loses units to orders racing stock edits', async () => {
    const repository = createPartsRepository(api.database.collections.parts);
    const stock = createStock({ parts: api.database.collections.parts, orders: api.database.collections, onCatalogChange: () => {} });
    for (let round = 0; round < 10; round += 1) {
      const part = await createPart(api, { p_quantity: 50 });
      // 20 single-unit orders race one admin adding 30 to the 50 loaded.
      const [edit, ...taken] = await Promise.all([
        repository.edit(part, 0, { set: {}, stockDelta: 30 }),
        ...Array.from({ length: 20 }, () => stock.take(part._id, 1)),
      ]);
      expect(edit).not.toBeNull();
      expect(taken.filter(Boolean)).toHaveLength(20);
      expect((await stored(part._id)).p_quantity).toBe(50 + 30 - 20);
    }
  });

  it('refuses a cut below 0 once orders took stock meanwhile, with how many are left', async () => {
    const part = await createPart(api, { p_quantity: 2 });
    // Loaded at 10, now 2: the cut of 5 would leave -3.
    const response = await patch(part.id, { version: 0, p_quantity: { from: 10, to: 5 } });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: partEditMessages.stockBelowZero(2), available: 2 });
    expect(await stored(part._id)).toMatchObject({ p_quantity: 2 });
    expect((await stored(part._id)).version).toBeUndefined();
    // Marking it sold out from the figure loaded is fine.
    expect((await patch(part.id, { version: 0, p_quantity: { from: 2, to: 0 } })).body).toMatchObject({ p_quantity: 0, version: 1 });
  });

  it('never changes a placed order: its name and price stay its own', async () => {
    const part = await createPart(api, { p_quantity: 9, price: 4550 });
    const customer = await createAccount(api, 'customer');
    const order = await insertOrder(api, part, { email: customer.email, order_quantity: 2 });
    expect((await patch(part.id, { version: 0, price: 9999, name: 'Pricier Part' })).status).toBe(200);
    const kept = await asAdmin(request(api.app).get(`/order/${order.id}`));
    expect(kept.body).toMatchObject({ productName: part.name, per_product_price: 4550, totalAmount: 9100 });
  });

  it.each([
    ['only a version', { version: 0 }, partEditMessages.nothingToChange],
    ['no version', { price: 100 }, partEditMessages.versionRequired],
    ['a negative version', { version: -1, price: 100 }, partEditMessages.versionRequired],
    ['an unknown key', { version: 0, featured: true }, 'Unrecognized key: "featured"'],
    ['the id', { version: 0, _id: '0'.repeat(24) }, 'Unrecognized key: "_id"'],
    ['a stock as a number', { version: 0, p_quantity: 5 }, 'p_quantity must be {from, to}: the stock you loaded and the stock you want'],
    ['a stock below 0', { version: 0, p_quantity: { from: 5, to: -1 } }, 'p_quantity.to must be 0 or more'],
    ['a stock with another key', { version: 0, p_quantity: { from: 5, to: 6, by: 1 } }, 'Unrecognized key: "by"'],
    ['a minimum above the new stock', { version: 0, min_quantity: 9, p_quantity: { from: 5, to: 6 } }, 'Minimum order must not be above the quantity'],
    ['a price in dollars', { version: 0, price: 12.5 }, 'price must be whole cents'],
    ['an empty name', { version: 0, name: '  ' }, 'product Name is Required'],
    ['an image that is not a URL', { version: 0, img: 'photo.png' }, validationMessages.imageNotUploaded],
    ['specs that are not an object', { version: 0, specs: 'AM5' }, 'specs must be an object of the category’s specs, or null'],
  ])('refuses %s with a 400 and changes nothing', async (_what, body, message) => {
    const part = await createPart(api, { p_quantity: 5 });
    const response = await patch(part.id, body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message });
    expect((await stored(part._id)).version).toBeUndefined();
  });

  it('answers 404 for a part that is gone, 400 for a malformed id', async () => {
    expect((await patch('0'.repeat(24), { version: 0, price: 100 })).status).toBe(404);
    expect((await patch('xyz', { version: 0, price: 100 })).body).toMatchObject({ message: 'Invalid part id' });
  });
});
