import { once } from 'node:events';
import type { Server } from 'node:http';
import { orderRuleText } from '@pcpp/contracts/core';
import { ObjectId } from 'mongodb';
import type Stripe from 'stripe';
import request from 'supertest';
import { DEFAULT_HELD_SHARE_PERCENT, DEFAULT_MAX_HELD_UNITS_PER_PART, DEFAULT_MAX_UNPAID_ORDERS, DEFAULT_PAY_NOW_HOLD_MINUTES } from '../../config';
import { createAccount, createPart, createTestApi, randomSuffix, storedLines, type TestApi } from '../../../test/helpers';
import { createStripeClient } from '../payments/stripe-client';

// Account farming (issue 36): fresh accounts placed orders they never paid and held a part's whole
// stock for 30 minutes, so a customer who would pay at once read "This part is sold out." Now orders
// paid later hold at most half a part's stock, all customers together; past it only the checkout,
// paid on its page, gets stock, held for the minutes of the payment. The real defaults here.

let api: TestApi;
let server: Server;
let stripe: Stripe;
beforeAll(async () => {
  api = await createTestApi({
    MAX_UNPAID_ORDERS: String(DEFAULT_MAX_UNPAID_ORDERS),
    MAX_HELD_UNITS_PER_PART: String(DEFAULT_MAX_HELD_UNITS_PER_PART),
    ORDER_HOLD_SHARE_PERCENT: String(DEFAULT_HELD_SHARE_PERCENT),
    PAY_NOW_HOLD_MINUTES: String(DEFAULT_PAY_NOW_HOLD_MINUTES),
  });
  server = api.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  stripe = createStripeClient(api.config.stripe!);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await api.close();
});

type Account = Awaited<ReturnType<typeof createAccount>>;
const as = (account: Account, call: request.Test) => call.set('Authorization', `Bearer ${account.token}`);
const postOrder = (account: Account, productId: string, quantity: number) =>
  as(account, request(server).post('/order').send({ productId, order_quantity: quantity, address: '1 Main Street, Springfield', phone: '555 0100' }));
const address = { fullName: 'Pat Payer', street: '12 Harbour Road', city: 'Portsmouth', postalCode: 'PO1 3AX', country: 'GB', phone: '+44 7700 900123' };
const postCheckout = (account: Account, productId: string, quantity: number) =>
  as(account, request(server).post('/checkout').set('Idempotency-Key', `share-${randomSuffix()}`).send({ lines: [{ productId, quantity }], address }));
const stockOf = async (id: ObjectId) => (await api.database.collections.parts.findOne({ _id: id }))!.p_quantity;
const minutesHeld = (order: { createdAt: string; holdExpiresAt: string }) => (Date.parse(order.holdExpiresAt) - Date.parse(order.createdAt)) / 60_000;

/** The checkout paid by card at once, as the checkout page does: its PaymentIntent, the card, the webhook. */
async function payAtOnce(account: Account, checkoutId: string) {
  const intent = await as(account, request(server).post('/create-payment-intent').send({ checkoutId }));
  expect(intent.status).toBe(200);
  const paid = await stripe.paymentIntents.confirm(intent.body.clientSecret.split('_secret_')[0], { payment_method: 'pm_card_visa' });
  const payload = JSON.stringify({ id: `evt_${new ObjectId().toHexString()}`, object: 'event', type: 'payment_intent.succeeded', created: Math.floor(Date.now() / 1000), data: { object: paid } });
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: api.config.stripe!.webhookSecret! });
  await request(server).post('/webhooks/stripe').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload).expect(200);
}

