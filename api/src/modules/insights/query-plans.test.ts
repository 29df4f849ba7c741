import type { IndexDescription } from 'mongodb';
import { createTestApi, type TestApi } from '../../../test/helpers';
import { lowStockMatch, openReturnsMatch, paidLinesMatch, placedMatch, refundsMatch, stateMatch } from './repository';

// Every Overview query starts on an index. The embedded database has no `explain` (it answers "no
// such command"), so this checks each query's leading $match against the indexes the api creates
// there: the first field matched must be the first key of one of the collection's indexes. On a
// real MongoDB, `db.orders.explain().aggregate(...)` shows the same indexes (IXSCAN); see
// docs/architecture.md, "The admin's Overview".

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const range = { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-11-08T00:00:00Z') };

async function leadingIndexKeys(collection: keyof TestApi['database']['collections']): Promise<string[]> {
  const indexes = (await api.database.collections[collection].indexes()) as IndexDescription[];
  return indexes.map((index) => Object.keys(index.key)[0]!);
}

it.each([
  ['orders', paidLinesMatch(range), 'createdAt'],
  ['checkouts', placedMatch(range), 'createdAt'],
  ['checkouts', stateMatch('paid'), 'state.status'],
  ['lineRefunds', refundsMatch(range), 'at'],
  ['returns', openReturnsMatch(), 'status'],
  ['parts', lowStockMatch(5), 'p_quantity'],
] as const)('%s: the match on %j starts with an indexed field', async (collection, match, field) => {
  expect(Object.keys(match)[0]).toBe(field);
  expect(await leadingIndexKeys(collection)).toContain(field);
});
