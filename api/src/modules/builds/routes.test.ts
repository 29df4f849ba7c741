import {
  BUILD_SLOTS,
  CPUS,
  MAX_SAVED_BUILDS_PER_ACCOUNT,
  type BuildParts,
  type BuildSelection,
  type BuildSlot,
  type Part,
  buildTexts,
  checkBuild,
  cpuById,
  fitsBuild,
  slotCategory,
} from '@pcpp/contracts/core';
import { ObjectId } from 'mongodb';
import request from 'supertest';
import { createAccount, createTestApi, type TestApi } from '../../../test/helpers';
import { seedDemoData } from '../../db/seed';

// The builder's api: POST /builds/check, saved builds (POST, GET, PUT, DELETE /builds) and My Builds.

let api: TestApi;
let catalog: Part[];
let owner: { email: string; token: string };
let other: { email: string; token: string };

beforeAll(async () => {
  api = await createTestApi();
  await seedDemoData(api.database.collections);
  catalog = (await request(api.app).get('/tools')).body;
  [owner, other] = await Promise.all([createAccount(api, 'customer'), createAccount(api, 'customer')]);
});
afterAll(() => api.close());

const named = (name: string) => {
  const found = catalog.find((part) => part.name === name);
  if (!found) throw new Error(`no seeded part named ${name}`);
  return found._id;
};
const as = (call: request.Test, who: { token: string }) => call.set('Authorization', `Bearer ${who.token}`);
const am5Build = (): BuildParts => ({
  motherboard: named('B650 WiFi ATX Motherboard'),
  cooler: named('240 mm AIO Liquid Cooler'),
  memory: named('32 GB DDR5-6000 Kit (2x16 GB)'),
  storage: named('2 TB NVMe PCIe 4.0 SSD'),
  gpu: named('16 GB Triple-Fan Graphics Card'),
  psu: named('850 W 80+ Gold Modular PSU'),
});
const check = (body: object) => request(api.app).post('/builds/check').send(body);
const save = (body: object, who = owner) => as(request(api.app).post('/builds'), who).send(body);

