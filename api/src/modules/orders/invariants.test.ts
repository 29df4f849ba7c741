import { writeFileSync } from 'node:fs';
import { once } from 'node:events';
import type { Server } from 'node:http';
import { formatCents } from '@pcpp/contracts/core';
import fc from 'fast-check';
import { ObjectId } from 'mongodb';
import type Stripe from 'stripe';
import request from 'supertest';
import { createAccount, createPart, createTestApi, randomSuffix, type TestApi } from '../../../test/helpers';
import { createStripeClient } from '../payments/stripe-client';
import type { OrderDocument } from './documents';
import { lineCharge } from './model/charges';
import { cancellationDone } from './model/state';
import { restockedUnits } from './model/units';

// The orders' invariants, proven on random interleavings (issue 42): orders placed (one part, or a
// checkout of two), paid by the webhook or the spec's PATCH /myorder, shipped in part, delivered,
// cancelled whole or line by line (the spec's routes), refunded with and without restock, returned
// (asked, decided, received), several requests at once, on the embedded database. After every run:
// - per line: refunded ≤ charged, and shipped + refunded before shipping ≤ quantity;
// - per part: stock = initial − sold + restocked, and restocked ≤ never shipped + returned and received;
// - no parcel is dated after its order's cancellation;
// - each email is sent once; what Stripe gave back is what the orders say.
// ORDER_INVARIANT_RUNS (50 here; `npm run bench` runs 1,000) and ORDER_INVARIANT_SEED choose the
// runs; a failure is shrunk and reported with its seed and path. ORDER_INVARIANT_REPORT writes the
// figures as JSON (the bench).

const RUNS = Number(process.env.ORDER_INVARIANT_RUNS ?? 50);
const SEED = Number(process.env.ORDER_INVARIANT_SEED ?? 0x0de_42);
const INITIAL_STOCK = 20;
const PRICES = [1_499, 2_350];
const LINE_NOTE = 'One line cancelled by the property test.';
const WHOLE_NOTE = 'Cancelled whole by the property test.';

type Account = { email: string; token: string };
type Part = Awaited<ReturnType<typeof createPart>>;

let api: TestApi;
let server: Server;
let stripe: Stripe;
let admin: Account;
let customers: Account[];

beforeAll(async () => {
  api = await createTestApi();
  server = api.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  stripe = createStripeClient(api.config.stripe!);
  [admin, ...customers] = await Promise.all([createAccount(api, 'admin'), createAccount(api, 'customer'), createAccount(api, 'customer')]);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await api.close();
});

// The operations, with their targets drawn as indices (taken modulo what exists when they run).
type Op =
  | { kind: 'place'; customer: number; checkout: boolean; quantities: [number, number] }
  | { kind: 'pay'; order: number; byPage: boolean }
  | { kind: 'ship'; order: number; line: number; quantity: number; all: boolean }
  | { kind: 'shipLine' | 'deliverLine'; order: number; line: number }
  | { kind: 'deliver'; order: number; parcel: number }
  | { kind: 'cancel'; order: number }
  | { kind: 'cancelLine'; order: number; line: number; by: 'customer' | 'admin' | 'patch' }
  | { kind: 'refund'; order: number; line: number; quantity: number; restock: boolean }
  | { kind: 'return'; order: number; line: number; quantity: number }
  | { kind: 'decide'; order: number; approve: boolean }
  | { kind: 'receive'; order: number };

