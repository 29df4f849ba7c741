import { once } from 'node:events';
import type { Server } from 'node:http';
import fc from 'fast-check';
import { ObjectId } from 'mongodb';
import type Stripe from 'stripe';
import request from 'supertest';
import { createAccount, createPart, createTestApi, randomSuffix, signUpWithAccessToken, storedLines, type TestApi } from '../../../test/helpers';
import { createStripeClient } from '../payments/stripe-client';
import { lineCharge } from './model/charges';
import { refundedUnits, refundShare, restockedUnits } from './model/units';

// Money and stock stay exact whatever happens to an order and in whatever order: refunds never
// pass what was paid, a unit goes back to stock at most once, and a cancelled paid order is
// refunded once however the cancel and the payment's webhook meet.

type Account = { email: string; token: string };
type Part = Awaited<ReturnType<typeof createPart>>;

let api: TestApi;
let server: Server;
let stripe: Stripe;
let customer: Account;
let admin: Account;

beforeAll(async () => {
  api = await createTestApi();
  server = api.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  stripe = createStripeClient(api.config.stripe!);
  [customer, admin] = await Promise.all([signUpWithAccessToken(api), createAccount(api, 'admin')]);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await api.close();
});

// New York: 4 % on the parts and on shipping, so refunds share out tax and shipping too.
const address = { fullName: 'Pat Property', street: '1 Main Street', city: 'New York', postalCode: '10001', country: 'US', region: 'NY', phone: '+1 555 010 0100' };
const as = (account: Account, call: request.Test) => call.set('Authorization', `Bearer ${account.token}`);
const stockOf = async (part: Part) => (await api.database.collections.parts.findOne({ _id: part._id }))!.p_quantity;

async function placed(lines: { part: Part; quantity: number }[]) {
  const response = await as(customer, request(server).post('/checkout').set('Idempotency-Key', `prop-${randomSuffix()}`))
    .send({ lines: lines.map(({ part, quantity }) => ({ productId: part.id, quantity })), address });
  expect(response.status).toBe(201);
  const body = response.body as { checkoutId: string; orderNumber: string; totalAmount: number; shipping: number; tax: number; total: number };
  expect(body.tax).toBeGreaterThan(0);
  return body;
}
async function succeededPayment(checkoutId: string) {
  const intent = await as(customer, request(server).post('/create-payment-intent').send({ checkoutId }));
  expect(intent.status).toBe(200);
  return stripe.paymentIntents.confirm(intent.body.clientSecret.split('_secret_')[0], { payment_method: 'pm_card_visa' });
}
function deliverWebhook(intent: Stripe.PaymentIntent) {
  const payload = JSON.stringify({ id: `evt_${new ObjectId().toHexString()}`, object: 'event', type: 'payment_intent.succeeded', created: Math.floor(Date.now() / 1000), data: { object: intent } });
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: api.config.stripe!.webhookSecret! });
  return request(server).post('/webhooks/stripe').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload);
}
const cancel = (number: string) => as(admin, request(server).post(`/orders/${number}/cancel`).send({ reason: 'Cancelled by the property test.' }));
const doneRefunds = async (number: string) => ((await api.database.collections.wholeOrders.findOne({ number }))?.refunds ?? []).filter((made) => made.status === 'done');
const givenBackWhole = (paymentIntent: string) => api.database.collections.refunds.find({ _id: paymentIntent }).toArray();

describe('refundShare', () => {
  it('adds up to exactly what a line was paid, whatever the steps', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 12 }), (paid, steps) => {
        const quantity = steps.reduce((sum, step) => sum + step, 0);
        let before = 0;
        let total = 0;
        for (const step of steps) {
          const share = refundShare(paid, quantity, before, step);
          expect(share).toBeGreaterThanOrEqual(0);
          total += share;
          before += step;
        }
        expect(total).toBe(paid);
      }),
    );
  });
});

describe('a cancelled paid order is refunded once, whatever the order of the webhook and the cancel', () => {
  it('the payment went through but its webhook comes after the cancel', async () => {
    const part = await createPart(api, { p_quantity: 10, price: 4200 });
    const order = await placed([{ part, quantity: 2 }]);
    const intent = await succeededPayment(order.checkoutId);
    // The cancel finds the payment succeeded at Stripe: the order is paid first, then refunded in full.
    expect((await cancel(order.orderNumber)).body).toMatchObject({ status: 'cancelled', payment: 'refunded' });
    expect((await deliverWebhook(intent)).status).toBe(200);
    expect((await cancel(order.orderNumber)).status).toBe(200);
    const refunds = await doneRefunds(order.orderNumber);
    // 8,400 of parts, 799 of shipping (under the free threshold), 4 % of both in tax: the whole charge.
    expect(order).toMatchObject({ subtotal: 8400, shipping: 799, tax: 336 + 32, total: 8400 + 799 + 368 });
    expect(refunds.map((made) => made.amount)).toEqual([order.total]);
    expect(await givenBackWhole(intent.id)).toEqual([]);
    expect(await stockOf(part)).toBe(10);
  });

  it('the webhook and the cancel at once', async () => {
    const part = await createPart(api, { p_quantity: 10, price: 1500 });
    const order = await placed([{ part, quantity: 3 }]);
    const intent = await succeededPayment(order.checkoutId);
    const answers = await Promise.all([deliverWebhook(intent), cancel(order.orderNumber), deliverWebhook(intent), cancel(order.orderNumber)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    // Either the cancel refunded the paid order, or the webhook gave back a payment for a cancelled one: once in all.
    const refunded = (await doneRefunds(order.orderNumber)).reduce((sum, made) => sum + made.amount, 0) + (await givenBackWhole(intent.id)).reduce((sum, made) => sum + (made.amount ?? 0), 0);
    expect(refunded).toBe(order.total);
    expect(await stockOf(part)).toBe(10);
  });
});

type Op =
  | { kind: 'ship' | 'refund' | 'return'; line: number; quantity: number; restock: boolean }
  | { kind: 'deliver' | 'decide' | 'receive'; index: number; approve: boolean };

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constantFrom('ship' as const, 'refund' as const, 'return' as const), line: fc.nat({ max: 2 }), quantity: fc.integer({ min: 1, max: 3 }), restock: fc.boolean() }),
  fc.record({ kind: fc.constantFrom('deliver' as const, 'decide' as const, 'receive' as const), index: fc.nat({ max: 5 }), approve: fc.boolean() }),
);