describe('POST /builds/check', () => {
  it('answers a compatible AM5 build with its wattage and total', async () => {
    const response = await check({ parts: am5Build(), cpu: 'ryzen-7-7700x' });
    expect(response.status).toBe(200);
    // 105 + 320 + 50 + 10 + 10 + 10 = 505 W; × 1.25 = 632 W.
    expect(response.body).toEqual({
      state: 'compatible',
      results: [],
      estimatedW: 505,
      recommendedW: 632,
      totalCents: Object.values(am5Build()).reduce((sum, id) => sum + catalog.find((part) => part._id === id)!.price, 0),
    });
  });

  it('names both parts and the numbers: an LGA1700 cooler on an AM5 board, a supply too small', async () => {
    const response = await check({
      parts: { ...am5Build(), cooler: named('Low-Profile LGA1700 Air Cooler'), psu: named('550 W 80+ Bronze PSU') },
      cpu: 'ryzen-7-7700x',
    });
    expect(response.body.state).toBe('problems');
    expect(response.body.results).toEqual([
      {
        rule: 'cooler-socket',
        level: 'problem',
        message: "The Low-Profile LGA1700 Air Cooler fits LGA1700 only, not the B650 WiFi ATX Motherboard's AM5 socket.",
        places: ['cooler', 'motherboard'],
      },
      {
        rule: 'psu-wattage',
        level: 'problem',
        message:
          "The 16 GB Triple-Fan Graphics Card (320 W), the AMD Ryzen 7 7700X (105 W) and the other parts draw an estimated 505 W; with 25 % headroom that needs 632 W, more than the 550 W 80+ Bronze PSU's 550 W.",
        places: ['psu', 'gpu', 'cpu'],
      },
      {
        rule: 'gpu-psu-connectors',
        level: 'problem',
        message: 'The 16 GB Triple-Fan Graphics Card needs one 12V-2x6 connector and the 550 W 80+ Bronze PSU has none.',
        places: ['gpu', 'psu'],
      },
      {
        rule: 'cooler-tdp',
        level: 'note',
        message:
          "The Low-Profile LGA1700 Air Cooler is rated for 95 W, less than the AMD Ryzen 7 7700X's 105 W TDP: expect it to run hot and loud under load.",
        places: ['cooler', 'cpu'],
      },
    ]);
  });

  it('answers the same as the browser’s own check for 20 random builds of the seeded catalog', async () => {
    // mulberry32: the same 20 builds every run.
    let state = 0x22b1;
    const random = () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = Math.imul(state ^ (state >>> 15), state | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const states = new Set<string>();
    const levels = new Set<string>();
    for (let round = 0; round < 20; round += 1) {
      // As the builder makes them: the CPU first, then the slots in a random order, half of the
      // builds with the compatible filter on.
      const filtered = round % 2 === 0;
      const cpu = random() < 0.85 ? pick(CPUS).id : null;
      const selection: BuildSelection = { cpu: cpuById(cpu), parts: {} };
      const parts: BuildParts = {};
      for (const slot of [...BUILD_SLOTS].sort(() => random() - 0.5)) {
        if (random() < 0.25) continue;
        const ofSlot = catalog.filter((part) => part.category === slotCategory[slot]);
        const fitting = filtered ? ofSlot.filter((part) => fitsBuild(selection, slot, part)) : ofSlot;
        const part = pick(fitting.length > 0 ? fitting : ofSlot);
        parts[slot] = part._id;
        selection.parts[slot] = part;
      }
      // What the builder does: the rules over the parts as GET /tools answered them.
      const browser = checkBuild(selection);
      const response = await check({ parts, cpu });
      expect({ round, status: response.status, body: response.body }).toEqual({ round, status: 200, body: browser });
      states.add(browser.state);
      for (const result of browser.results) levels.add(result.level);
    }
    // The sample is worth something only if it met compatible builds, Problems and Notes.
    expect([...states]).toEqual(expect.arrayContaining(['compatible', 'problems']));
    expect([...levels].sort()).toEqual(['note', 'problem']);
  });

  it('refuses a part the catalog lacks, or one of another category than its slot, with a 422', async () => {
    const missing = await check({ parts: { gpu: new ObjectId().toHexString() } });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toMatch(/^The Video Card slot names part [0-9a-f]{24}, which the catalog does not have\.$/);
    const wrong = await check({ parts: { motherboard: named('32 GB DDR5-6000 Kit (2x16 GB)') } });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({ message: 'The Motherboard slot takes a Motherboard part; the 32 GB DDR5-6000 Kit (2x16 GB) is a Memory part.' });
  });

  it.each([
    [{ parts: { case: 'x' } }, `Unknown build slot "case": the slots are ${BUILD_SLOTS.join(', ')}`],
    [{ parts: {}, cpu: 'pentium-4' }, 'cpu must be the id of a CPU from the reference list, or null'],
    [{ parts: { gpu: { $ne: null } } }, 'parts.gpu must be a part id'],
    [{}, `parts must be an object of slot: part id (${BUILD_SLOTS.join(', ')})`],
    [{ parts: {}, cpu: null }, 'A build needs at least one part or a CPU.'],
  ])('refuses %j with a 400 and a sentence', async (body, message) => {
    const response = await check(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });
});

describe('saved builds', () => {
  it('saves a build (Problems and all), which anyone opens by its id with the current prices and stock', async () => {
    const parts = { ...am5Build(), cooler: named('Low-Profile LGA1700 Air Cooler') };
    const saved = await save({ name: 'AM5 build', parts, cpu: 'ryzen-7-7700x' });
    expect(saved.status).toBe(201);
    expect(saved.body).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/) });

    // The price changes after saving: the shared link shows the new one.
    const gpuId = ObjectId.createFromHexString(parts.gpu!);
    await api.database.collections.parts.updateOne({ _id: gpuId }, { $set: { price: 74999 } });
    const shared = await request(api.app).get(`/builds/${saved.body._id}`);
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({ _id: saved.body._id, name: 'AM5 build', cpu: 'ryzen-7-7700x', parts });
    expect(shared.body.slots.map((slot: { slot: BuildSlot }) => slot.slot)).toEqual(['motherboard', 'cooler', 'memory', 'storage', 'gpu', 'psu']);
    expect(shared.body.slots.find((slot: { slot: string }) => slot.slot === 'gpu').part.price).toBe(74999);
    expect(shared.body.check.state).toBe('problems');
    expect(shared.body.check.results[0].rule).toBe('cooler-socket');
  });

  it('shows a part that is no longer sold as null, and checks the rest', async () => {
    const doomed = await api.database.collections.parts.insertOne({
      name: 'Discontinued SSD',
      description: 'Gone soon.',
      category: 'Storage',
      img: '/images/parts/1-tb-nvme-pcie-4-0-ssd.svg',
      price: 4999,
      p_quantity: 3,
      min_quantity: 1,
      createdAt: new Date(),
    });
    const saved = await save({ name: 'Soon incomplete', parts: { motherboard: named('B650 WiFi ATX Motherboard'), storage: doomed.insertedId.toHexString() } });
    await api.database.collections.parts.deleteOne({ _id: doomed.insertedId });
    const shared = await request(api.app).get(`/builds/${saved.body._id}`);
    expect(shared.body.slots).toEqual([
      { slot: 'motherboard', productId: named('B650 WiFi ATX Motherboard'), part: expect.objectContaining({ name: 'B650 WiFi ATX Motherboard' }) },
      { slot: 'storage', productId: doomed.insertedId.toHexString(), part: null },
    ]);
    expect(shared.body.check.state).toBe('compatible');
  });

  it('answers 404 for an unknown build and 400 for a malformed id', async () => {
    expect((await request(api.app).get(`/builds/${new ObjectId().toHexString()}`)).body).toEqual({ message: buildTexts.notFound });
    expect((await request(api.app).get('/builds/nope')).status).toBe(400);
  });

  it('lets only the owner change or delete it', async () => {
    const { body } = await save({ name: 'Mine', parts: am5Build(), cpu: null });
    const url = `/builds/${body._id}`;
    const changed = { name: 'Mine, cheaper', parts: { ...am5Build(), gpu: named('12 GB Dual-Fan Graphics Card') }, cpu: 'ryzen-5-7600' };

    const refused = await as(request(api.app).put(url), other).send(changed);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: buildTexts.notOwner });
    expect((await as(request(api.app).delete(url), other)).status).toBe(403);

    const put = await as(request(api.app).put(url), owner).send(changed);
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ _id: body._id });
    expect((await request(api.app).get(url)).body).toMatchObject({ name: 'Mine, cheaper', cpu: 'ryzen-5-7600', parts: changed.parts });

    expect((await as(request(api.app).put(`/builds/${new ObjectId().toHexString()}`), owner).send(changed)).status).toBe(404);
    expect((await as(request(api.app).delete(url), owner)).body).toEqual({ deletedCount: 1 });
    expect((await as(request(api.app).delete(url), owner)).body).toEqual({ deletedCount: 0 });
    expect((await request(api.app).get(url)).status).toBe(404);
  });

  it("lists the caller's builds only, last saved first, a page at a time, each with its state", async () => {
    const mine = await createAccount(api, 'customer');
    const ids: string[] = [];
    for (const [index, cooler] of ['240 mm AIO Liquid Cooler', 'Low-Profile LGA1700 Air Cooler', 'Quiet Single-Tower Air Cooler'].entries()) {
      ids.push((await save({ name: `Build ${index + 1}`, parts: { ...am5Build(), cooler: named(cooler) }, cpu: 'ryzen-9-7950x' }, mine)).body._id);
    }
    const page1 = await as(request(api.app).get('/builds?mine=true&limit=2'), mine);
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ total: 3, page: 1, pages: 2 });
    expect(page1.body.items.map((item: { _id: string }) => item._id)).toEqual([ids[2], ids[1]]);
    expect(page1.body.items[0]).toMatchObject({ name: 'Build 3', state: 'notes', problems: 0, notes: 1, partCount: 6, cpu: 'ryzen-9-7950x' });
    expect(page1.body.items[1]).toMatchObject({ name: 'Build 2', state: 'problems', problems: 1, notes: 1 });
    const page2 = await as(request(api.app).get('/builds?mine=true&limit=2&page=2'), mine);
    expect(page2.body.items.map((item: { _id: string; state: string }) => [item._id, item.state])).toEqual([[ids[0], 'compatible']]);

    const missing = await as(request(api.app).get('/builds'), mine);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(buildTexts.mineRequired);
    expect((await as(request(api.app).get('/builds?mine=false'), mine)).body.message).toBe(buildTexts.mineRequired);
    expect((await as(request(api.app).get('/builds?mine=true&owner=x'), mine)).body.message).toBe('Unknown query parameter "owner": use mine, page, limit');
  });
});

