import { once } from 'node:events';
import type { Server } from 'node:http';
import { ObjectId } from 'mongodb';
import type Stripe from 'stripe';
import { type Checkout, formatCents, ORDER_NUMBER_PATTERN, singleOrderText } from '@pcpp/contracts/core';
import request from 'supertest';
import { createAccount, createPart, createTestApi, inboxOf, randomSuffix, signUpWithAccessToken, storedLines, type TestApi } from '../../../test/helpers';
import { createStripeClient } from '../payments/stripe-client';

type Account = Awaited<ReturnType<typeof signUpWithAccessToken>>;

let api: TestApi;
let server: Server;
let stripe: Stripe;
let customer: Account;
let other: Account;
let admin: { email: string; token: string };

beforeAll(async () => {
  api = await createTestApi();
  server = api.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  stripe = createStripeClient(api.config.stripe!);
  [customer, other, admin] = await Promise.all([signUpWithAccessToken(api, { displayName: 'Cara Cart' }), signUpWithAccessToken(api), createAccount(api, 'admin')]);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await api.close();
});

const address = { fullName: 'Cara Cart', street: '12 Harbour Road', city: 'Portsmouth', postalCode: 'PO1 3AX', country: 'GB', phone: '+44 7700 900123' };
const california = { fullName: 'Cara Cart', street: '1 Market Street', city: 'San Francisco', postalCode: '94105', country: 'US', region: 'CA', phone: '+1 415 555 0100' };
const key = () => `checkout-${randomSuffix()}`;
const line = (part: { id: string }, quantity: number) => ({ productId: part.id, quantity });
const as = (account: { token: string }, call: request.Test) => call.set('Authorization', `Bearer ${account.token}`);
function postCheckout(account: Account, body: object, idempotencyKey: string | null = key()) {
  const call = as(account, request(server).post('/checkout').send(body));
  return idempotencyKey === null ? call : call.set('Idempotency-Key', idempotencyKey);
}
const stockOf = async (id: ObjectId) => (await api.database.collections.parts.findOne({ _id: id }))!.p_quantity;
/** The checkout's lines as stored, each with what a line had when it was stored alone (its payments given back as `refunds`). */
const ordersOf = async (checkoutId: string) => (await storedLines(api, { checkoutId: ObjectId.createFromHexString(checkoutId) })).map((line) => ({ ...line, refunds: line.givenBack }));
const lineCount = async () => (await storedLines(api)).length;

