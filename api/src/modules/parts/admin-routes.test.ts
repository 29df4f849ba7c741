import { partInputSchema, type Part } from '@pcpp/contracts/core';
import { ObjectId } from 'mongodb';
import request from 'supertest';
import { createAccount, createPart, createTestApi, insertOrder, type TestApi } from '../../../test/helpers';
import { createActivityLog } from '../activity/service';
import { createActivityRepository } from '../activity/repository';
import { createPartsRepository } from './repository';
import { createPartsService } from './service';

// POST /tools and DELETE /tools/{id} (admin).

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
const latestActivity = async () => (await asAdmin(request(api.app).get('/activity?limit=1'))).body.items[0];

describe('POST /tools', () => {
  it('stores the part, which the catalog lists at once, and logs it', async () => {
    const response = await postPart(partBody());
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ insertedId: expect.stringMatching(/^[0-9a-f]{24}$/) });
    const expected: Part = { ...partBody(), _id: response.body.insertedId, createdAt: expect.any(String) } as Part;

    const all = await request(api.app).get('/tools');
    expect(all.body.at(-1)).toEqual(expected);
    const newest = await request(api.app).get('/tools?sort=newest&limit=6');
    expect(newest.body.items[0]).toEqual(expected);
    const stored = await api.database.collections.parts.findOne({ _id: ObjectId.createFromHexString(response.body.insertedId) });
    expect(stored!.createdAt).toBeInstanceOf(Date);

    expect(await latestActivity()).toMatchObject({ action: 'product.added', actor: admin.email, target: 'Admin Test SSD 2 TB' });
  });

  it.each([
    ['a minimum order above the quantity', { p_quantity: 3, min_quantity: 4 }, 'minimum order must not be above the quantity'],
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
    ['a description with a NUL', { description: 'fast\u0000drive' }, 'remove the control characters or broken symbols: this text cannot be saved with them'],
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
