import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Order } from '@pcpp/contracts/core';
import { ObjectId } from 'mongodb';
import type Stripe from 'stripe';
import request from 'supertest';
import { createPart, createTestApi, insertOrder as insertTestOrder, signUpWithAccessToken, storedLine, type TestApi, type TestLineFields, uniqueEmail, updateLine } from '../../../test/helpers';
import { createStripeClient } from './stripe-client';

// The api against the local Stripe sandbox the global setup started (STRIPE_API_URL).
let api: TestApi;
let stripe: Stripe;
let customer: Awaited<ReturnType<typeof signUpWithAccessToken>>;
let otherCustomer: Awaited<ReturnType<typeof signUpWithAccessToken>>;
let admin: Awaited<ReturnType<typeof signUpWithAccessToken>>;
/** Orders onOrderPaid was called with. */
const paidNotices: Order[] = [];
type StoredOrder = { _id: ObjectId };

const adminEmail = uniqueEmail('admin');

beforeAll(async () => {
  api = await createTestApi({ ADMIN_EMAILS: adminEmail }, { onOrderPaid: async (order) => void paidNotices.push(order) });
  stripe = createStripeClient(api.config.stripe!);
  [customer, otherCustomer, admin] = await Promise.all([
    signUpWithAccessToken(api),
    signUpWithAccessToken(api),
    signUpWithAccessToken(api, { email: adminEmail, emailVerified: true }),
  ]);
});
afterAll(() => api.close());

/** An order as POST /order stores it, of a part still sold. */
async function insertOrder(overrides: Omit<TestLineFields, 'email'> = {}): Promise<StoredOrder> {
  const part = await createPart(api, { p_quantity: 10 });
  const { _id } = await insertTestOrder(api, { _id: part._id, name: 'Ryzen Cooler 240', price: 1250 }, { email: customer.email, order_quantity: 4, totalAmount: 5000, ...overrides });
  return { _id };
}

/** The line as stored, with the fields a line had when it was stored alone. */
const stored = async (order: StoredOrder) => (await storedLine(api, order._id))?.line ?? null;

function createIntent(token: string | null, body: object) {
  const call = request(api.app).post('/create-payment-intent').send(body);
  return token ? call.set('Authorization', `Bearer ${token}`) : call;
}

const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;

/** Through the api, then confirmed with a test card at the sandbox, as the browser would. */
async function paidIntentFor(order: StoredOrder, paymentMethod = 'pm_card_visa'): Promise<Stripe.PaymentIntent> {
  const response = await createIntent(customer.token, { orderId: order._id.toHexString() });
  expect(response.status).toBe(200);
  return stripe.paymentIntents.confirm(intentIdOf(response.body.clientSecret), { payment_method: paymentMethod });
}

function eventOf(intent: Stripe.PaymentIntent, type = 'payment_intent.succeeded') {
  return JSON.stringify({ id: `evt_${new ObjectId().toHexString()}`, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object: intent } });
}

/** Signed as Stripe signs it, with the api's webhook secret (or another). */
function deliver(payload: string, { secret = api.config.stripe!.webhookSecret!, timestamp }: { secret?: string; timestamp?: number } = {}) {
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return request(api.app).post('/webhooks/stripe').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload);
}

describe('POST /create-payment-intent', () => {
  it('gives the owner a client secret for the stored order’s amount in dollars, whatever the body says', async () => {
    const order = await insertOrder({ totalAmount: 7350 });
    const response = await createIntent(customer.token, { orderId: order._id.toHexString(), totalAmount: 1 });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/) });

    const intent = await stripe.paymentIntents.retrieve(intentIdOf(response.body.clientSecret));
    expect(intent).toMatchObject({ amount: 7350, currency: 'usd', status: 'requires_payment_method', metadata: { orderId: order._id.toHexString() } });

    // The idempotency key is the order and its amount: asking again gives the same intent.
    const again = await createIntent(customer.token, { orderId: order._id.toHexString() });
    expect(again.body.clientSecret).toBe(response.body.clientSecret);
  });

  it('is for the owner only: no token 401; another customer, an admin and an unknown order the same 404', async () => {
    const order = await insertOrder();
    const body = { orderId: order._id.toHexString() };
    expect((await createIntent(null, body)).status).toBe(401);
    const unknown = await createIntent(customer.token, { orderId: new ObjectId().toHexString() });
    expect(unknown.status).toBe(404);
    for (const token of [otherCustomer.token, admin.token]) {
      const refused = await createIntent(token, body);
      expect([refused.status, refused.body]).toEqual([unknown.status, unknown.body]);
    }
  });

  it('refuses a paid or cancelled order with 409', async () => {
    const paid = await insertOrder({ paid: true, status: 'paid', transactionId: 'pi_earlier' });
    const cancelled = await insertOrder({ status: 'cancelled' });
    const paidAnswer = await createIntent(customer.token, { orderId: paid._id.toHexString() });
    expect(paidAnswer.status).toBe(409);
    expect(paidAnswer.body).toEqual({ message: 'This order is already paid' });
    expect((await createIntent(customer.token, { orderId: cancelled._id.toHexString() })).status).toBe(409);
  });

  it.each([{}, { orderId: 'nope' }, { orderId: { $ne: null } }, { orderId: new ObjectId().toHexString(), amount: 5 }])('refuses body %j with 400', async (body) => {
    const response = await createIntent(customer.token, body);
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual(expect.any(String));
  });
});