describe('POST /checkout', () => {
  it('places every line as an order under one number, takes the stock, empties those lines from the cart, saves the address when asked, and emails once', async () => {
    const parts = await Promise.all([createPart(api, { p_quantity: 10, price: 1999 }), createPart(api, { p_quantity: 10, price: 550, min_quantity: 2 }), createPart(api, { p_quantity: 10, price: 12000 })]);
    const keep = await createPart(api, { p_quantity: 10 });
    await as(customer, request(server).put('/cart').send({ lines: [line(parts[0], 1), line(keep, 1)] })).expect(200);

    const response = await postCheckout(customer, { lines: [line(parts[0], 1), line(parts[1], 2), line(parts[2], 3)], address, saveAddress: true });
    expect(response.status).toBe(201);
    const total = 1999 + 2 * 550 + 3 * 12000;
    expect(response.body).toMatchObject({ orderNumber: expect.stringMatching(ORDER_NUMBER_PATTERN), totalAmount: total, paid: false, address });
    expect(response.body.orders.map((o: { productName: string; order_quantity: number; totalAmount: number; checkoutId: string; status: string }) => [o.productName, o.order_quantity, o.totalAmount, o.checkoutId, o.status])).toEqual([
      [parts[0].name, 1, 1999, response.body.checkoutId, 'placed'],
      [parts[1].name, 2, 1100, response.body.checkoutId, 'placed'],
      [parts[2].name, 3, 36000, response.body.checkoutId, 'placed'],
    ]);
    // One number for the checkout, carried by each of its lines and reserved once in order_numbers.
    expect(response.body.orders.map((o: { number: string }) => o.number)).toEqual(Array(3).fill(response.body.orderNumber));
    expect(await api.database.collections.orderNumbers.countDocuments({ _id: response.body.orderNumber })).toBe(1);
    expect(response.body.orders[0].address).toBe('Cara Cart, 12 Harbour Road, Portsmouth PO1 3AX, United Kingdom');
    expect(await Promise.all(parts.map((p) => stockOf(p._id)))).toEqual([9, 8, 7]);
    // The spec's calls see each line as an order.
    const mine = await as(customer, request(server).get('/myorder').query({ email: customer.email }));
    expect(mine.body.filter((o: { checkoutId?: string }) => o.checkoutId === response.body.checkoutId)).toHaveLength(3);
    // What was ordered left the cart; the rest stayed.
    const cart = await as(customer, request(server).get('/cart'));
    expect(cart.body.lines.map((l: { productId: string }) => l.productId)).toEqual([keep.id]);
    // The address is the profile's now, for the next checkout.
    const profile = await as(customer, request(server).get('/user/one').query({ email: customer.email }));
    expect(profile.body.shippingAddress).toEqual(address);
    // One email for the placed checkout, listing every line.
    await waitFor(async () => (await inboxOf(customer.email)).some((mail) => mail.subject === `Your order ${response.body.orderNumber} is placed`));
    const placed = (await inboxOf(customer.email)).filter((mail) => mail.subject === `Your order ${response.body.orderNumber} is placed`);
    expect(placed).toHaveLength(1);
    for (const part of parts) expect(placed[0]!.text).toContain(part.name);
  });

  it('holds all lines or none: a line the stock cannot cover gives back the ones already held and says which and how many', async () => {
    const [plenty, scarce] = await Promise.all([createPart(api, { p_quantity: 10 }), createPart(api, { p_quantity: 2 })]);
    const before = await lineCount();
    const response = await postCheckout(customer, { lines: [line(plenty, 4), line(scarce, 3)], address });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: `${scarce.name}: Only 2 left in stock.`, productId: scarce.id, available: 2 });
    expect([await stockOf(plenty._id), await stockOf(scarce._id)]).toEqual([10, 2]);
    expect(await lineCount()).toBe(before);
  });

  it('100 concurrent checkouts of 3 lines on small stock: nothing oversold, every checkout whole or absent, the stock right after the 409s', async () => {
    const parts = await Promise.all([createPart(api, { p_quantity: 25 }), createPart(api, { p_quantity: 30 }), createPart(api, { p_quantity: 40 })]);
    // Ten customers: one customer's checkouts take turns, different customers' contend for the stock.
    const buyers = await Promise.all(Array.from({ length: 10 }, () => signUpWithAccessToken(api)));
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) => {
        // Every order of lines, so checkouts contend on each part from every side.
        const lines = [line(parts[0], 1), line(parts[1], 2), line(parts[2], 1)];
        const rotated = [...lines.slice(index % 3), ...lines.slice(0, index % 3)];
        return postCheckout(buyers[index % buyers.length]!, { lines: rotated, address });
      }),
    );
    const placed = answers.filter((a) => a.status === 201);
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    expect(placed.length).toBeGreaterThan(0);
    // The second part runs out first: 30 / 2 = at most 15 checkouts.
    expect(placed.length).toBeLessThanOrEqual(15);
    for (const answer of placed) expect(await ordersOf(answer.body.checkoutId)).toHaveLength(3);
    const stocks = await Promise.all(parts.map((p) => stockOf(p._id)));
    expect(stocks).toEqual([25 - placed.length, 30 - 2 * placed.length, 40 - placed.length]);
    const held = (await Promise.all(parts.map((p) => storedLines(api, { productId: p._id })))).flat();
    expect(held).toHaveLength(3 * placed.length);
    expect(stocks.every((stock) => stock >= 0)).toBe(true);
  }, 60_000);

  it('the same Idempotency-Key five times at once: one checkout, the same answer to each', async () => {
    const part = await createPart(api, { p_quantity: 50 });
    const sameKey = key();
    const answers = await Promise.all(Array.from({ length: 5 }, () => postCheckout(customer, { lines: [line(part, 2)], address }, sameKey)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.checkoutId)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    expect(await stockOf(part._id)).toBe(48);
    expect(await api.database.collections.wholeOrders.countDocuments({ _id: ObjectId.createFromHexString(answers[0]!.body.checkoutId) })).toBe(1);
    // The key with another checkout is refused.
    const reused = await postCheckout(customer, { lines: [line(part, 3)], address }, sameKey);
    expect(reused.status).toBe(422);
  });

  it('takes no price or total from the client, and requires an Idempotency-Key and a real address', async () => {
    const part = await createPart(api, { p_quantity: 50, price: 4999 });
    for (const body of [
      { lines: [{ ...line(part, 1), price: 1 }], address },
      { lines: [line(part, 1)], address, totalAmount: 1 },
      { lines: [line(part, 1)], address: { ...address, street: '12' } },
      { lines: [line(part, 1)], address: { ...address, phone: 'abc' } },
      { lines: [], address },
    ]) {
      const response = await postCheckout(customer, body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
    }
    const noKey = await postCheckout(customer, { lines: [line(part, 1)], address }, null);
    expect(noKey.status).toBe(400);
    expect(noKey.body.message).toBe('Idempotency-Key is required: send a new key for each checkout');
    expect(await stockOf(part._id)).toBe(50);
    // The stored price is the database's.
    const placed = await postCheckout(customer, { lines: [line(part, 2)], address });
    expect(placed.body.orders[0]).toMatchObject({ per_product_price: 4999, totalAmount: 9998 });
  });

  it('refuses an unknown part (404) and a quantity below the minimum (400), holding nothing', async () => {
    const part = await createPart(api, { p_quantity: 50, min_quantity: 5 });
    const unknown = new ObjectId().toHexString();
    const gone = await postCheckout(customer, { lines: [line(part, 5), { productId: unknown, quantity: 1 }], address });
    expect(gone.status).toBe(404);
    expect(gone.body.productId).toBe(unknown);
    const below = await postCheckout(customer, { lines: [line(part, 4)], address });
    expect(below.status).toBe(400);
    expect(below.body.message).toBe('Minimum order quantity at least 5');
    expect(await stockOf(part._id)).toBe(50);
  });
});

