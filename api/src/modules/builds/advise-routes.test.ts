import { ADVICE_SLOTS, type BuildAdvice, type Part, lineTotalCents } from '@pcpp/contracts/core';
import { ObjectId } from 'mongodb';
import request from 'supertest';
import { createTestApi, type TestApi } from '../../../test/helpers';
import { seedDemoData } from '../../db/seed';

// POST /builds/advise over the seeded catalog: the suggestion passes the check, fits the budget and
// the stock, keeps what it is told to keep, and says plainly why nothing fits when nothing does.

let api: TestApi;
let catalog: Part[];

beforeAll(async () => {
  api = await createTestApi();
  await seedDemoData(api.database.collections);
  catalog = (await request(api.app).get('/tools')).body;
});
afterAll(() => api.close());

const named = (name: string) => {
  const found = catalog.find((part) => part.name === name);
  if (!found) throw new Error(`no seeded part named ${name}`);
  return found;
};
const advise = (body: object) => request(api.app).post('/builds/advise').send(body);
const gaming = { budget: 150_000, use: 'gaming', cpu: 'ryzen-7-7700' };

/** Sets parts' stock in the database for the duration of a test. */
async function withStock(filter: object, stock: number, run: () => Promise<void>) {
  const before = await api.database.collections.parts.find(filter).toArray();
  await api.database.collections.parts.updateMany(filter, { $set: { p_quantity: stock } });
  try {
    await run();
  } finally {
    for (const part of before) await api.database.collections.parts.updateOne({ _id: part._id }, { $set: { p_quantity: part.p_quantity } });
  }
}

