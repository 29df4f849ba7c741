import { formatCents, orderRuleText } from '@pcpp/contracts/core';
import { ObjectId } from 'mongodb';
import type Stripe from 'stripe';
import request from 'supertest';
import { startBackgroundJobs } from '../../background-jobs';
import { createLogger } from '../../logger';
import { createAccount, createPart, createTestApi, inboxOf, storedLine, TEST_SHIP_TO, type TestApi, updateLine } from '../../../test/helpers';
import { lineCharge } from '../orders/model/charges';
import { createStripeClient } from './stripe-client';

// Money that follows the order (issue 20): cancelling an unpaid order cancels its PaymentIntent
// first; a payment that still succeeds for a cancelled order is refunded, recorded on the order
// and in Activity, and the customer is emailed; an order whose part was deleted cannot be paid.

let api: TestApi;
let stripe: Stripe;
let customer: { email: string; token: string };
let admin: { email: string; token: string };

beforeAll(async () => {
  api = await createTestApi();
  stripe = createStripeClient(api.config.stripe!);
  [customer, admin] = await Promise.all([createAccount(api, 'customer'), createAccount(api, 'admin')]);
});
afterAll(() => api.close());

const as = (token: string, call: request.Test) => call.set('Authorization', `Bearer ${token}`);
/** The line as stored, with its order's number and the payments given back for it (the spec's `refunds`). */
const stored = async (id: string) => {
  const found = await storedLine(api, id);
  return found && { ...found.line, number: found.order.number, refunds: found.line.givenBack };
};

/** An order placed through POST /order, and a PaymentIntent for it through the api (the Payment page). */
async function orderWithIntent(quantity = 2): Promise<{ orderId: string; intentId: string; partId: string }> {
  const part = await createPart(api, { p_quantity: 20, price: 1999 });
  const placed = await as(customer.token, request(api.app).post('/order')).send({ productId: part.id, order_quantity: quantity, address: TEST_SHIP_TO, phone: TEST_SHIP_TO.phone });
  expect(placed.status).toBe(201);
  const orderId = placed.body.insertedId as string;
  const intent = await as(customer.token, request(api.app).post('/create-payment-intent')).send({ orderId });
  expect(intent.status).toBe(200);
  return { orderId, intentId: (intent.body.clientSecret as string).split('_secret_')[0]!, partId: part.id };
}

/** Stripe's signed payment_intent.succeeded, delivered to the api's webhook. */
function deliverSucceeded(intent: Stripe.PaymentIntent) {
  const payload = JSON.stringify({ id: `evt_${new ObjectId().toHexString()}`, object: 'event', type: 'payment_intent.succeeded', created: Math.floor(Date.now() / 1000), data: { object: intent } });
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: api.config.stripe!.webhookSecret! });
  return request(api.app).post('/webhooks/stripe').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload);
}

const refundsOf = async (intentId: string) => (await api.database.collections.refunds.find({ _id: intentId }).toArray()).length;