describe('the ordering rules of issue 20, for a checkout', () => {
  it('needs a verified email, and holds nothing for an unverified one', async () => {
    const unverified = await signUpWithAccessToken(api, { emailVerified: false });
    const part = await createPart(api, { p_quantity: 10 });
    const response = await postCheckout(unverified, { lines: [line(part, 1)], address });
    expect(response.status).toBe(403);
    expect(await stockOf(part._id)).toBe(10);
  });

  it('counts a checkout as one unpaid order and adds each line’s units to the part’s held units', async () => {
    const capped = await createTestApi({ MAX_UNPAID_ORDERS: '2', MAX_HELD_UNITS_PER_PART: '5' });
    const cappedServer = capped.app.listen(0, '127.0.0.1');
    await once(cappedServer, 'listening');
    try {
      const buyer = await signUpWithAccessToken(capped);
      const parts = await Promise.all([createPart(capped, { p_quantity: 50 }), createPart(capped, { p_quantity: 50 }), createPart(capped, { p_quantity: 50 })]);
      const post = (lines: object[]) =>
        request(cappedServer).post('/checkout').set('Authorization', `Bearer ${buyer.token}`).set('Idempotency-Key', key()).send({ lines, address });
      // Three lines, one order to the cap: two such checkouts are within MAX_UNPAID_ORDERS = 2.
      expect((await post(parts.map((p) => line(p, 1)))).status).toBe(201);
      expect((await post(parts.map((p) => line(p, 1)))).status).toBe(201);
      const third = await post([line(parts[0], 1)]);
      expect(third.status).toBe(409);
      expect(third.body.limit).toBe('MAX_UNPAID_ORDERS');
      // Units per part: 2 held of the first part, 4 more would pass MAX_HELD_UNITS_PER_PART = 5.
      const other = await signUpWithAccessToken(capped);
      const units = await request(cappedServer)
        .post('/checkout')
        .set('Authorization', `Bearer ${other.token}`)
        .set('Idempotency-Key', key())
        .send({ lines: [line(parts[0], 6)], address });
      expect(units.status).toBe(409);
      expect(units.body.limit).toBe('MAX_HELD_UNITS_PER_PART');
      expect(await Promise.all(parts.map((p) => capped.database.collections.parts.findOne({ _id: p._id }).then((d) => d!.p_quantity)))).toEqual([48, 48, 48]);
    } finally {
      await new Promise((resolve) => cappedServer.close(resolve));
      await capped.close();
    }
  });

  it('holds each line until ORDER_HOLD_MINUTES, and cancelling a line cancels the checkout’s payment first', async () => {
    const parts = await Promise.all([createPart(api, { p_quantity: 20, price: 1000 }), createPart(api, { p_quantity: 20, price: 1000 })]);
    const placed = await postCheckout(customer, { lines: parts.map((p) => line(p, 1)), address });
    expect(placed.status).toBe(201);
    for (const order of placed.body.orders) {
      expect(new Date(order.holdExpiresAt).getTime() - new Date(order.createdAt).getTime()).toBe(api.config.orderHoldMinutes * 60_000);
    }
    const intent = await as(customer, request(server).post('/create-payment-intent').send({ checkoutId: placed.body.checkoutId }));
    expect(intent.status).toBe(200);
    const intentId = intent.body.clientSecret.split('_secret_')[0];
    const lines = await ordersOf(placed.body.checkoutId);
    expect(lines.map((o) => o.paymentIntentId)).toEqual([intentId, intentId]);
    await as(customer, request(server).delete(`/myorder/${lines[0]!._id.toHexString()}`)).expect(200);
    expect((await stripe.paymentIntents.retrieve(intentId)).status).toBe('canceled');
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a single order (POST /order) is a checkout of one line', () => {
  it('has its own checkout: the confirmation page and its one payment work for it', async () => {
    const part = await createPart(api, { p_quantity: 5, price: 2500 });
    const placedOrder = await as(customer, request(server).post('/order').send({ productId: part.id, order_quantity: 2, address: '1 Main St, Springfield', phone: '555 0100' }));
    expect(placedOrder.status).toBe(201);
    const { order } = placedOrder.body as { order: { _id: string; number: string; checkoutId: string } };
    expect(order.checkoutId).toMatch(/^[0-9a-f]{24}$/);
    const view = await as(customer, request(server).get(`/checkout/${order.checkoutId}`));
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ checkoutId: order.checkoutId, orderNumber: order.number, totalAmount: 5000, shipTo: '1 Main St, Springfield', phone: '555 0100', paid: false });
    expect(view.body.address).toBeUndefined();
    expect(view.body.orders.map((o: { _id: string }) => o._id)).toEqual([order._id]);
    expect((await as(other, request(server).get(`/checkout/${order.checkoutId}`))).status).toBe(404);
    // Paid only once its structured address prices its shipping and tax.
    const priced = await as(customer, request(server).put(`/checkout/${order.checkoutId}/address`).send({ address: california })).expect(200);
    expect(priced.body.total).toBeGreaterThan(5000);
    const intent = await as(customer, request(server).post('/create-payment-intent').send({ checkoutId: order.checkoutId }));
    expect(intent.status).toBe(200);
    const paid = await stripe.paymentIntents.confirm(intent.body.clientSecret.split('_secret_')[0], { payment_method: 'pm_card_visa' });
    expect(paid.amount).toBe(priced.body.total);
    const payload = JSON.stringify({ id: `evt_${new ObjectId().toHexString()}`, object: 'event', type: 'payment_intent.succeeded', created: Math.floor(Date.now() / 1000), data: { object: paid } });
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: api.config.stripe!.webhookSecret! });
    await request(server).post('/webhooks/stripe').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload).expect(200);
    const after = await as(customer, request(server).get(`/order/${order._id}`));
    expect(after.body).toMatchObject({ paid: true, status: 'paid', transactionId: paid.id });
    expect((await as(customer, request(server).get(`/checkout/${order.checkoutId}`))).body).toMatchObject({ paid: true, transactionId: paid.id });
  });

  it('paid on the spec’s payment page ({orderId}), its checkout shows paid and asks for no second payment', async () => {
    const part = await createPart(api, { p_quantity: 5, price: 1500 });
    const placedOrder = await as(customer, request(server).post('/order').send({ productId: part.id, order_quantity: 1, address: '1 Main St', phone: '555 0100' }));
    const { order } = placedOrder.body as { order: { _id: string; checkoutId: string } };
    await as(customer, request(server).put(`/checkout/${order.checkoutId}/address`).send({ address: california })).expect(200);
    const intent = await as(customer, request(server).post('/create-payment-intent').send({ orderId: order._id })).expect(200);
    const paid = await stripe.paymentIntents.confirm(intent.body.clientSecret.split('_secret_')[0], { payment_method: 'pm_card_visa' });
    await as(customer, request(server).patch(`/myorder/${order._id}`).send({ transactionId: paid.id })).expect(200);
    expect((await as(customer, request(server).get(`/checkout/${order.checkoutId}`))).body.paid).toBe(true);
    expect((await as(customer, request(server).post('/create-payment-intent').send({ checkoutId: order.checkoutId }))).status).toBe(409);
  });
});