const index = fc.nat({ max: 7 });
const units = fc.integer({ min: 1, max: 3 });
const placeArbitrary = fc.record({ kind: fc.constant('place' as const), customer: fc.nat({ max: 1 }), checkout: fc.boolean(), quantities: fc.tuple(fc.nat({ max: 3 }), fc.nat({ max: 3 })) });
const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: placeArbitrary },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('pay' as const), order: index, byPage: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('ship' as const), order: index, line: index, quantity: units, all: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('shipLine' as const, 'deliverLine' as const), order: index, line: index }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('deliver' as const), order: index, parcel: index }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), order: index }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancelLine' as const), order: index, line: index, by: fc.constantFrom('customer' as const, 'admin' as const, 'patch' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), order: index, line: index, quantity: units, restock: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('return' as const), order: index, line: index, quantity: units }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('decide' as const), order: index, approve: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('receive' as const), order: index }) },
);
/** How far an order of the run's start gets before the random steps: returns need delivered parts. */
type Stage = 'placed' | 'paid' | 'shipped' | 'delivered' | 'returning';
const stageArbitrary: fc.Arbitrary<Stage> = fc.oneof(
  { weight: 1, arbitrary: fc.constant('placed' as const) },
  { weight: 3, arbitrary: fc.constant('paid' as const) },
  { weight: 1, arbitrary: fc.constant('shipped' as const) },
  { weight: 1, arbitrary: fc.constant('delivered' as const) },
  { weight: 2, arbitrary: fc.constant('returning' as const) },
);
/**
 * A run: one or two orders placed and (mostly) paid, some shipped or delivered, to start with, so
 * that the steps find something to ship, refund and return; then steps of one to three operations
 * sent together.
 */
const runArbitrary = fc.record({
  start: fc.array(fc.record({ place: placeArbitrary, stage: stageArbitrary }), { minLength: 1, maxLength: 2 }),
  steps: fc.array(fc.array(opArbitrary, { minLength: 1, maxLength: 3 }), { minLength: 3, maxLength: 8 }),
});

interface Placed {
  number: string;
  checkoutId: string;
  lineIds: string[];
  customer: Account;
  checkout: boolean;
}

const as = (account: Account, call: request.Test) => call.set('Authorization', `Bearer ${account.token}`);

function deliverWebhook(intent: Stripe.PaymentIntent) {
  const payload = JSON.stringify({ id: `evt_${new ObjectId().toHexString()}`, object: 'event', type: 'payment_intent.succeeded', created: Math.floor(Date.now() / 1000), data: { object: intent } });
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: api.config.stripe!.webhookSecret! });
  return request(server).post('/webhooks/stripe').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload);
}

