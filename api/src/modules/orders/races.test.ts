import { once } from 'node:events';
import type { Server } from 'node:http';
import { ObjectId } from 'mongodb';
import type Stripe from 'stripe';
import request from 'supertest';
import { createAccount, createPart, createTestApi, insertOrder, randomSuffix, type TestApi } from '../../../test/helpers';
import { createStripeClient } from '../payments/stripe-client';
import type { OrderDocument } from './documents';
import { refundedUnits, restockedUnits } from './model/units';

// Requests sent together on one order never both pass when they cannot both be right (issue 42,
// probed from outside): a cancel and a parcel, a parcel and a restocking refund, a refund of every
// unit and a return's receipt, three "ship everything". Each round is a fresh paid order.

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
  [customer, admin] = await Promise.all([createAccount(api, 'customer'), createAccount(api, 'admin')]);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await api.close();
});

const as = (account: Account, call: request.Test) => call.set('Authorization', `Bearer ${account.token}`);
const stockOf = async (part: Part) => (await api.database.collections.parts.findOne({ _id: part._id }))!.p_quantity;
const orderOf = async (number: string) => (await api.database.collections.wholeOrders.findOne({ number }))!;

/**
 * A paid order of these lines, as placing and paying leave one: the stock taken, each line paid by
 * one payment that really went through at the Stripe sandbox (what a refund gives back).
 */
async function paidOrder(lines: { part: Part; quantity: number }[], { delivered = false } = {}): Promise<{ number: string; lineIds: string[] }> {
  const total = lines.reduce((sum, line) => sum + line.part.price * line.quantity, 0);
  const intent = await stripe.paymentIntents.create({ amount: total, currency: 'usd', payment_method: 'pm_card_visa', confirm: true });
  const checkoutId = new ObjectId();
  const number = `PCP-${randomSuffix().slice(0, 6).toUpperCase()}`;
  const lineIds: string[] = [];
  for (const { part, quantity } of lines) {
    await api.database.collections.parts.updateOne({ _id: part._id }, { $inc: { p_quantity: -quantity } });
    const status = delivered ? 'delivered' : 'paid';
    const { id } = await insertOrder(api, part, { email: customer.email, number, checkoutId, order_quantity: quantity, paid: true, status, transactionId: intent.id, ...(delivered ? { lastDeliveredAt: new Date() } : {}) });
    lineIds.push(id);
  }
  await api.database.collections.wholeOrders.updateOne({ _id: checkoutId }, { $set: { paid: true, transactionId: intent.id } });
  return { number, lineIds };
}

const ship = (number: string, lines?: { lineId: string; quantity: number }[]) =>
  as(admin, request(server).post(`/orders/${number}/shipments`).send({ carrier: 'UPS', trackingNumber: `1Z${randomSuffix()}`, ...(lines ? { lines } : {}) }));
const cancel = (number: string) => as(admin, request(server).post(`/orders/${number}/cancel`).send({ reason: 'The race test cancels it.' }));
const refund = (number: string, lines: { lineId: string; quantity: number }[], restock: boolean) =>
  as(admin, request(server).post(`/orders/${number}/refunds`).set('Idempotency-Key', `race-${randomSuffix()}`).send({ lines, reason: 'The race test refunds it.', restock }));

/** What every race must leave: the rules of the units, and only units that never left or came back restocked. */
function expectUnitsRight(order: OrderDocument) {
  for (const line of order.lines) {
    const u = line.units;
    expect(u.shipped + u.refundedUnshipped).toBeLessThanOrEqual(line.order_quantity);
    expect(refundedUnits(u) + u.returning).toBeLessThanOrEqual(line.order_quantity);
    expect(restockedUnits(u)).toBeLessThanOrEqual(line.order_quantity - u.shipped + u.returned);
  }
  // No parcel after a cancellation.
  if (order.cancellation) for (const parcel of order.parcels) expect(parcel.shippedAt.getTime()).toBeLessThanOrEqual(order.cancellation.at.getTime());
}

it('30 rounds of a cancel and a shipment sent together: exactly one stands, and a shipped unit is never restocked', async () => {
  const outcomes = new Set<string>();
  for (let round = 0; round < 30; round += 1) {
    const part = await createPart(api, { p_quantity: 10, price: 1500 });
    const order = await paidOrder([{ part, quantity: 2 }]);
    const [shipped, cancelled] = await Promise.all([ship(order.number), cancel(order.number)]);
    outcomes.add(`${shipped.status} ${cancelled.status}`);
    expect([shipped.status, cancelled.status].sort()).toEqual([shipped.status === 201 ? 201 : 200, 409].sort());
    const after = await orderOf(order.number);
    expectUnitsRight(after);
    if (shipped.status === 201) {
      // The parcel left: nothing went back to stock, the order is not cancelled, nothing refunded.
      expect(after.cancellation).toBeUndefined();
      expect(await stockOf(part)).toBe(8);
      expect(after.refunds).toEqual([]);
    } else {
      expect(after.parcels).toEqual([]);
      expect(after.state.status).toBe('cancelled');
      expect(await stockOf(part)).toBe(10);
    }
  }
  // Both ways came up over the rounds only if the timing let them; each round had exactly one winner.
  expect(outcomes.size).toBeGreaterThanOrEqual(1);
}, 240_000);

