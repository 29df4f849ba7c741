import { once } from 'node:events';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import request from 'supertest';
import { BACKGROUND_JOBS_INTERVAL_MS, REFUND_RECONCILIATION_INTERVAL_MS, startBackgroundJobs } from '../../../background-jobs';
import { ServiceUnavailableError } from '../../../errors';
import { createLogger } from '../../../logger';
import { createAccount, createPart, createTestApi, insertOrder, randomSuffix, type TestApi } from '../../../../test/helpers';
import { createStripeClient } from '../../payments/stripe-client';
import { STALE_REFUND_MS } from './service';

// A refund interrupted between its claim and the payment provider's answer (fault injection): the
// api stopping right after the claim, Stripe's answer lost on the way back, Stripe refusing it
// when asked again. The reconciliation job settles each with Stripe's answer to the same key, and
// no money or stock is lost or counted twice.

type Account = { email: string; token: string };
type Part = Awaited<ReturnType<typeof createPart>>;

let api: TestApi;
let server: Server;
/** The test's own client, straight to the sandbox. */
let stripe: Stripe;
let admin: Account;
let customer: Account;
/** The api reaches Stripe through this proxy, which can lose the answers of refunds. */
let proxy: Server;
let loseRefundAnswers = false;
/** Interrupts the next refund right after its claim, as if the api stopped there. */
let interruptNextRefund = false;
/** The orders' clock runs this far behind: a refund claimed now looks as old as the job needs. */
let clockBehindMs = 0;