describe('cancelling an unpaid order cancels its payment first', () => {
  // The probe of issue 20: make an intent, delete the order, then confirm the card.
  it('the customer’s delete: the card can no longer be charged for it', async () => {
    const { orderId, intentId } = await orderWithIntent();
    const deleted = await as(customer.token, request(api.app).delete(`/myorder/${orderId}`));
    expect(deleted.body).toEqual({ deletedCount: 1 });
    expect((await stripe.paymentIntents.retrieve(intentId)).status).toBe('canceled');
    await expect(stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' })).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });
    expect((await stripe.paymentIntents.retrieve(intentId)).amount_received).toBe(0);
    expect(await stored(orderId)).toMatchObject({ status: 'cancelled', paid: false });
    // Paying it from the page is refused too.
    const again = await as(customer.token, request(api.app).post('/create-payment-intent')).send({ orderId });
    expect(again.status).toBe(409);
  });

  it('an admin’s delete and an admin’s move to cancelled', async () => {
    const first = await orderWithIntent();
    expect((await as(admin.token, request(api.app).delete(`/order/${first.orderId}`))).body).toEqual({ deletedCount: 1 });
    expect((await stripe.paymentIntents.retrieve(first.intentId)).status).toBe('canceled');
    const second = await orderWithIntent();
    const moved = await as(admin.token, request(api.app).patch(`/order/${second.orderId}/status`)).send({ status: 'cancelled', reason: 'We cannot ship to this address.' });
    expect(moved.status).toBe(200);
    expect((await stripe.paymentIntents.retrieve(second.intentId)).status).toBe('canceled');
  });

  it('the hold expiring: the sweep cancels the intent, then the order', async () => {
    const { orderId, intentId } = await orderWithIntent();
    await updateLine(api, orderId, { holdExpiresAt: new Date(Date.now() - 1_000) });
    const jobs = startBackgroundJobs({
      services: api.services,
      outbox: api.outbox,
      config: api.config,
      logger: createLogger('silent'),
      intervalMs: 60 * 60_000,
    });
    try {
      await jobs.runOnce();
    } finally {
      await jobs.stop();
    }
    expect((await stripe.paymentIntents.retrieve(intentId)).status).toBe('canceled');
    expect(await stored(orderId)).toMatchObject({ status: 'cancelled', paid: false });
  });

  it('a payment that went through just before the delete makes the order paid, and the delete a 409', async () => {
    const { orderId, intentId } = await orderWithIntent();
    // Paid at Stripe; the webhook has not arrived yet.
    await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    const deleted = await as(customer.token, request(api.app).delete(`/myorder/${orderId}`));
    expect(deleted.status).toBe(409);
    expect(deleted.body).toEqual({ message: 'This order was just paid, so it cannot be cancelled.' });
    expect(await stored(orderId)).toMatchObject({ status: 'paid', paid: true, transactionId: intentId });
    expect(await refundsOf(intentId)).toBe(0);
  });
});

describe('a payment that still succeeds for a cancelled order', () => {
  /** What slips through a race: an intent for the order made while it was being cancelled, confirmed after. */
  async function latePayment(orderId: string) {
    const order = (await stored(orderId))!;
    const intent = await stripe.paymentIntents.create({ amount: lineCharge(order), currency: 'usd', metadata: { orderId } });
    return stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
  }

  it('is refunded once through Stripe, recorded on the order and in Activity, and the customer is emailed', async () => {
    const { orderId } = await orderWithIntent(3);
    expect((await as(customer.token, request(api.app).delete(`/myorder/${orderId}`))).body).toEqual({ deletedCount: 1 });
    const paid = await latePayment(orderId);
    expect(paid.status).toBe('succeeded');

    // Stripe delivers the event, twice at once and once more later: one refund.
    const answers = await Promise.all([deliverSucceeded(paid), deliverSucceeded(paid)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await deliverSucceeded(paid)).status).toBe(200);

    const order = (await stored(orderId))!;
    expect(order).toMatchObject({ status: 'cancelled', paid: false });
    expect(order.refunds).toEqual([
      { refundId: expect.stringMatching(/^re_/), paymentIntentId: paid.id, amount: lineCharge(order), reason: 'the order was cancelled before the payment went through', at: expect.any(Date) },
    ]);
    const refund = await stripe.refunds.retrieve(order.refunds![0]!.refundId);
    expect(refund).toMatchObject({ payment_intent: paid.id, amount: lineCharge(order), status: 'succeeded' });
    await expect(stripe.refunds.create({ payment_intent: paid.id })).rejects.toMatchObject({ code: 'charge_already_refunded' });

    const activity = await as(admin.token, request(api.app).get('/activity?limit=50'));
    // Named by the order's number and linked to it, as the admins' own order entries.
    const entries = activity.body.items.filter((entry: { action: string; target: string }) => entry.action === 'order.refunded' && entry.target === order.number);
    expect(entries).toEqual([
      expect.objectContaining({
        actor: 'system',
        details: `${formatCents(lineCharge(order))}: the order was cancelled before the payment went through`,
        subject: { kind: 'order', id: orderId, exists: true },
      }),
    ]);

    await api.outbox.idle();
    const emails = (await inboxOf(customer.email)).filter((email) => email.subject.startsWith('Refund for') && email.text.includes(order.number));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain(order.refunds![0]!.refundId);
    // The customer sees it on the order.
    const mine = await as(customer.token, request(api.app).get(`/order/${orderId}`));
    expect(mine.body.refunds).toEqual([expect.objectContaining({ paymentIntentId: paid.id, amount: lineCharge(order) })]);
  });

  it('reported by the page (PATCH /myorder) is refunded the same way and said so', async () => {
    const { orderId } = await orderWithIntent();
    expect((await as(customer.token, request(api.app).delete(`/myorder/${orderId}`))).body).toEqual({ deletedCount: 1 });
    const paid = await latePayment(orderId);
    const reported = await as(customer.token, request(api.app).patch(`/myorder/${orderId}`)).send({ transactionId: paid.id });
    expect(reported.status).toBe(409);
    expect(reported.body).toEqual({ message: orderRuleText.refundedAfterCancel });
    expect((await stored(orderId))!.refunds).toHaveLength(1);
    // The webhook after it changes nothing more.
    expect((await deliverSucceeded(paid)).status).toBe(200);
    expect((await stored(orderId))!.refunds).toHaveLength(1);
  });

  it('a second payment of a paid order is refunded; the first stays', async () => {
    const { orderId, intentId } = await orderWithIntent();
    const first = await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    expect((await deliverSucceeded(first)).status).toBe(200);
    const second = await latePayment(orderId);
    expect((await deliverSucceeded(second)).status).toBe(200);
    const order = (await stored(orderId))!;
    expect(order).toMatchObject({ paid: true, status: 'paid', transactionId: first.id });
    expect(order.refunds).toEqual([expect.objectContaining({ paymentIntentId: second.id, reason: 'the order was already paid' })]);
  });

  it('for an order that does not exist is refunded too (the payment names it in its metadata)', async () => {
    const ghost = new ObjectId().toHexString();
    const intent = await stripe.paymentIntents.create({ amount: 2500, currency: 'usd', metadata: { orderId: ghost }, payment_method: 'pm_card_visa', confirm: true });
    expect((await deliverSucceeded(intent)).status).toBe(200);
    expect(await api.database.collections.refunds.findOne({ _id: intent.id })).toMatchObject({ status: 'done', orderId: ghost, amount: 2500 });
  });
});

describe('an order whose part was deleted', () => {
  it('cannot be paid: the intent is refused with what to do', async () => {
    const part = await createPart(api, { p_quantity: 10 });
    const placed = await as(customer.token, request(api.app).post('/order')).send({ productId: part.id, order_quantity: 1, address: TEST_SHIP_TO, phone: TEST_SHIP_TO.phone });
    expect((await as(admin.token, request(api.app).delete(`/tools/${part.id}`))).body).toEqual({ deletedCount: 1 });
    const intent = await as(customer.token, request(api.app).post('/create-payment-intent')).send({ orderId: placed.body.insertedId });
    expect(intent.status).toBe(409);
    expect(intent.body).toEqual({ message: orderRuleText.partGone });
    // It can still be cancelled.
    expect((await as(customer.token, request(api.app).delete(`/myorder/${placed.body.insertedId}`))).body).toEqual({ deletedCount: 1 });
  });
});
