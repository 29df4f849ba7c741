import { startBackgroundJobs } from './background-jobs';
import { createLogger } from './logger';
import { seedParts } from './db/seed-data';
import { createTestApi, inboxOf, type TestApi, testOrderNumber, uniqueEmail } from '../test/helpers';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ ORDER_HOLD_MINUTES: '30' });
});
afterAll(() => api.close());

it('sweeps expired holds, sends due emails and drops old Idempotency-Keys in one round', async () => {
  const { parts, orders, outbox, idempotencyKeys } = api.database.collections;
  const now = new Date();
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const { insertedId: productId } = await parts.insertOne({ ...seedParts[0]!, p_quantity: 5, createdAt: now });
  const email = uniqueEmail('jobs');
  const order = (createdAt: Date) => ({
    productId,
    productName: 'Part',
    email,
    name: 'Jo',
    per_product_price: 100,
    order_quantity: 2,
    totalAmount: 200,
    number: testOrderNumber(),
    address: 'a',
    phone: 'p',
    paid: false,
    status: 'placed' as const,
    statusHistory: [{ status: 'placed' as const, at: createdAt, by: email }],
    createdAt,
  });
  const { insertedId: expiredId } = await orders.insertOne(order(minutesAgo(31)));
  const { insertedId: heldId } = await orders.insertOne(order(minutesAgo(29)));
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

  expect((await orders.findOne({ _id: expiredId }))!.status).toBe('cancelled');
  expect((await orders.findOne({ _id: heldId }))!.status).toBe('placed');
  expect((await parts.findOne({ _id: productId }))!.p_quantity).toBe(7);
  expect((await inboxOf(email)).map((received) => received.subject)).toEqual(['Due']);
  expect(await idempotencyKeys.findOne({ email, key: 'old' })).toBeNull();
});