/** Runs one operation; its answer's status, or undefined when it had nothing to act on. */
async function run(op: Op, parts: Part[], orders: Placed[]): Promise<number | undefined> {
  if (op.kind === 'place') {
    const customer = customers[op.customer]!;
    const lines = parts.map((part, at) => ({ productId: part.id, quantity: op.quantities[at]! })).filter((line) => line.quantity > 0);
    if (lines.length === 0) return undefined;
    if (op.checkout) {
      const address = { fullName: 'Pat Property', street: '1 Main Street', city: 'Austin', postalCode: '78701', country: 'US', region: 'TX', phone: '+1 555 010 0100' };
      const placed = await as(customer, request(server).post('/checkout').set('Idempotency-Key', `inv-${randomSuffix()}`)).send({ lines, address });
      if (placed.status === 201) orders.push({ number: placed.body.orderNumber, checkoutId: placed.body.checkoutId, lineIds: placed.body.orders.map((o: { _id: string }) => o._id), customer, checkout: true });
      return placed.status;
    }
    const placed = await as(customer, request(server).post('/order')).send({ productId: lines[0]!.productId, order_quantity: lines[0]!.quantity, address: '1 Main Street, Austin, TX 78701', phone: '555 0100' });
    if (placed.status === 201) orders.push({ number: placed.body.order.number, checkoutId: placed.body.order.checkoutId, lineIds: [placed.body.insertedId], customer, checkout: false });
    return placed.status;
  }
  const order = orders[op.order % Math.max(orders.length, 1)];
  if (!order) return undefined;
  const lineId = 'line' in op ? order.lineIds[op.line % order.lineIds.length]! : '';
  const base = `/orders/${order.number}`;
  switch (op.kind) {
    case 'pay': {
      const body = order.checkout ? { checkoutId: order.checkoutId } : { orderId: order.lineIds[0] };
      const intent = await as(order.customer, request(server).post('/create-payment-intent').send(body));
      if (intent.status !== 200) return intent.status;
      const id = (intent.body.clientSecret as string).split('_secret_')[0]!;
      const paid = await stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_visa' }).catch(() => null);
      // Cancelled meanwhile: the card can no longer be charged.
      if (!paid) return 409;
      if (op.byPage && !order.checkout) return (await as(order.customer, request(server).patch(`/myorder/${order.lineIds[0]}`).send({ transactionId: paid.id }))).status;
      return (await deliverWebhook(paid)).status;
    }
    case 'ship':
      return (await as(admin, request(server).post(`${base}/shipments`).send({ carrier: 'UPS', trackingNumber: `1Z${randomSuffix()}`, ...(op.all ? {} : { lines: [{ lineId, quantity: op.quantity }] }) }))).status;
    case 'shipLine':
      return (await as(admin, request(server).patch(`/order/${lineId}/status`).send({ status: 'shipped', carrier: 'FedEx', trackingNumber: `77${randomSuffix()}` }))).status;
    case 'deliverLine':
      return (await as(admin, request(server).patch(`/order/${lineId}/status`).send({ status: 'delivered' }))).status;
    case 'deliver': {
      const detail = (await as(admin, request(server).get(base))).body as { shipments: { shipmentId: string }[] };
      const parcel = detail.shipments[op.parcel % Math.max(detail.shipments.length, 1)];
      return parcel ? (await as(admin, request(server).post(`${base}/shipments/${parcel.shipmentId}/delivered`))).status : undefined;
    }
    case 'cancel':
      return (await as(admin, request(server).post(`${base}/cancel`).send({ reason: WHOLE_NOTE }))).status;
    case 'cancelLine':
      if (op.by === 'customer') return (await as(order.customer, request(server).delete(`/myorder/${lineId}`))).status;
      if (op.by === 'admin') return (await as(admin, request(server).delete(`/order/${lineId}`).send({ reason: LINE_NOTE }))).status;
      return (await as(admin, request(server).patch(`/order/${lineId}/status`).send({ status: 'cancelled', reason: LINE_NOTE }))).status;
    case 'refund':
      return (
        await as(admin, request(server).post(`${base}/refunds`).set('Idempotency-Key', `inv-${randomSuffix()}`)).send({ lines: [{ lineId, quantity: op.quantity }], reason: 'Property test', restock: op.restock })
      ).status;
    case 'return':
      return (await as(order.customer, request(server).post(`${base}/returns`).send({ lines: [{ lineId, quantity: op.quantity }], reason: 'Property test' }))).status;
    case 'decide':
    case 'receive': {
      const detail = (await as(admin, request(server).get(base))).body as { returns: { returnId: string; status: string }[] };
      const open = detail.returns.find((entry) => entry.status === (op.kind === 'decide' ? 'requested' : 'approved'));
      if (!open) return undefined;
      const path = `/returns/${open.returnId}/${op.kind === 'decide' ? 'decision' : 'received'}`;
      return (await as(admin, request(server).post(path).send(op.kind === 'decide' ? { approve: op.approve } : undefined))).status;
    }
  }
}

/** The emails each order must have had, once each: by subject, from what the order says happened. */
function expectedEmails(order: OrderDocument): Map<string, number> {
  const expected = new Map<string, number>();
  const add = (subject: string, count = 1) => count > 0 && expected.set(subject, (expected.get(subject) ?? 0) + count);
  const n = order.number;
  add(order.shipTo ? `Your order ${n} is placed` : `Your order for ${order.lines[0]!.productName} is placed`);
  if (order.paid) add(`Payment received for order ${n}`);
  for (const line of order.lines) if (line.paid && !(order.paid && line.transactionId === order.transactionId)) add(`Payment received for ${line.productName}`);
  // A payment given back is told once, naming the first line it was for.
  const givenBack = new Map<string, string>();
  for (const line of order.lines) for (const refund of line.givenBack) if (!givenBack.has(refund.refundId)) givenBack.set(refund.refundId, line.productName);
  for (const productName of givenBack.values()) add(`Refund for ${productName}`);
  add(`Order ${n}: parts on their way`, order.parcels.length);
  add(`Order ${n}: parts delivered`, order.parcels.filter((parcel) => parcel.deliveredAt).length);
  add(`Order ${n}: return requested`, order.returns.length);
  add(`Order ${n}: return approved`, order.returns.filter((ret) => ret.status === 'approved' || ret.status === 'received').length);
  add(`Order ${n}: return not accepted`, order.returns.filter((ret) => ret.status === 'rejected').length);
  for (const refund of order.refunds.filter((made) => made.status === 'done' && !made.cancels)) {
    add(refund.returnId ? `Order ${n}: return received, ${formatCents(refund.amount)} refunded` : `Order ${n}: ${formatCents(refund.amount)} refunded`);
  }
  if (cancellationDone(order)) add(`Order ${n} is cancelled`);
  add(`Order ${n} is cancelled`, order.lines.filter((line) => line.cancelled?.note === LINE_NOTE).length);
  return expected;
}

