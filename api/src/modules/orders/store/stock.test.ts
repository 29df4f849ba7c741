import { createPart, createTestApi, type TestApi } from '../../../../test/helpers';
import { createStock } from './stock';

// The stock check and the stock change are one step, also against the embedded database, whose
// conditional findOneAndUpdate let two racing calls both win (found by racing it: up to 9 units of
// 5 taken in 13 of 50 rounds). A stock move is applied once however often it is retried.

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const stockOf = async (id: Parameters<TestApi['database']['collections']['parts']['findOne']>[0]) => (await api.database.collections.parts.findOne(id!))!.p_quantity;

it('never takes more than the stock when a dozen orders race, round after round', async () => {
  const stock = createStock({ parts: api.database.collections.parts, orders: api.database.collections, onCatalogChange: () => {} });
  for (let round = 0; round < 40; round += 1) {
    const part = await createPart(api, { p_quantity: 5 });
    const taken = await Promise.all(Array.from({ length: 12 }, () => stock.take(part._id, 1)));
    expect(taken.filter(Boolean)).toHaveLength(5);
    expect(await stockOf({ _id: part._id })).toBe(0);
  }
});

it('applies a stock move once, however many retries race, and forgets its mark after an hour', async () => {
  const stock = createStock({ parts: api.database.collections.parts, orders: api.database.collections, onCatalogChange: () => {} });
  const part = await createPart(api, { p_quantity: 5 });
  const at = new Date();
  const order = { _id: part._id, stockMoves: { '0123456789abcdef01234567': { productId: part._id, quantity: 3, at } } };
  await Promise.all(Array.from({ length: 8 }, () => stock.applyMoves(order)));
  expect(await stockOf({ _id: part._id })).toBe(8);
  await stock.forgetOldMarks(new Date(at.getTime() + 59 * 60_000));
  await stock.applyMoves(order);
  expect(await stockOf({ _id: part._id })).toBe(8);
  await stock.forgetOldMarks(new Date(at.getTime() + 61 * 60_000));
  expect((await api.database.collections.parts.findOne({ _id: part._id })) as unknown).not.toHaveProperty('stockMoveMarks.0123456789abcdef01234567');
});