describe('POST /builds/advise', () => {
  it('suggests a $1,500 gaming build for a Ryzen 7 7700 that passes the check, fits the budget and is in stock', async () => {
    const response = await advise(gaming);
    expect(response.status).toBe(200);
    const advice = response.body as BuildAdvice;
    expect(Object.keys(advice.selection)).toEqual([...ADVICE_SLOTS]);
    const parts = ADVICE_SLOTS.map((slot) => catalog.find((part) => part._id === advice.selection[slot])!);
    for (const [index, part] of parts.entries()) {
      expect(part.p_quantity).toBeGreaterThanOrEqual(Math.max(1, part.min_quantity));
      expect(advice.reasons[ADVICE_SLOTS[index]!]).toEqual(expect.any(String));
    }
    const total = parts.reduce((sum, part) => sum + lineTotalCents(part.price, Math.max(1, part.min_quantity)), 0);
    expect(advice.total).toBe(total);
    expect(advice.total).toBeLessThanOrEqual(gaming.budget);
    // The very answer POST /builds/check gives for it: no Problem.
    const checked = await request(api.app).post('/builds/check').send({ cpu: gaming.cpu, parts: advice.selection });
    expect(advice.check).toEqual(checked.body);
    expect(advice.check.results.filter((result) => result.level === 'problem')).toEqual([]);
    expect(advice.check.totalCents).toBe(advice.total);
    // The fastest card that fits, and why, in words.
    expect(named('16 GB Triple-Fan Graphics Card')._id).toBe(advice.selection.gpu);
    expect(advice.reasons.gpu).toBe('GeForce RTX 4080 SUPER: the fastest card that fits in $1,500 with the 850 W 80+ Gold supply to feed it.');
    expect(advice.reasons.memory).toMatch(/^\d+ GB DDR5-\d+: your board takes DDR5; /);
    // Every part named is in the answer, as the catalog has it.
    expect(advice.parts.map((part) => part._id)).toEqual(expect.arrayContaining(Object.values(advice.selection)));
    // A cheaper alternative, which says what changes.
    const cheaper = advice.alternatives.find((alternative) => alternative.label === 'cheaper')!;
    expect(cheaper.total).toBeLessThanOrEqual(Math.floor(advice.total * 0.8));
    expect(cheaper.difference).toBe(cheaper.total - advice.total);
    expect(cheaper.summary).toMatch(/^−\$[\d,.]+: the .+ instead of the GeForce RTX 4080 SUPER, about \d+ % slower/);
    expect(cheaper.score).toBeLessThan(advice.score);
    // The same request, the same build.
    expect((await advise(gaming)).body).toEqual(advice);
  });

  it('keeps the parts it is told to keep, and offers a stronger build with a faster card', async () => {
    const kept = named('12 GB Dual-Fan Graphics Card');
    const response = await advise({ ...gaming, keep: { gpu: kept._id } });
    expect(response.status).toBe(200);
    expect(response.body.selection.gpu).toBe(kept._id);
    expect(response.body.reasons.gpu).toBe('The 12 GB Dual-Fan Graphics Card: kept, as you asked.');
    expect(response.body.check.results.filter((result: { level: string }) => result.level === 'problem')).toEqual([]);

    const modest = await advise({ budget: 110_000, use: 'gaming', cpu: 'ryzen-7-7700' });
    const stronger = (modest.body as BuildAdvice).alternatives.find((alternative) => alternative.label === 'stronger')!;
    expect(stronger.total).toBeGreaterThan(modest.body.total);
    expect(stronger.total).toBeLessThanOrEqual(132_000);
    expect(stronger.summary).toMatch(/^\+\$[\d,.]+: the .+ \(.+\) instead of the .+, about \d+ % faster/);
  });

  it('leaves the card out of an office PC whose CPU has graphics, and not of one whose CPU has none', async () => {
    const withGraphics = await advise({ budget: 60_000, use: 'office', cpu: 'ryzen-5-7600' });
    expect(withGraphics.status).toBe(200);
    expect(withGraphics.body.selection.gpu).toBeUndefined();
    expect(withGraphics.body.reasons.gpu).toBe("No video card: the AMD Ryzen 5 7600's own graphics drive office work, and a card would earn an office PC nothing.");
    const without = await advise({ budget: 60_000, use: 'office', cpu: 'ryzen-5-5600' });
    expect(without.status).toBe(200);
    expect(without.body.selection.gpu).toEqual(expect.any(String));
    expect(without.body.reasons.gpu).toMatch(/the AMD Ryzen 5 5600 has no graphics of its own, so the PC needs a card/);
  });

  it('honours a minimum drive size', async () => {
    const response = await advise({ ...gaming, storage: { minGB: 4000 } });
    expect(response.status).toBe(200);
    const drive = catalog.find((part) => part._id === response.body.selection.storage)!;
    expect(drive.specs).toMatchObject({ capacityGB: expect.any(Number) });
    expect((drive.specs as { capacityGB: number }).capacityGB).toBeGreaterThanOrEqual(4000);
    expect(response.body.reasons.storage).toContain('at least the 4 TB you asked for');
  });

  it('says what the cheapest compatible build costs when the budget is too small', async () => {
    const response = await advise({ ...gaming, budget: 30_000 });
    expect(response.status).toBe(422);
    expect(response.body.message).toMatch(/^The cheapest compatible build costs \$[\d,]+\.\d\d, more than your \$300 budget\.$/);
    const cheapest = Math.round(Number(/\$([\d,]+\.\d\d),/.exec(response.body.message)![1]!.replace(/,/g, '')) * 100);
    // At that budget a build exists; a cent less, none does.
    expect((await advise({ ...gaming, budget: cheapest })).status).toBe(200);
    expect((await advise({ ...gaming, budget: cheapest - 1 })).status).toBe(422);
  });

  it('says what is missing when nothing fits at any price', async () => {
    await withStock({ category: 'Motherboard', 'specs.socket': 'AM5' }, 0, async () => {
      const response = await advise(gaming);
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ message: 'No AM5 board is in stock, so nothing fits the AMD Ryzen 7 7700.' });
    });
    await withStock({ category: 'Video Card' }, 0, async () => {
      expect((await advise(gaming)).body).toEqual({ message: 'No video card is in stock.' });
      // An office PC needs none.
      expect((await advise({ ...gaming, use: 'office' })).status).toBe(200);
    });
  });

  it.each([
    [{ keep: { gpu: new ObjectId().toHexString() } }, /^The Video Card slot names part [0-9a-f]{24}, which the catalog does not have\.$/],
    [{ keep: { gpu: '__memory__' } }, /^The Video Card slot takes a Video Card part; the 32 GB DDR5-6000 Kit \(2x16 GB\) is a Memory part\.$/],
    [{ keep: { cooler: '__lga1700-cooler__' } }, /^The Low-Profile LGA1700 Air Cooler fits LGA1700 only, not the AMD Ryzen 7 7700's AM5 socket\.$/],
    [{ keep: { storage: '__small-drive__' }, storage: { minGB: 2000 } }, /^The 500 GB NVMe PCIe 3.0 SSD you keep holds 500 GB, less than the 2 TB you asked for\.$/],
  ])('refuses a part to keep that cannot be used: %j', async (body, message) => {
    const ids: Record<string, string> = {
      __memory__: named('32 GB DDR5-6000 Kit (2x16 GB)')._id,
      '__lga1700-cooler__': named('Low-Profile LGA1700 Air Cooler')._id,
      '__small-drive__': catalog.find((part) => part.category === 'Storage' && (part.specs as { capacityGB?: number })?.capacityGB === 500)!._id,
    };
    const resolved = JSON.parse(JSON.stringify(body).replace(/__[a-z0-9-]+__/g, (key) => ids[key]!));
    const response = await advise({ ...gaming, ...resolved });
    expect(response.status).toBe(422);
    expect(response.body.message).toMatch(message);
  });

  it('refuses a part to keep that is out of stock or lacks specs', async () => {
    const board = named('B650 WiFi ATX Motherboard');
    await withStock({ _id: ObjectId.createFromHexString(board._id) }, 0, async () => {
      const response = await advise({ ...gaming, keep: { motherboard: board._id } });
      expect(response.body).toEqual({ message: 'The B650 WiFi ATX Motherboard you keep is out of stock.' });
    });
    const bare = await api.database.collections.parts.insertOne({
      name: 'Unlabelled Graphics Card',
      description: 'No specs yet.',
      category: 'Video Card',
      img: '/images/parts/1-tb-nvme-pcie-4-0-ssd.svg',
      price: 29_999,
      p_quantity: 5,
      min_quantity: 1,
      createdAt: new Date(),
    });
    const response = await advise({ ...gaming, keep: { gpu: bare.insertedId.toHexString() } });
    expect(response.body).toEqual({ message: 'The Unlabelled Graphics Card you keep cannot be used by the build advisor: no chip.' });
    await api.database.collections.parts.deleteOne({ _id: bare.insertedId });
  });

  it.each([
    [{ ...gaming, budget: 29_999 }, 'budget must be a whole number of cents from 30000 to 1000000 ($300 to $10,000)'],
    [{ ...gaming, budget: 1_000_001 }, 'budget must be a whole number of cents from 30000 to 1000000 ($300 to $10,000)'],
    [{ ...gaming, budget: 1500.5 }, 'budget must be a whole number of cents from 30000 to 1000000 ($300 to $10,000)'],
    [{ ...gaming, use: 'mining' }, 'use must be one of: gaming, creator, office'],
    [{ ...gaming, cpu: 'pentium-4' }, 'cpu must be the id of a CPU from the reference list'],
    [{ ...gaming, keep: { case: 'x' } }, 'Unknown slot to keep "case": use motherboard, cooler, memory, storage, gpu, psu'],
    [{ ...gaming, keep: { gpu: { $ne: null } } }, 'keep.gpu must be a part id'],
    [{ ...gaming, storage: { minGB: 0 } }, 'storage.minGB must be a whole number of GB from 1 to 100000'],
    [{ ...gaming, colour: 'red' }, 'Unknown field "colour": use budget, use, cpu, keep, storage'],
  ])('refuses %j with a 400 and a sentence', async (body, message) => {
    const response = await advise(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });
});