/** Every invariant of the run's orders and parts; each broken one in words. */
async function brokenInvariants(parts: Part[], placed: Placed[], since: Date): Promise<string[]> {
  const broken: string[] = [];
  const orders = await api.database.collections.wholeOrders.find({ number: { $in: placed.map((order) => order.number) } }).toArray();
  // The run's emails: the customers', written since it began.
  const mails = await api.database.collections.outbox.find({ to: { $in: customers.map((customer) => customer.email) }, createdAt: { $gte: since } }).toArray();
  const payments = new Map<string, number>();
  for (const order of orders) {
    for (const line of order.lines) {
      const u = line.units;
      const charged = lineCharge(line);
      const doneForLine = order.refunds.filter((made) => made.status === 'done').flatMap((made) => made.lines).filter((entry) => entry.lineId.equals(line._id)).reduce((sum, entry) => sum + entry.amount, 0);
      if (u.refundedAmount > charged || doneForLine > charged) broken.push(`${order.number}: refunded ${u.refundedAmount} (done ${doneForLine}) of a line charged ${charged}`);
      if (u.shipped + u.refundedUnshipped > line.order_quantity) broken.push(`${order.number}: shipped ${u.shipped} + refunded unshipped ${u.refundedUnshipped} > ${line.order_quantity}`);
      if (line.cancelled && u.shipped > 0) broken.push(`${order.number}: a line cancelled unpaid shipped ${u.shipped}`);
    }
    if (order.cancellation) {
      for (const parcel of order.parcels) if (parcel.shippedAt > order.cancellation.at) broken.push(`${order.number}: a parcel of ${parcel.shippedAt.toISOString()} after the cancellation of ${order.cancellation.at.toISOString()}`);
    }
    if (order.state.pendingRefunds > 0) broken.push(`${order.number}: ${order.state.pendingRefunds} refunds left pending`);
    if (order.effects && Object.keys(order.effects).length > 0) broken.push(`${order.number}: emails or Activity entries not relayed`);
    if (order.stockMoves && Object.keys(order.stockMoves).length > 0) broken.push(`${order.number}: stock moves not applied`);
    // Each email once.
    const sent = mails.filter((mail) => mail.text.includes(`Order number: ${order.number}\n`));
    const bySubject = new Map<string, number>();
    for (const mail of sent) bySubject.set(mail.subject, (bySubject.get(mail.subject) ?? 0) + 1);
    const expected = expectedEmails(order);
    const subjects = new Set([...bySubject.keys(), ...expected.keys()]);
    for (const subject of subjects) {
      if ((bySubject.get(subject) ?? 0) !== (expected.get(subject) ?? 0)) broken.push(`${order.number}: "${subject}" sent ${bySubject.get(subject) ?? 0} times, expected ${expected.get(subject) ?? 0}`);
    }
    // What the orders say was given back, per payment.
    for (const refund of order.refunds.filter((made) => made.status === 'done')) payments.set(refund.paymentIntentId, (payments.get(refund.paymentIntentId) ?? 0) + refund.amount);
    const givenBack = new Map(order.lines.flatMap((line) => line.givenBack.map((refund) => [refund.refundId, refund] as const)));
    for (const refund of givenBack.values()) payments.set(refund.paymentIntentId, (payments.get(refund.paymentIntentId) ?? 0) + refund.amount);
    for (const line of order.lines) if (line.transactionId && !payments.has(line.transactionId)) payments.set(line.transactionId, 0);
  }
  // …is what Stripe gave back.
  for (const [paymentIntent, amount] of payments) {
    const atStripe = (await stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 })).data.reduce((sum, made) => sum + made.amount, 0);
    if (atStripe !== amount) broken.push(`${paymentIntent}: Stripe gave back ${atStripe}, the orders say ${amount}`);
  }
  for (const part of parts) {
    const lines = orders.flatMap((order) => order.lines).filter((line) => line.productId.equals(part._id));
    const sold = lines.filter((line) => !line.cancelled).reduce((sum, line) => sum + line.order_quantity, 0);
    const restocked = lines.reduce((sum, line) => sum + restockedUnits(line.units), 0);
    const mayGoBack = lines.filter((line) => !line.cancelled).reduce((sum, line) => sum + line.order_quantity - line.units.shipped + line.units.returned, 0);
    const stock = (await api.database.collections.parts.findOne({ _id: part._id }))!.p_quantity;
    if (stock !== INITIAL_STOCK - sold + restocked) broken.push(`${part.name}: stock ${stock}, expected ${INITIAL_STOCK} − ${sold} sold + ${restocked} restocked`);
    if (restocked > mayGoBack) broken.push(`${part.name}: ${restocked} restocked, more than the ${mayGoBack} never shipped or returned`);
  }
  return broken;
}