describe('200 random operations on one order', () => {
  it('keep refunded ≤ paid per line and stock = initial − sold + restocked', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 200, maxLength: 200 }), async (ops) => {
        const quantities = [3, 2, 4];
        const parts = await Promise.all(quantities.map((_, index) => createPart(api, { p_quantity: 50, price: 1001 + index * 333 })));
        const order = await placed(parts.map((part, index) => ({ part, quantity: quantities[index]! })));
        await deliverWebhook(await succeededPayment(order.checkoutId));
        const detail = async () => (await as(admin, request(server).get(`/orders/${order.orderNumber}`))).body;
        const lineIds = ((await detail()).lines as { lineId: string }[]).map((line) => line.lineId);
        const statuses = new Set<number>();
        const run = async (op: Op) => {
          const base = `/orders/${order.orderNumber}`;
          if (op.kind === 'ship' || op.kind === 'refund' || op.kind === 'return') {
            const lines = [{ lineId: lineIds[op.line]!, quantity: op.quantity }];
            if (op.kind === 'ship') return as(admin, request(server).post(`${base}/shipments`).send({ carrier: 'UPS', trackingNumber: `1Z${randomSuffix()}`, lines }));
            if (op.kind === 'refund') return as(admin, request(server).post(`${base}/refunds`).set('Idempotency-Key', `p-${randomSuffix()}`).send({ lines, reason: 'Property test', restock: op.restock }));
            return as(customer, request(server).post(`${base}/returns`).send({ lines, reason: 'Property test' }));
          }
          const pick = op as Extract<Op, { index: number }>;
          const now = await detail();
          if (pick.kind === 'deliver') {
            const parcel = (now.shipments as { shipmentId: string }[])[pick.index];
            return parcel ? as(admin, request(server).post(`${base}/shipments/${parcel.shipmentId}/delivered`)) : undefined;
          }
          const open = (now.returns as { returnId: string; status: string }[]).filter((entry) => entry.status === (pick.kind === 'decide' ? 'requested' : 'approved'));
          const chosen = open[pick.index % Math.max(open.length, 1)];
          if (!chosen) return undefined;
          return pick.kind === 'decide'
            ? as(admin, request(server).post(`/returns/${chosen.returnId}/decision`).send({ approve: pick.approve }))
            : as(admin, request(server).post(`/returns/${chosen.returnId}/received`));
        };
        // Four at a time: the operations race as an admin and a customer clicking would.
        for (let start = 0; start < ops.length; start += 4) {
          const answers = await Promise.all(ops.slice(start, start + 4).map(run));
          for (const answer of answers) if (answer) statuses.add(answer.status);
        }
        expect([...statuses].filter((status) => ![200, 201, 409].includes(status))).toEqual([]);
        expect(statuses.has(201)).toBe(true);

        const lines = await storedLines(api, { checkoutId: ObjectId.createFromHexString(order.checkoutId) });
        let refundedInAll = 0;
        for (const [index, line] of lines.entries()) {
          const u = line.units;
          const refunded = refundedUnits(u);
          expect(refunded).toBeLessThanOrEqual(line.order_quantity);
          expect(u.refundedAmount).toBeLessThanOrEqual(lineCharge(line));
          expect(u.shipped + u.refundedUnshipped).toBeLessThanOrEqual(line.order_quantity);
          expect(u.delivered).toBeLessThanOrEqual(u.shipped);
          expect(u.returned).toBeLessThanOrEqual(u.delivered);
          // Only units that never left, or came back and were received, went back to stock.
          expect(restockedUnits(u)).toBeLessThanOrEqual(line.order_quantity - u.shipped + u.returned);
          expect(u.returning).toBeGreaterThanOrEqual(0);
          const part = parts.find((candidate) => candidate._id.equals(line.productId))!;
          expect(await stockOf(part)).toBe(50 - line.order_quantity + restockedUnits(u));
          refundedInAll += u.refundedAmount;
          expect(index).toBeLessThan(3);
        }
        // What Stripe gave back is what the lines say was refunded, and never more than was paid.
        const refunds = await doneRefunds(order.orderNumber);
        expect(refunds.length).toBeGreaterThan(0);
        const atStripe = await Promise.all(refunds.filter((made) => made.amount > 0).map((made) => stripe.refunds.retrieve(made.stripeRefundId!)));
        expect(atStripe.reduce((sum, made) => sum + made.amount, 0)).toBe(refundedInAll);
        expect(refundedInAll).toBeLessThanOrEqual(order.total);
      }),
      // One run of 200, however long a busy machine takes (no time limit on it: speed is the bench's);
      // on a failure fast-check shrinks it, starting no new run after a minute, and prints its seed.
      { numRuns: 1, skipAllAfterTimeLimit: 60_000 },
    );
  }, 300_000);
});