describe('POST /webhooks/stripe', () => {
  it('marks the order paid once, from a signed payment_intent.succeeded of its amount', async () => {
    const order = await insertOrder();
    const intent = await paidIntentFor(order);
    const response = await deliver(eventOf(intent));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ received: true });

    const after = await stored(order);
    expect(after).toMatchObject({ paid: true, status: 'paid', transactionId: intent.id });
    expect(after!.statusHistory).toEqual([
      expect.objectContaining({ status: 'placed' }),
      { status: 'paid', at: expect.any(Date), by: 'system' },
    ]);
    expect(paidNotices.filter((notice) => notice._id === order._id.toHexString())).toHaveLength(1);
  });

  it('refuses unsigned, tampered, wrongly signed and 10-minute-old events with 400, changing nothing', async () => {
    const order = await insertOrder();
    const intent = await paidIntentFor(order);
    const payload = eventOf(intent);

    const unsigned = await request(api.app).post('/webhooks/stripe').set('Content-Type', 'application/json').send(payload);
    expect(unsigned.status).toBe(400);
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: api.config.stripe!.webhookSecret! });
    const tampered = await request(api.app)
      .post('/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signature)
      .send(payload.replace('"amount": 5000', '"amount": 5001').replace('"amount":5000', '"amount":5001'));
    expect(tampered.status).toBe(400);
    expect((await deliver(payload, { secret: 'whsec_someone_else' })).status).toBe(400);
    const old = await deliver(payload, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(old.status).toBe(400);
    expect(old.body).toEqual({ message: 'The Stripe signature of this event is missing, wrong or too old' });

    expect(await stored(order)).toMatchObject({ paid: false, status: 'placed' });
    expect((await stored(order))!.transactionId).toBeUndefined();
  });

  it('fulfils once when the same event arrives 5 times at once', async () => {
    const order = await insertOrder();
    const intent = await paidIntentFor(order);
    const payload = eventOf(intent);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(payload)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const after = await stored(order);
    expect(after).toMatchObject({ paid: true, status: 'paid', transactionId: intent.id });
    expect(after!.statusHistory.filter((change) => change.status === 'paid')).toHaveLength(1);
    expect(paidNotices.filter((notice) => notice._id === order._id.toHexString())).toHaveLength(1);
  });

  it('leaves the order unpaid when the amount or the currency differs from the order', async () => {
    const order = await insertOrder();
    const intent = await paidIntentFor(order);
    expect((await deliver(eventOf({ ...intent, amount: 100 }))).status).toBe(200);
    expect((await deliver(eventOf({ ...intent, currency: 'eur' }))).status).toBe(200);
    expect(await stored(order)).toMatchObject({ paid: false, status: 'placed' });
  });

  it('answers 200 to events it ignores, and a later failure event does not undo a payment', async () => {
    const order = await insertOrder();
    const intent = await paidIntentFor(order);
    const declinedLater = { ...intent, status: 'requires_payment_method' as const };
    expect((await deliver(eventOf(declinedLater, 'payment_intent.payment_failed'))).body).toEqual({ received: true });
    expect(await stored(order)).toMatchObject({ paid: false });

    expect((await deliver(eventOf(intent))).status).toBe(200);
    expect((await deliver(eventOf(declinedLater, 'payment_intent.payment_failed'))).status).toBe(200);
    expect(await stored(order)).toMatchObject({ paid: true, status: 'paid', transactionId: intent.id });

    const unknownOrder = { ...intent, metadata: { orderId: new ObjectId().toHexString() } };
    expect((await deliver(eventOf(unknownOrder))).body).toEqual({ received: true });
  });

  it('does not pay a cancelled order', async () => {
    const order = await insertOrder();
    const intent = await paidIntentFor(order);
    await updateLine(api, order._id, { cancelled: { at: new Date(), by: customer.email, reason: 'deleted' } });
    expect((await deliver(eventOf(intent))).status).toBe(200);
    expect(await stored(order)).toMatchObject({ paid: false, status: 'cancelled' });
  });
});