describe('how many builds an account keeps', () => {
  const fill = async (ownerId: string, count: number) => {
    const now = new Date();
    await api.database.collections.builds.insertMany(
      Array.from({ length: count }, (_, index) => ({ ownerId, ownerEmail: 'x@example.com', name: `B${index}`, cpu: null, parts: {}, createdAt: now, updatedAt: now })),
    );
  };
  const ownerIdOf = async (account: { email: string }) => (await api.database.collections.users.findOne({ email: account.email }))!._id.toHexString();

  it(`refuses the ${MAX_SAVED_BUILDS_PER_ACCOUNT + 1}th with a 409 that says so, and saves again after a delete`, async () => {
    const account = await createAccount(api, 'customer');
    const ownerId = await ownerIdOf(account);
    await fill(ownerId, MAX_SAVED_BUILDS_PER_ACCOUNT - 1);
    await api.database.collections.buildQuotas.insertOne({ _id: ownerId, count: MAX_SAVED_BUILDS_PER_ACCOUNT - 1 });
    const last = await save({ name: 'The last one', parts: { motherboard: named('B650 WiFi ATX Motherboard') } }, account);
    expect(last.status).toBe(201);
    const refused = await save({ name: 'One too many', parts: { motherboard: named('B650 WiFi ATX Motherboard') } }, account);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: buildTexts.tooMany });
    expect(await api.database.collections.builds.countDocuments({ ownerId })).toBe(MAX_SAVED_BUILDS_PER_ACCOUNT);

    await as(request(api.app).delete(`/builds/${last.body._id}`), account);
    expect((await save({ name: 'Room again', parts: { motherboard: named('B650 WiFi ATX Motherboard') } }, account)).status).toBe(201);
  });

  it('lets racing saves through only up to the cap', async () => {
    const account = await createAccount(api, 'customer');
    const ownerId = await ownerIdOf(account);
    await fill(ownerId, MAX_SAVED_BUILDS_PER_ACCOUNT - 2);
    await api.database.collections.buildQuotas.insertOne({ _id: ownerId, count: MAX_SAVED_BUILDS_PER_ACCOUNT - 2 });
    const statuses = (await Promise.all(Array.from({ length: 6 }, (_, index) => save({ name: `Race ${index}`, parts: { motherboard: named('B650 WiFi ATX Motherboard') } }, account)))).map((r) => r.status);
    expect(statuses.sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect(await api.database.collections.builds.countDocuments({ ownerId })).toBe(MAX_SAVED_BUILDS_PER_ACCOUNT);
  });

  it('sets a count left too high (a save that stopped between its two writes) right from the builds', async () => {
    const account = await createAccount(api, 'customer');
    const ownerId = await ownerIdOf(account);
    await fill(ownerId, 3);
    // Changed a moment ago: a save may be in flight, so the count stands.
    await api.database.collections.buildQuotas.insertOne({ _id: ownerId, count: MAX_SAVED_BUILDS_PER_ACCOUNT, at: new Date() });
    expect((await save({ name: 'Wait', parts: { motherboard: named('B650 WiFi ATX Motherboard') } }, account)).status).toBe(409);
    // Still for two minutes: set right from the builds.
    await api.database.collections.buildQuotas.updateOne({ _id: ownerId }, { $set: { at: new Date(Date.now() - 120_000) } });
    expect((await save({ name: 'Still room', parts: { motherboard: named('B650 WiFi ATX Motherboard') } }, account)).status).toBe(201);
    expect(await api.database.collections.buildQuotas.findOne({ _id: ownerId })).toMatchObject({ _id: ownerId, count: 4 });
  });
});