beforeAll(async () => {
  const sandbox = new URL(process.env.STRIPE_API_URL!);
  proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => name !== 'host' && name !== 'content-length')) as Record<string, string>;
      const answer = await fetch(new URL(req.url!, sandbox), { method: req.method, headers, ...(chunks.length ? { body: Buffer.concat(chunks) } : {}) });
      const body = Buffer.from(await answer.arrayBuffer());
      // Stripe made it; its answer never comes back.
      if (loseRefundAnswers && req.method === 'POST' && req.url === '/v1/refunds') return void req.socket.destroy();
      res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(body);
    });
  });
  proxy.listen(0, '127.0.0.1');
  await once(proxy, 'listening');
  api = await createTestApi(
    { STRIPE_API_URL: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` },
    {
      ordersClock: () => new Date(Date.now() - clockBehindMs),
      orderFaults: {
        async afterRefundClaim() {
          if (!interruptNextRefund) return;
          interruptNextRefund = false;
          // As the client sees an api that stopped mid-way: no refund answer (a documented 503 here).
          throw new ServiceUnavailableError('The api stopped here (fault injection).');
        },
      },
    },
  );
  server = api.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  stripe = createStripeClient({ ...api.config.stripe!, apiUrl: sandbox });
  [admin, customer] = await Promise.all([createAccount(api, 'admin'), createAccount(api, 'customer')]);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => proxy.close(resolve));
  await api.close();
});
beforeEach(() => {
  loseRefundAnswers = false;
  interruptNextRefund = false;
  clockBehindMs = 0;
});

const stockOf = async (part: Part) => (await api.database.collections.parts.findOne({ _id: part._id }))!.p_quantity;
const orderOf = async (number: string) => (await api.database.collections.wholeOrders.findOne({ number }))!;
/** What Stripe gave back of a payment, in all, and in how many refunds. */
async function refundedAtStripe(paymentIntent: string) {
  const list = await stripe.refunds.list({ payment_intent: paymentIntent });
  return { amount: list.data.reduce((sum, made) => sum + made.amount, 0), count: list.data.length };
}

/** A paid order of 3 units (the stock taken, paid by a real payment at the sandbox). */
async function paidOrder(part: Part) {
  const intent = await stripe.paymentIntents.create({ amount: part.price * 3, currency: 'usd', payment_method: 'pm_card_visa', confirm: true });
  await api.database.collections.parts.updateOne({ _id: part._id }, { $inc: { p_quantity: -3 } });
  const placed = await insertOrder(api, part, { email: customer.email, order_quantity: 3, paid: true, status: 'paid', transactionId: intent.id });
  return { number: placed.number, lineId: placed.id, paymentIntent: intent.id };
}

function refund(order: { number: string; lineId: string }, key: string, quantity = 2) {
  return request(server)
    .post(`/orders/${order.number}/refunds`)
    .set('Authorization', `Bearer ${admin.token}`)
    .set('Idempotency-Key', key)
    .send({ lines: [{ lineId: order.lineId, quantity }], reason: 'Interrupted on purpose', restock: true });
}

/** The background jobs as the api runs them, the refund round every 100 ms; resolves when `settled` holds. */
async function jobsUntil(settled: () => Promise<boolean>) {
  const jobs = startBackgroundJobs({ services: api.services, outbox: api.outbox, config: api.config, logger: createLogger('silent'), refundIntervalMs: 100, intervalMs: 60 * 60_000 });
  try {
    const deadline = Date.now() + 15_000;
    while (!(await settled())) {
      if (Date.now() > deadline) throw new Error('the job did not settle the refund');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await jobs.stop();
  }
}

it('settles a refund left pending within a minute of its claim', () => {
  // Stale after STALE_REFUND_MS, then settled at the next round of the refund job.
  expect(STALE_REFUND_MS + REFUND_RECONCILIATION_INTERVAL_MS).toBeLessThan(60_000);
  expect(REFUND_RECONCILIATION_INTERVAL_MS).toBeLessThan(BACKGROUND_JOBS_INTERVAL_MS);
});

it('the api stops after the claim: the job makes the refund once, restocks once, and a retry of the key does nothing', async () => {
  const part = await createPart(api, { p_quantity: 10, price: 2000 });
  const order = await paidOrder(part);
  const key = `interrupted-${randomSuffix()}`;
  interruptNextRefund = true;
  // Claimed 25 s ago as the orders' clock has it: stale for the job from the start.
  clockBehindMs = 25_000;
  const interrupted = await refund(order, key);
  expect(interrupted.status).toBe(503);
  // Claimed, nothing asked of Stripe yet: the units are the refund's, the stock is as it was.
  let stored = await orderOf(order.number);
  expect(stored.refunds.map((made) => [made.status, made.amount])).toEqual([['pending', 4000]]);
  expect(stored.lines[0]!.units).toMatchObject({ refundedUnshipped: 2, restockedUnshipped: 0, refundedAmount: 4000 });
  expect(await stockOf(part)).toBe(7);
  expect(await refundedAtStripe(order.paymentIntent)).toEqual({ amount: 0, count: 0 });
  // The key keeps the answer: a retry is that answer again, not a second refund.
  const retried = await refund(order, key);
  expect([retried.status, retried.headers['idempotent-replayed']]).toEqual([503, 'true']);
  // Another refund of the same units is refused: they are claimed.
  expect((await refund(order, `other-${randomSuffix()}`)).status).toBe(409);

  await jobsUntil(async () => (await orderOf(order.number)).refunds[0]!.status !== 'pending');
  stored = await orderOf(order.number);
  expect(stored.refunds.map((made) => [made.status, made.amount])).toEqual([['done', 4000]]);
  expect(stored.lines[0]!.units).toMatchObject({ refundedUnshipped: 2, restockedUnshipped: 2, refundedAmount: 4000 });
  expect(await stockOf(part)).toBe(9);
  expect(await refundedAtStripe(order.paymentIntent)).toEqual({ amount: 4000, count: 1 });
  // The order shows it; its email and Activity entry were written once.
  const detail = await request(server).get(`/orders/${order.number}`).set('Authorization', `Bearer ${admin.token}`);
  expect(detail.body).toMatchObject({ payment: 'partly-refunded', refunds: [{ amount: 4000, status: 'done' }] });
  expect(detail.body.refundsNotMade).toBeUndefined();
  expect(await api.database.collections.outbox.countDocuments({ subject: `Order ${order.number}: $40.00 refunded` })).toBe(1);
  expect(await api.database.collections.activity.countDocuments({ target: order.number, action: 'order.refunded' })).toBe(1);
  // Again and again: nothing more.
  expect(await api.services.orders.reconcileRefunds(new Date(Date.now() + 60_000))).toEqual({ done: 0, failed: 0, pending: 0 });
  expect(await refundedAtStripe(order.paymentIntent)).toEqual({ amount: 4000, count: 1 });
  expect(await stockOf(part)).toBe(9);
});

it('Stripe’s answer is lost: the refund stays pending, and the job finds it made with the same key', async () => {
  const part = await createPart(api, { p_quantity: 10, price: 1500 });
  const order = await paidOrder(part);
  loseRefundAnswers = true;
  const lost = await refund(order, `lost-${randomSuffix()}`, 1);
  // The SDK tried again with the same key; every answer was lost.
  expect(lost.status).toBe(502);
  expect(lost.body.message).toMatch(/pending/);
  // Stripe made it once; the api does not know yet.
  expect(await refundedAtStripe(order.paymentIntent)).toEqual({ amount: 1500, count: 1 });
  const pending = await request(server).get(`/orders/${order.number}`).set('Authorization', `Bearer ${customer.token}`);
  expect(pending.body.refundsNotMade).toEqual([expect.objectContaining({ amount: 1500, status: 'pending' })]);
  expect(await stockOf(part)).toBe(7);

  loseRefundAnswers = false;
  expect(await api.services.orders.reconcileRefunds(new Date(Date.now() + STALE_REFUND_MS + 1_000))).toEqual({ done: 1, failed: 0, pending: 0 });
  const stored = await orderOf(order.number);
  const [made] = (await stripe.refunds.list({ payment_intent: order.paymentIntent })).data;
  expect(stored.refunds).toEqual([expect.objectContaining({ status: 'done', amount: 1500, stripeRefundId: made!.id })]);
  expect(await refundedAtStripe(order.paymentIntent)).toEqual({ amount: 1500, count: 1 });
  expect(await stockOf(part)).toBe(8);
});

it('Stripe refuses when asked again: the job marks it failed, frees the units and restocks nothing', async () => {
  const part = await createPart(api, { p_quantity: 10, price: 1000 });
  const order = await paidOrder(part);
  interruptNextRefund = true;
  expect((await refund(order, `refused-${randomSuffix()}`)).status).toBe(503);
  // Meanwhile the payment was refunded whole elsewhere (the Stripe dashboard): nothing is left to give back.
  await stripe.refunds.create({ payment_intent: order.paymentIntent });
  expect(await api.services.orders.reconcileRefunds(new Date(Date.now() + STALE_REFUND_MS + 1_000))).toEqual({ done: 0, failed: 1, pending: 0 });
  const stored = await orderOf(order.number);
  expect(stored.refunds).toEqual([expect.objectContaining({ status: 'failed', amount: 2000, failure: expect.any(String) })]);
  expect(stored.lines[0]!.units).toMatchObject({ refundedUnshipped: 0, restockedUnshipped: 0, refundedAmount: 0 });
  expect(await stockOf(part)).toBe(7);
  const detail = await request(server).get(`/orders/${order.number}`).set('Authorization', `Bearer ${admin.token}`);
  expect(detail.body.refundsNotMade).toEqual([expect.objectContaining({ status: 'failed', amount: 2000 })]);
  expect(detail.body.lines[0]).toMatchObject({ refundedQuantity: 0, restockedQuantity: 0 });
  // Only the dashboard's refund moved money.
  expect(await refundedAtStripe(order.paymentIntent)).toEqual({ amount: 3000, count: 1 });
});