it('a shipment racing a restocking refund of every unit: never a shipped unit restocked, never a refunded unit shipped', async () => {
  for (let round = 0; round < 10; round += 1) {
    const part = await createPart(api, { p_quantity: 10, price: 1200 });
    const order = await paidOrder([{ part, quantity: 2 }]);
    const lines = [{ lineId: order.lineIds[0]!, quantity: 2 }];
    const [shipped, refunded] = await Promise.all([ship(order.number, lines), refund(order.number, lines, true)]);
    expect([shipped.status, refunded.status].filter((status) => status < 300)).toHaveLength(1);
    const after = await orderOf(order.number);
    expectUnitsRight(after);
    const u = after.lines[0]!.units;
    if (shipped.status === 201) {
      // The refund found the units shipped and not back: refused with its sentence, nothing restocked.
      expect(refunded.status).toBe(409);
      expect(refunded.body.message).toMatch(/shipped and not come back/);
      expect(u).toMatchObject({ shipped: 2, restockedUnshipped: 0, refundedAmount: 0 });
      expect(await stockOf(part)).toBe(8);
    } else {
      expect(u).toMatchObject({ shipped: 0, refundedUnshipped: 2, restockedUnshipped: 2 });
      expect(await stockOf(part)).toBe(10);
    }
  }
}, 120_000);

it('a refund of every unit racing a return’s receipt: the return always closes, and refunded + returning never pass the quantity', async () => {
  for (let round = 0; round < 10; round += 1) {
    const part = await createPart(api, { p_quantity: 10, price: 1000 });
    const order = await paidOrder([{ part, quantity: 2 }], { delivered: true });
    const lineId = order.lineIds[0]!;
    const asked = await as(customer, request(server).post(`/orders/${order.number}/returns`).send({ lines: [{ lineId, quantity: 1 }], reason: 'Too loud' }));
    expect(asked.status).toBe(201);
    await as(admin, request(server).post(`/returns/${asked.body.returnId}/decision`).send({ approve: true })).expect(200);
    const [refunded, received] = await Promise.all([
      refund(order.number, [{ lineId, quantity: 2 }], false),
      as(admin, request(server).post(`/returns/${asked.body.returnId}/received`)),
    ]);
    // One unit is in the return: a refund of both is refused, whenever it comes; the receipt stands.
    expect(refunded.status).toBe(409);
    expect(received.status).toBe(200);
    const after = await orderOf(order.number);
    expectUnitsRight(after);
    expect(after.returns[0]).toMatchObject({ status: 'received', refundedAmount: 1000 });
    expect(after.lines[0]!.units).toMatchObject({ returning: 0, returned: 1, refundedReturned: 1, restockedReturned: 1 });
    expect(await stockOf(part)).toBe(9);
  }
}, 120_000);

it('three "ship everything" at once: one parcel holds every line, the others are refused', async () => {
  for (let round = 0; round < 10; round += 1) {
    const [a, b] = await Promise.all([createPart(api, { p_quantity: 10, price: 900 }), createPart(api, { p_quantity: 10, price: 700 })]);
    const order = await paidOrder([{ part: a, quantity: 2 }, { part: b, quantity: 1 }]);
    const answers = await Promise.all([ship(order.number), ship(order.number), ship(order.number)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    const after = await orderOf(order.number);
    expect(after.parcels).toHaveLength(1);
    expect(after.parcels[0]!.lines.map((line) => line.quantity)).toEqual([2, 1]);
    expect(after.lines.map((line) => line.status)).toEqual(['shipped', 'shipped']);
    expectUnitsRight(after);
  }
}, 120_000);

it('a refused shipment changed nothing, so its Idempotency-Key runs again; one that stood is replayed, never shipped twice', async () => {
  const part = await createPart(api, { p_quantity: 10, price: 800 });
  const order = await paidOrder([{ part, quantity: 1 }]);
  const post = (key: string, quantity: number) =>
    as(admin, request(server).post(`/orders/${order.number}/shipments`).set('Idempotency-Key', key).send({ carrier: 'UPS', trackingNumber: '1Z-KEY', lines: [{ lineId: order.lineIds[0]!, quantity }] }));
  const key = `ship-${randomSuffix()}`;
  const refused = await post(key, 2);
  expect(refused.status).toBe(409);
  // Run again, not replayed: the key was freed.
  const again = await post(key, 2);
  expect([again.status, again.headers['idempotent-replayed']]).toEqual([409, undefined]);
  const stood = `ship-${randomSuffix()}`;
  expect((await post(stood, 1)).status).toBe(201);
  const retried = await post(stood, 1);
  expect([retried.status, retried.headers['idempotent-replayed']]).toEqual([201, 'true']);
  expect((await orderOf(order.number)).parcels).toHaveLength(1);
});
