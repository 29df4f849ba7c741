import { once } from 'node:events';
import type { Server } from 'node:http';
import { ObjectId } from 'mongodb';
import type Stripe from 'stripe';
import { type Checkout, type CheckoutQuote, formatCents, totalsText } from '@pcpp/contracts/core';
import request from 'supertest';
import { createAccount, createPart, createTestApi, inboxOf, randomSuffix, signUpWithAccessToken, storedLines, type TestApi } from '../../../test/helpers';
import { pdfText } from '../../../test/pdf-text';
import { createStripeClient } from '../payments/stripe-client';
import { addBusinessDays } from './totals';

// Issue 32: shipping and sales tax, shown before the card, charged, and printed the same everywhere.

type Account = Awaited<ReturnType<typeof signUpWithAccessToken>>;
let api: TestApi;
let server: Server;
let stripe: Stripe;
let customer: Account;
let admin: { email: string; token: string };

beforeAll(async () => {
  api = await createTestApi();
  server = api.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  stripe = createStripeClient(api.config.stripe!);
  [customer, admin] = await Promise.all([signUpWithAccessToken(api, { displayName: 'Cali Builder' }), createAccount(api, 'admin')]);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await api.close();
});

const california = { fullName: 'Cali Builder', street: '1 Market Street', city: 'San Francisco', postalCode: '94103', region: 'CA', country: 'US', phone: '+1 415 555 0100' };
const as = (account: { token: string }, call: request.Test) => call.set('Authorization', `Bearer ${account.token}`);
const quote = (body: object) => as(customer, request(server).post('/checkout/quote').send(body));
const stockOf = async (id: ObjectId) => (await api.database.collections.parts.findOne({ _id: id }))!.p_quantity;
const pdf = (call: request.Test) =>
  call.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
async function waitFor(check: () => Promise<boolean>) {
  for (let tries = 0; !(await check()); tries += 1) {
    if (tries > 200) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a three-part build shipped to California', () => {
  it('quotes both methods with their dates; the tax follows the state; the order charges, emails and invoices the same figures', async () => {
    const parts = await Promise.all([32_999, 12_999, 8_999].map((price) => createPart(api, { p_quantity: 10, price })));
    const lines = parts.map((part) => ({ productId: part.id, quantity: 1 }));

    const standard = await quote({ lines, address: california });
    expect(standard.status).toBe(200);
    const today = new Date();
    expect(standard.body).toEqual({
      subtotal: 54_997,
      shipping: 0,
      tax: 2_392 + 942 + 652,
      total: 54_997 + 3_986,
      shippingMethod: 'standard',
      freeShippingOver: 9_900,
      shippingOptions: [
        { method: 'standard', amount: 0, deliveryFrom: addBusinessDays(today, 4), deliveryTo: addBusinessDays(today, 10) },
        { method: 'express', amount: 2_499, deliveryFrom: addBusinessDays(today, 2), deliveryTo: addBusinessDays(today, 7) },
      ],
    } satisfies CheckoutQuote);
    // Oregon has no sales tax; New York taxes the parts and the shipping at 4 %.
    expect((await quote({ lines, address: { ...california, region: 'OR', postalCode: '97201', city: 'Portland' } })).body).toMatchObject({ tax: 0, total: 54_997 });
    expect((await quote({ lines, address: { ...california, region: 'NY', postalCode: '10001', city: 'New York' }, shippingMethod: 'express' })).body).toMatchObject({
      shipping: 2_499,
      tax: 1_320 + 520 + 360 + 100,
    });
    const express = await quote({ lines, address: california, shippingMethod: 'express' });
    expect(express.body).toMatchObject({ shipping: 2_499, tax: 3_986, total: 54_997 + 2_499 + 3_986 });

    // Placed with Express: the same figures, and the card pays exactly the total.
    const placed = await as(customer, request(server).post('/checkout').set('Idempotency-Key', `ca-${randomSuffix()}`)).send({ lines, address: california, shippingMethod: 'express' });
    expect(placed.status).toBe(201);
    const checkout = placed.body as Checkout;
    expect(checkout).toMatchObject({ subtotal: 54_997, shipping: 2_499, tax: 3_986, total: express.body.total, delivery: express.body.shippingOptions[1] });
    const stored = await storedLines(api, { checkoutId: ObjectId.createFromHexString(checkout.checkoutId) });
    expect(stored.map((line) => [line.taxAmount, line.shippingAmount])).toEqual([[2_392, 1_499], [942, 591], [652, 409]]);
    const intent = await as(customer, request(server).post('/create-payment-intent').send({ checkoutId: checkout.checkoutId }));
    const paymentId = intent.body.clientSecret.split('_secret_')[0];
    expect((await stripe.paymentIntents.retrieve(paymentId)).amount).toBe(checkout.total);
    const paid = await stripe.paymentIntents.confirm(paymentId, { payment_method: 'pm_card_visa' });
    const payload = JSON.stringify({ id: `evt_${new ObjectId().toHexString()}`, object: 'event', type: 'payment_intent.succeeded', created: Math.floor(Date.now() / 1000), data: { object: paid } });
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: api.config.stripe!.webhookSecret! });
    await request(server).post('/webhooks/stripe').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload).expect(200);

    // The confirmation page, My Orders and the order's page.
    expect((await as(customer, request(server).get(`/checkout/${checkout.checkoutId}`))).body).toMatchObject({ paid: true, subtotal: 54_997, shipping: 2_499, tax: 3_986, total: checkout.total });
    const row = (await as(customer, request(server).get('/orders/mine'))).body.items.find((item: { number: string }) => item.number === checkout.orderNumber);
    expect(row).toMatchObject({ total: checkout.total, status: 'paid' });
    const detail = await as(customer, request(server).get(`/orders/${checkout.orderNumber}`));
    expect(detail.body.totals).toEqual({ subtotal: 54_997, shipping: 2_499, tax: 3_986, total: checkout.total, paid: checkout.total, refunded: 0 });
    expect(detail.body.delivery).toEqual(checkout.delivery);
    expect(detail.body.lines[0]).toMatchObject({ total: 32_999, tax: 2_392, shipping: 1_499 });

    // The paid email and the invoice print them.
    const subject = `Payment received for order ${checkout.orderNumber}`;
    await waitFor(async () => (await inboxOf(customer.email)).some((mail) => mail.subject === subject));
    const mail = (await inboxOf(customer.email)).find((candidate) => candidate.subject === subject)!;
    expect(mail.text).toContain(`We have received your payment of ${formatCents(checkout.total)}.`);
    for (const fact of ['Subtotal: $549.97', 'Shipping (Express): $24.99', 'Tax: $39.86', `Total: ${formatCents(checkout.total)}`, `Delivery: ${totalsText.arrives(checkout.delivery!.deliveryFrom, checkout.delivery!.deliveryTo)}`]) {
      expect(mail.text).toContain(fact);
    }
    const pdfBytes = (await pdf(as(customer, request(server).get(`/orders/${checkout.orderNumber}/invoice.pdf`)))).body as Buffer;
    const invoice = pdfText(pdfBytes);
    // To California: on US Letter (612 × 792 points), and the tax line names the rate and the state.
    expect(pdfBytes.toString('latin1')).toContain('/MediaBox [0 0 612 792]');
    for (const text of ['Subtotal', '$549.97', 'Shipping (Express)', '$24.99', 'Sales tax (7.25 %, California)', '$39.86', formatCents(checkout.total)]) expect(invoice).toContain(text);

    // A refund of the CPU gives back its price, its tax and its share of the shipping.
    const refunded = await as(admin, request(server).post(`/orders/${checkout.orderNumber}/refunds`).set('Idempotency-Key', `ca-refund-${randomSuffix()}`)).send({
      lines: [{ lineId: stored[0]!._id.toHexString(), quantity: 1 }],
      reason: 'Dead on arrival',
      restock: false,
    });
    expect(refunded.status).toBe(201);
    expect(refunded.body.totals.refunded).toBe(32_999 + 2_392 + 1_499);
  });

  it('asks a US address for its state and a postal code of the chosen country, with sentences', async () => {
    const part = await createPart(api, { p_quantity: 10, price: 5_000 });
    const lines = [{ productId: part.id, quantity: 1 }];
    const noState = await quote({ lines, address: { ...california, region: undefined } });
    expect(noState.status).toBe(400);
    expect(noState.body.message).toBe('Choose the state');
    // A London street with a UK postcode, the country left on United States.
    const london = await as(customer, request(server).post('/checkout').set('Idempotency-Key', `uk-${randomSuffix()}`)).send({
      lines,
      address: { ...california, street: '10 Downing Street', city: 'London', postalCode: 'SW1A 2AA' },
    });
    expect(london.status).toBe(400);
    expect(london.body.message).toBe('Enter a postal code as United States writes it, e.g. 94103');
    expect(await stockOf(part._id)).toBe(10);
  });
});