describe('PATCH /myorder/:id', () => {
  function confirm(token: string, order: StoredOrder, body: object) {
    return request(api.app).patch(`/myorder/${order._id.toHexString()}`).set('Authorization', `Bearer ${token}`).send(body);
  }

  it('a made-up transaction id is 409 and the order stays unpaid', async () => {
    const order = await insertOrder();
    const response = await confirm(customer.token, order, { order: order._id.toHexString(), transactionId: 'pi_madeUp123' });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: 'The payment for this order could not be verified' });
    expect(await stored(order)).toMatchObject({ paid: false, status: 'placed' });
  });

  it('an intent that has not succeeded, or that paid another order, is 409', async () => {
    const order = await insertOrder();
    const created = await createIntent(customer.token, { orderId: order._id.toHexString() });
    expect((await confirm(customer.token, order, { transactionId: intentIdOf(created.body.clientSecret) })).status).toBe(409);

    const declined = await paidIntentFor(order, 'pm_card_chargeDeclined').catch((error: { payment_intent: Stripe.PaymentIntent }) => error.payment_intent);
    expect((await confirm(customer.token, order, { transactionId: declined.id })).status).toBe(409);

    const otherOrder = await insertOrder();
    const otherPayment = await paidIntentFor(otherOrder);
    expect((await confirm(customer.token, order, { transactionId: otherPayment.id })).status).toBe(409);
    expect(await stored(order)).toMatchObject({ paid: false, status: 'placed' });
  });

  it('marks the order paid after Stripe confirms the intent succeeded for it; again is harmless', async () => {
    const order = await insertOrder();
    const intent = await paidIntentFor(order);
    // Someone else's order: the same 404 as an order that does not exist.
    const refused = await confirm(otherCustomer.token, order, { transactionId: intent.id });
    expect([refused.status, refused.body]).toEqual([404, { message: 'Order not found' }]);

    const response = await confirm(customer.token, order, { order: order._id.toHexString(), transactionId: intent.id });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ paid: true, status: 'paid', transactionId: intent.id });
    expect(await stored(order)).toMatchObject({ paid: true, status: 'paid', transactionId: intent.id });

    expect((await confirm(customer.token, order, { transactionId: intent.id })).status).toBe(200);
    // The webhook arriving afterwards changes nothing.
    expect((await deliver(eventOf(intent))).status).toBe(200);
    expect((await stored(order))!.statusHistory.filter((change) => change.status === 'paid')).toHaveLength(1);
    expect(paidNotices.filter((notice) => notice._id === order._id.toHexString())).toHaveLength(1);
  });

  it('refuses unknown fields, a bad id and an order field that is not the path’s', async () => {
    const order = await insertOrder();
    expect((await confirm(customer.token, order, { transactionId: 'pi_x', paid: true })).status).toBe(400);
    expect((await confirm(customer.token, order, { transactionId: 'ch_123' })).status).toBe(400);
    expect((await confirm(customer.token, order, { transactionId: 'pi_x', order: new ObjectId().toHexString() })).status).toBe(400);
    const badId = await request(api.app).patch('/myorder/nope').set('Authorization', `Bearer ${customer.token}`).send({ transactionId: 'pi_x' });
    expect(badId.status).toBe(400);
  });
});

describe('end to end with the sandbox’s own webhook', () => {
  it('a card confirmed at the sandbox marks the order paid through the signed webhook', async () => {
    // The api listening for real, and the sandbox told to send it events (its webhook_endpoints api).
    let handler: http.RequestListener = (_req, res) => void res.writeHead(503).end();
    const server = http.createServer((req, res) => handler(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const endpoint = await stripe.webhookEndpoints.create({ url: `http://127.0.0.1:${port}/webhooks/stripe`, enabled_events: ['payment_intent.succeeded'] });
    const live = await createTestApi({ STRIPE_WEBHOOK_SECRET: endpoint.secret });
    handler = live.app;
    try {
      const user = await signUpWithAccessToken(live);
      const part = await createPart(live, { p_quantity: 5 });
      const { _id: insertedId } = await insertTestOrder(live, { _id: part._id, name: 'DDR5 32 GB', price: 9900 }, { email: user.email, name: 'Buyer', address: '2 High St', phone: '555-0101' });
      const created = await request(live.app).post('/create-payment-intent').set('Authorization', `Bearer ${user.token}`).send({ orderId: insertedId.toHexString() });
      const intent = await stripe.paymentIntents.confirm(intentIdOf(created.body.clientSecret), { payment_method: 'pm_card_visa' });
      expect(intent.status).toBe('succeeded');

      let order = (await storedLine(live, insertedId))?.line;
      while (!order?.paid) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        order = (await storedLine(live, insertedId))?.line;
      }
      expect(order).toMatchObject({ paid: true, status: 'paid', transactionId: intent.id });
    } finally {
      await stripe.webhookEndpoints.del(endpoint.id);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await live.close();
    }
  });
});