describe('GET /checkout/{id} and paying a checkout', () => {
  async function placed(quantities: number[] = [1, 2, 1]) {
    const parts = await Promise.all(quantities.map(() => createPart(api, { p_quantity: 20, price: 1000 })));
    const response = await postCheckout(customer, { lines: parts.map((part, index) => line(part, quantities[index]!)), address });
    expect(response.status).toBe(201);
    return response.body as Checkout;
  }
  const intentFor = (account: Account, checkoutId: string) => as(account, request(server).post('/create-payment-intent').send({ checkoutId }));
  const eventOf = (intent: Stripe.PaymentIntent) =>
    JSON.stringify({ id: `evt_${new ObjectId().toHexString()}`, object: 'event', type: 'payment_intent.succeeded', created: Math.floor(Date.now() / 1000), data: { object: intent } });
  function deliver(payload: string) {
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: api.config.stripe!.webhookSecret! });
    return request(server).post('/webhooks/stripe').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload);
  }
  async function paidIntent(checkoutId: string) {
    const response = await intentFor(customer, checkoutId);
    expect(response.status).toBe(200);
    return stripe.paymentIntents.confirm(response.body.clientSecret.split('_secret_')[0], { payment_method: 'pm_card_visa' });
  }

  it('answers its owner, and 404 to another customer (the page and the payment alike)', async () => {
    const checkout = await placed();
    const own = await as(customer, request(server).get(`/checkout/${checkout.checkoutId}`));
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ checkoutId: checkout.checkoutId, orderNumber: checkout.orderNumber, paid: false, holdExpiresAt: expect.any(String) });
    expect(own.body.orders).toHaveLength(3);
    expect((await as(other, request(server).get(`/checkout/${checkout.checkoutId}`))).status).toBe(404);
    expect((await intentFor(other, checkout.checkoutId)).status).toBe(404);
    expect((await as(customer, request(server).get(`/checkout/${new ObjectId().toHexString()}`))).status).toBe(404);
  });

  it('one PaymentIntent for the whole checkout; its webhook pays every line once however often it comes, with one payment email', async () => {
    const checkout = await placed();
    const intent = await paidIntent(checkout.checkoutId);
    expect(intent.amount).toBe(checkout.total);
    expect(checkout.total).toBe(checkout.subtotal + checkout.shipping + checkout.tax);
    expect(checkout.subtotal).toBe(checkout.totalAmount);
    const payload = eventOf(intent);
    const deliveries = await Promise.all(Array.from({ length: 4 }, () => deliver(payload)));
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200, 200]);
    const orders = await ordersOf(checkout.checkoutId);
    expect(orders.map((o) => [o.status, o.paid, o.transactionId])).toEqual(Array.from({ length: 3 }, () => ['paid', true, intent.id]));
    expect(orders.every((o) => o.statusHistory.filter((change) => change.status === 'paid').length === 1)).toBe(true);
    const view = await as(customer, request(server).get(`/checkout/${checkout.checkoutId}`));
    expect(view.body).toMatchObject({ paid: true, transactionId: intent.id });
    expect(view.body.holdExpiresAt).toBeUndefined();
    const subject = `Payment received for order ${checkout.orderNumber}`;
    await waitFor(async () => (await inboxOf(customer.email)).some((mail) => mail.subject === subject));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await inboxOf(customer.email)).filter((mail) => mail.subject === subject)).toHaveLength(1);
    // Paid: no second payment.
    expect((await intentFor(customer, checkout.checkoutId)).status).toBe(409);
  });

  it('a payment whose amount is not the sum of the lines pays nothing and is refunded once, recorded on the lines and in Activity', async () => {
    const checkout = await placed();
    // A real payment in the sandbox naming the checkout, for a cent less than its lines.
    const created = await stripe.paymentIntents.create({ amount: checkout.total - 1, currency: 'usd', metadata: { checkoutId: checkout.checkoutId } });
    const intent = await stripe.paymentIntents.confirm(created.id, { payment_method: 'pm_card_visa' });
    expect(intent.status).toBe('succeeded');
    // Delivered twice at once and once more later: nothing paid, one refund.
    const deliveries = await Promise.all([deliver(eventOf(intent)), deliver(eventOf(intent))]);
    expect(deliveries.map((d) => d.status)).toEqual([200, 200]);
    expect((await deliver(eventOf(intent))).status).toBe(200);
    const lines = await ordersOf(checkout.checkoutId);
    expect(lines.map((o) => [o.status, o.paid])).toEqual(lines.map(() => ['placed', false]));
    expect((await as(customer, request(server).get(`/checkout/${checkout.checkoutId}`))).body.paid).toBe(false);
    const refundIds = new Set(lines.flatMap((o) => (o.refunds ?? []).map((r) => r.refundId)));
    expect(refundIds.size).toBe(1);
    for (const order of lines) {
      expect(order.refunds).toEqual([
        { refundId: [...refundIds][0], paymentIntentId: intent.id, amount: checkout.total - 1, reason: 'the payment did not match the order’s amount', at: expect.any(Date) },
      ]);
    }
    expect(await stripe.refunds.retrieve([...refundIds][0]!)).toMatchObject({ payment_intent: intent.id, amount: checkout.total - 1, status: 'succeeded' });
    await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({ code: 'charge_already_refunded' });
    const activity = await as(admin, request(server).get('/activity?limit=50'));
    expect(activity.body.items.filter((entry: { action: string; target: string }) => entry.action === 'order.refunded' && entry.target === checkout.orderNumber)).toEqual([
      expect.objectContaining({ actor: 'system', details: `${formatCents(checkout.total - 1)}: the payment did not match the order’s amount` }),
    ]);
    // The checkout stays payable with the right amount.
    const right = await paidIntent(checkout.checkoutId);
    expect((await deliver(eventOf(right))).status).toBe(200);
    expect((await ordersOf(checkout.checkoutId)).map((o) => o.transactionId)).toEqual([right.id, right.id, right.id]);
  });

  it('a second payment for a checkout paid already is refunded, the first stays', async () => {
    const checkout = await placed([1]);
    const first = await paidIntent(checkout.checkoutId);
    expect((await deliver(eventOf(first))).status).toBe(200);
    const created = await stripe.paymentIntents.create({ amount: checkout.totalAmount, currency: 'usd', metadata: { checkoutId: checkout.checkoutId } });
    const second = await stripe.paymentIntents.confirm(created.id, { payment_method: 'pm_card_visa' });
    expect((await deliver(eventOf(second))).status).toBe(200);
    const [order] = await ordersOf(checkout.checkoutId);
    expect(order).toMatchObject({ paid: true, transactionId: first.id });
    expect(order!.refunds).toEqual([expect.objectContaining({ paymentIntentId: second.id, reason: 'the order was already paid' })]);
  });

  it('a line cancelled after the card was charged is refused: the payment pays every line instead (money follows the order)', async () => {
    const checkout = await placed();
    const intent = await paidIntent(checkout.checkoutId);
    const [first] = await ordersOf(checkout.checkoutId);
    const cancel = await as(customer, request(server).delete(`/myorder/${first!._id.toHexString()}`));
    expect(cancel.status).toBe(409);
    const orders = await ordersOf(checkout.checkoutId);
    expect(orders.map((o) => [o.status, o.transactionId])).toEqual(orders.map(() => ['paid', intent.id]));
  });
});

