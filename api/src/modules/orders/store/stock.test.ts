import { createPart, createTestApi, type TestApi } from '../../../test/helpers';
import { createOrdersRepository } from './repository';

// The stock check and the stock change are one step, also against the embedded database, whose
// conditional findOneAndUpdate let two racing calls both win (found by racing it: up to 9 units of
// 5 taken in 13 of 50 rounds).

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

it('never takes more than the stock when a dozen orders race, round after round', async () => {
  const repository = createOrdersRepository(api.database.collections);
  for (let round = 0; round < 40; round += 1) {
    const part = await createPart(api, { p_quantity: 5 });
    const taken = await Promise.all(Array.from({ length: 12 }, () => repository.takeStock(part._id, 1)));
    expect(taken.filter(Boolean)).toHaveLength(5);
    expect((await api.database.collections.parts.findOne({ _id: part._id }))!.p_quantity).toBe(0);
  }
});
