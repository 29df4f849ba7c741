import type { IndexDescription } from 'mongodb';
import { ObjectId } from 'mongodb';
import { createTestApi, type TestApi } from '../../../../test/helpers';
import { holdsEndedMatch, openReturnsMatch, partLinesMatch, pendingRefundsMatch, placedMatch, refundsWithinMatch, stateMatch, unpaidOrdersOfMatch } from './queries';

// Every query of the orders that reads more than one order starts on an index. The embedded
// database has no `explain`, so this checks each query's leading $match against the indexes the
// api creates there: the first field matched must be the first key of one of the indexes. On a
// real MongoDB, `db.whole_orders.explain().aggregate(...)` shows the same indexes (IXSCAN).

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const range = { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-11-08T00:00:00Z') };

it.each([
  ['the Overview: placed in a range', placedMatch(range), 'createdAt'],
  ['the Overview: orders by state', stateMatch('paid'), 'state.status'],
  ['the Overview: refunds made in a range', refundsWithinMatch(range), 'refunds.at'],
  ['the Overview: open returns', openReturnsMatch(), 'returns._id'],
  ['the reconciliation job', pendingRefundsMatch(), 'state.pendingRefunds'],
  ['the hold sweep', holdsEndedMatch(new Date()), 'state.unpaidLines'],
  ['the hold caps', unpaidOrdersOfMatch('a@example.com'), 'email'],
  ['the stock held per part', partLinesMatch([new ObjectId()]), 'lines.productId'],
] as const)('%s: the match starts with an indexed field', async (_name, match, field) => {
  expect(Object.keys(match)[0]).toBe(field);
  const indexes = (await api.database.collections.wholeOrders.indexes()) as IndexDescription[];
  expect(indexes.map((index) => Object.keys(index.key)[0])).toContain(field);
});