it(`keeps money, stock, parcels and emails right in ${RUNS} random interleavings (seed ${SEED})`, async () => {
  /** How each kind of operation ended ("ship 201"): what the runs exercised. */
  const statuses = new Map<string, number>();
  const started = Date.now();
  let operations = 0;
  const property = fc.asyncProperty(runArbitrary, async ({ start, steps }) => {
    const since = new Date();
    const parts = await Promise.all(PRICES.map((price) => createPart(api, { p_quantity: INITIAL_STOCK, price })));
    const orders: Placed[] = [];
    const counted = async (op: Op) => {
      const status = await run(op, parts, orders);
      if (status === undefined) return;
      operations += 1;
      const key = `${op.kind} ${status}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (status >= 500 || status === 400 || status === 404) throw new Error(`${op.kind} answered ${status}`);
    };
    for (const { place, stage } of start) {
      const at = orders.length;
      await counted(place);
      if (stage === 'placed' || orders.length === at) continue;
      await counted({ kind: 'pay', order: at, byPage: place.customer === 1 });
      if (stage === 'paid') continue;
      await counted({ kind: 'ship', order: at, line: 0, quantity: 1, all: true });
      if (stage === 'shipped') continue;
      await counted({ kind: 'deliver', order: at, parcel: 0 });
      if (stage === 'returning') await counted({ kind: 'return', order: at, line: 0, quantity: 1 });
    }
    for (const step of steps) await Promise.all(step.map(counted));
    const broken = await brokenInvariants(parts, orders, since);
    if (broken.length > 0) throw new Error(broken.join('\n'));
  });
  const details = await fc.check(property, { numRuns: RUNS, seed: SEED, interruptAfterTimeLimit: Math.max(120_000, RUNS * 3_000) });
  const figures = { runs: details.numRuns, seed: SEED, operations, seconds: (Date.now() - started) / 1000, statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a.localeCompare(b))), failed: details.failed };
  if (process.env.ORDER_INVARIANT_REPORT) writeFileSync(process.env.ORDER_INVARIANT_REPORT, JSON.stringify(figures, null, 2));
  // The shrunk counterexample, its seed and path (to replay it) and what it broke.
  if (details.failed) throw new Error(`${fc.defaultReportMessage(details) ?? 'failed'}\n\nBroken:\n${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}`);
  expect(details.numRuns).toBe(RUNS);
  expect(details.interrupted).toBe(false);
  // The runs did what they are about: orders paid, shipped, delivered, cancelled, refunded, returned, and refused when they had to be.
  const done = (kind: string) => [...statuses].filter(([key]) => key.startsWith(`${kind} 20`)).reduce((sum, [, count]) => sum + count, 0);
  const kinds = ['place', 'pay', 'ship', 'deliver', 'cancel', 'cancelLine', 'refund', 'return', 'decide', 'receive'];
  // A short run (ORDER_INVARIANT_RUNS=3 while working) may miss some; 50 runs draw each of them.
  const needed = RUNS >= 50 ? kinds : ['place', 'pay'];
  expect(needed.filter((kind) => done(kind) === 0)).toEqual([]);
  expect([...statuses].some(([key]) => key.endsWith(' 409'))).toBe(true);
}, Math.max(240_000, RUNS * 4_000));