describe('the single order (POST /order) priced like a checkout', () => {
  const postOrder = (account: Account, body: object) =>
    as(account, request(server).post('/order').send(body)).set('Idempotency-Key', `order-${randomSuffix()}`);

  it('charges the same shipping, tax and total as a checkout of the same part to the same address', async () => {
    const part = await createPart(api, { p_quantity: 10, price: 1999 });
    const single = await postOrder(customer, { productId: part.id, order_quantity: 1, address: california, phone: california.phone, shippingMethod: 'express' });
    expect(single.status).toBe(201);
    const checkout = await postCheckout(customer, { lines: [line(part, 1)], address: california, shippingMethod: 'express' });
    expect(checkout.status).toBe(201);
    const { subtotal, shipping, tax, total } = checkout.body as Checkout;
    expect(tax).toBeGreaterThan(0);
    expect(shipping).toBeGreaterThan(0);
    expect(single.body.figures).toEqual({ subtotal, shipping, tax, total });
    expect(single.body.addressNeeded).toBe(false);
    expect(single.body.order).toMatchObject({ address: 'Cara Cart, 1 Market Street, San Francisco, CA 94105, United States', taxAmount: tax, shippingAmount: shipping });
    // Its payment page (GET /checkout/{id}) and its PaymentIntent are for the same total.
    const page = await as(customer, request(server).get(`/checkout/${single.body.order.checkoutId}`)).expect(200);
    expect(page.body).toMatchObject({ total, address: california, delivery: { method: 'express' } });
    const intent = await as(customer, request(server).post('/create-payment-intent').send({ orderId: single.body.insertedId })).expect(200);
    expect((await stripe.paymentIntents.retrieve(intent.body.clientSecret.split('_secret_')[0])).amount).toBe(total);
  });

  it('places a free-text order as the spec has it; its structured address, given once, prices it like the checkout', async () => {
    const part = await createPart(api, { p_quantity: 10, price: 1999 });
    const placed = await postOrder(customer, { productId: part.id, order_quantity: 1, address: '1 Market Street, San Francisco', phone: '+1 415 555 0100' });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ addressNeeded: true, figures: { subtotal: 1999, shipping: 0, tax: 0, total: 1999 } });
    const id = placed.body.order.checkoutId as string;
    const unpriced = await as(customer, request(server).get(`/checkout/${id}`)).expect(200);
    expect(unpriced.body.address).toBeUndefined();
    // The line says so to the spec's Payment page, which asks for the address instead of the card.
    const lineView = async () => (await as(customer, request(server).get(`/order/${placed.body.insertedId}`)).expect(200)).body;
    expect(await lineView()).toMatchObject({ addressNeeded: true, checkoutId: id });
    // Not paid without its shipping and tax: neither by its line (the spec's Payment page) nor as a checkout.
    for (const body of [{ orderId: placed.body.insertedId }, { checkoutId: id }]) {
      const refused = await as(customer, request(server).post('/create-payment-intent').send(body));
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 409, body: { message: singleOrderText.addressBeforePaying } });
    }

    // Someone else's order is not found; an unknown key or an incomplete address is a 400 with its sentence.
    await as(other, request(server).put(`/checkout/${id}/address`).send({ address: california })).expect(404);
    const extra = await as(customer, request(server).put(`/checkout/${id}/address`).send({ address: california, total: 1 }));
    expect(extra.status).toBe(400);
    const partial = await as(customer, request(server).put(`/checkout/${id}/address`).send({ address: { ...california, region: undefined } }));
    expect(partial.status).toBe(400);
    expect(partial.body.message).toMatch(/state/i);

    const given = await as(customer, request(server).put(`/checkout/${id}/address`).send({ address: california }));
    expect(given.status).toBe(200);
    const checkout = await postCheckout(customer, { lines: [line(part, 1)], address: california });
    const { subtotal, shipping, tax, total } = checkout.body as Checkout;
    expect(given.body).toMatchObject({ subtotal, shipping, tax, total, address: california, shipTo: 'Cara Cart, 1 Market Street, San Francisco, CA 94105, United States' });
    expect(total).toBeGreaterThan(1999);
    const pricedLine = await lineView();
    expect(pricedLine.addressNeeded).toBeUndefined();
    expect(pricedLine.totalAmount + pricedLine.taxAmount + (pricedLine.shippingAmount ?? 0)).toBe(total);
    // Once only.
    const again = await as(customer, request(server).put(`/checkout/${id}/address`).send({ address: california }));
    expect(again.status).toBe(409);
    // Now its card charge is the priced total.
    const intent = await as(customer, request(server).post('/create-payment-intent').send({ orderId: placed.body.insertedId })).expect(200);
    expect((await stripe.paymentIntents.retrieve(intent.body.clientSecret.split('_secret_')[0])).amount).toBe(total);
  });

  it('refuses an address object with a problem, naming it, and holds nothing', async () => {
    const part = await createPart(api, { p_quantity: 10, price: 1999 });
    const refused = await postOrder(customer, { productId: part.id, order_quantity: 1, address: { ...california, city: '' }, phone: california.phone });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/city/i);
    const unknownMethod = await postOrder(customer, { productId: part.id, order_quantity: 1, address: california, phone: california.phone, shippingMethod: 'drone' });
    expect(unknownMethod.status).toBe(400);
    expect(await stockOf(ObjectId.createFromHexString(part.id))).toBe(10);
  });
});
