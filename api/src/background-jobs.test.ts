import { startBackgroundJobs } from './background-jobs';
import { createLogger } from './logger';
import { seedParts } from './db/seed-data';
import { createTestApi, inboxOf, insertOrder, storedLine, type TestApi, uniqueEmail } from '../test/helpers';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ ORDER_HOLD_MINUTES: '30' });
});
afterAll(() => api.close());

it('sweeps expired holds, sends due emails and drops old Idempotency-Keys in one round', async () => {
  const { parts, outbox, idempotencyKeys } = api.database.collections;
  const now = new Date();
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const { insertedId: productId } = await parts.insertOne({ ...seedParts[0]!, p_quantity: 5, createdAt: now });
  const part = { _id: productId, name: 'Part', price: 100 };
  const email = uniqueEmail('jobs');
  // Held ORDER_HOLD_MINUTES (30): one placed 31 minutes ago, one 29.
  const { _id: expiredId } = await insertOrder(api, part, { email, order_quantity: 2, name: 'Jo', createdAt: minutesAgo(31) });
  const { _id: heldId } = await insertOrder(api, part, { email, order_quantity: 2, name: 'Jo', createdAt: minutesAgo(29) });
  await outbox.insertOne({ to: email, subject: 'Due', text: 'due', html: '<p>due</p>', status: 'pending', attempts: 1, nextAttemptAt: minutesAgo(1), createdAt: minutesAgo(2) });
  await idempotencyKeys.insertOne({ email, key: 'old', requestHash: 'h', createdAt: minutesAgo(25 * 60) });

  const jobs = startBackgroundJobs({
    services: api.services,
    outbox: api.outbox,
    config: api.config,
    logger: createLogger('silent'),
    intervalMs: 60 * 60_000,
  });
  try {
    await jobs.runOnce(now);
  } finally {
    await jobs.stop();
  }

  expect((await storedLine(api, expiredId))!.line.status).toBe('cancelled');
  expect((await storedLine(api, heldId))!.line.status).toBe('placed');
  expect((await parts.findOne({ _id: productId }))!.p_quantity).toBe(7);
  expect((await inboxOf(email)).map((received) => received.subject)).toEqual(['Due']);
  expect(await idempotencyKeys.findOne({ email, key: 'old' })).toBeNull();
});
