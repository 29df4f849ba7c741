import type { IndexDescription } from 'mongodb';
import { createTestApi, type TestApi } from '../../../test/helpers';
import { lowStockMatch } from './repository';

// Every Overview query starts on an index. The embedded database has no `explain` (it answers "no
// such command"), so this checks the parts query's leading $match against the indexes the api
// creates there (the orders' queries: orders/read-model/query-plans.test.ts).

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

it('the low-stock match starts with an indexed field', async () => {
  const match = lowStockMatch(5);
  expect(Object.keys(match)[0]).toBe('p_quantity');
  const indexes = (await api.database.collections.parts.indexes()) as IndexDescription[];
  expect(indexes.map((index) => Object.keys(index.key)[0])).toContain('p_quantity');
});