describe('the card minimum', () => {
  it('refuses a $0.10 part when the checkout or the order is placed (and on the quote), with a sentence, holding nothing', async () => {
    const dime = await createPart(api, { p_quantity: 60, price: 10 });
    const lines = [{ productId: dime.id, quantity: 1 }];
    const asked = await quote({ lines, address: california });
    expect(asked.status).toBe(400);
    expect(asked.body.message).toBe(totalsText.cardMinimum);
    const checkout = await as(customer, request(server).post('/checkout').set('Idempotency-Key', `dime-${randomSuffix()}`)).send({ lines, address: california });
    expect(checkout.status).toBe(400);
    expect(checkout.body.message).toBe('Orders start at $0.50 of parts, the smallest amount a card payment takes: add parts or more units.');
    const order = await as(customer, request(server).post('/order').set('Idempotency-Key', `dime-${randomSuffix()}`)).send({ productId: dime.id, order_quantity: 1, address: '1 Market Street, San Francisco', phone: '+1 415 555 0100' });
    expect(order.status).toBe(400);
    expect(order.body.message).toBe(totalsText.cardMinimum);
    expect(await stockOf(dime._id)).toBe(60);
    // Five of them make $0.50: accepted.
    const five = await as(customer, request(server).post('/checkout').set('Idempotency-Key', `dimes-${randomSuffix()}`)).send({ lines: [{ productId: dime.id, quantity: 5 }], address: california });
    expect(five.status).toBe(201);
    expect(five.body).toMatchObject({ subtotal: 50, shipping: 799 });
  });
});

describe('GET /shipping-rates', () => {
  it('answers the table the cart estimates with, to anyone', async () => {
    const rates = await request(server).get('/shipping-rates');
    expect(rates.status).toBe(200);
    expect(rates.body.rates).toContainEqual({ country: 'US', standard: { amount: 799, freeOver: 9_900 }, express: { amount: 2_499 } });
    expect(rates.body.rates.at(-1)).toMatchObject({ country: '*' });
  });
});