it('ten accounts cannot keep a part from a customer who pays at once', async () => {
  const part = await createPart(api, { p_quantity: 60, price: 4999 });
  const farm = await Promise.all(Array.from({ length: 10 }, () => createAccount(api, 'customer')));

  // Each account orders as much as its own caps allow (10 units), to pay later: half the stock is all they get.
  const answers = [];
  for (const account of farm) answers.push(await postOrder(account, part.id, DEFAULT_MAX_HELD_UNITS_PER_PART));
  expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 409, 409, 409, 409, 409, 409, 409]);
  expect(answers[3]!.body).toEqual({ message: orderRuleText.payNowOnly(part.name) });
  // Smaller orders do not slip past it either, from the same accounts or others.
  expect((await postOrder(farm[0]!, part.id, 1)).status).toBe(409);
  expect((await postOrder(farm[9]!, part.id, 1)).status).toBe(409);
  expect(await stockOf(part._id)).toBe(30);

  // The customer checks out and pays on the same page: the checkout gets the stock, held only for the payment.
  const customer = await createAccount(api, 'customer');
  const checkout = await postCheckout(customer, part.id, 10);
  expect(checkout.status).toBe(201);
  expect(minutesHeld({ createdAt: checkout.body.createdAt, holdExpiresAt: checkout.body.holdExpiresAt })).toBe(DEFAULT_PAY_NOW_HOLD_MINUTES);
  expect(minutesHeld(checkout.body.orders[0])).toBe(DEFAULT_PAY_NOW_HOLD_MINUTES);
  await payAtOnce(customer, checkout.body.checkoutId);
  const [line] = await storedLines(api, { checkoutId: ObjectId.createFromHexString(checkout.body.checkoutId) });
  expect(line).toMatchObject({ paid: true, status: 'paid', order_quantity: 10 });
  expect(await stockOf(part._id)).toBe(20);
});

it('checkouts the farm places past the share and never pays hold only for their minutes, then the stock is back', async () => {
  const part = await createPart(api, { p_quantity: 40 });
  const [first, second, third] = await Promise.all([createAccount(api, 'customer'), createAccount(api, 'customer'), createAccount(api, 'customer')]);
  expect((await postOrder(first, part.id, 10)).status).toBe(201);
  expect((await postOrder(second, part.id, 10)).status).toBe(201);
  // The share is full (20 of 40): a checkout still gets stock, for PAY_NOW_HOLD_MINUTES.
  const unpaid = await postCheckout(third, part.id, 10);
  expect(unpaid.status).toBe(201);
  expect(minutesHeld(unpaid.body.orders[0])).toBe(DEFAULT_PAY_NOW_HOLD_MINUTES);
  // A checkout within the share is held as long as any order (the customer may pay later on its page).
  const roomy = await createPart(api, { p_quantity: 40 });
  const within = await postCheckout(third, roomy.id, 5);
  expect(minutesHeld(within.body.orders[0])).toBe(api.config.orderHoldMinutes);
  expect(await stockOf(part._id)).toBe(10);

  // The hold sweep, a minute past the short hold: that checkout is cancelled and its stock is back; the orders paid later stay.
  const later = new Date(Date.now() + (DEFAULT_PAY_NOW_HOLD_MINUTES + 1) * 60_000);
  await api.services.orders.sweepHolds(later);
  expect(await stockOf(part._id)).toBe(20);
  const kept = await storedLines(api, { productId: part._id });
  expect(kept.map((order) => [order.email, order.status]).sort()).toEqual(
    [
      [first.email, 'placed'],
      [second.email, 'placed'],
      [third.email, 'cancelled'],
    ].sort(),
  );
  expect(await storedLines(api, { productId: roomy._id, status: 'placed' })).toHaveLength(1);
});

it('counts every customer’s unpaid orders paid later against the share, and a cancelled or paid one frees it', async () => {
  const part = await createPart(api, { p_quantity: 9 });
  const [a, b] = await Promise.all([createAccount(api, 'customer'), createAccount(api, 'customer')]);
  // Half of 9 is 4 units (rounded down).
  const placed = await postOrder(a, part.id, 3);
  expect(placed.status).toBe(201);
  expect((await postOrder(b, part.id, 2)).status).toBe(409);
  expect((await postOrder(b, part.id, 1)).status).toBe(201);
  expect((await postOrder(b, part.id, 1)).status).toBe(409);
  await as(a, request(server).delete(`/myorder/${placed.body.insertedId}`)).expect(200);
  expect((await postOrder(b, part.id, 3)).status).toBe(201);
});
