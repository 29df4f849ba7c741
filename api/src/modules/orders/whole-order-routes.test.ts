import { once } from 'node:events';
import type { Server } from 'node:http';
import { ObjectId } from 'mongodb';
import type Stripe from 'stripe';
import request from 'supertest';
import { createAccount, createPart, createTestApi, inboxOf, randomSuffix, signUpWithAccessToken, storedLine, type TestApi, updateLine } from '../../../test/helpers';
import { createStripeClient } from '../payments/stripe-client';
import { refundedUnits } from './model/units';
import { pdfText } from '../../../test/pdf-text';

type Account = { email: string; token: string };
type Part = Awaited<ReturnType<typeof createPart>>;

let api: TestApi;
let server: Server;
let stripe: Stripe;
let customer: Account;
let other: Account;
let admin: Account;

beforeAll(async () => {
  api = await createTestApi();
  server = api.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  stripe = createStripeClient(api.config.stripe!);
  [customer, other, admin] = await Promise.all([signUpWithAccessToken(api, { displayName: 'Olive Order' }), signUpWithAccessToken(api), createAccount(api, 'admin')]);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await api.close();
});

const address = { fullName: 'Olive Order', street: '12 Harbour Road', city: 'Portsmouth', postalCode: 'PO1 3AX', country: 'GB', phone: '+44 7700 900123' };
const as = (account: Account, call: request.Test) => call.set('Authorization', `Bearer ${account.token}`);
const stockOf = async (part: Part) => (await api.database.collections.parts.findOne({ _id: part._id }))!.p_quantity;

async function waitFor(check: () => Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const refundsOf = async (number: string) => (await api.database.collections.wholeOrders.findOne({ number }))?.refunds ?? [];
const mailsAbout = async (to: string, subject: string) => (await inboxOf(to)).filter((mail) => mail.subject === subject);

/** A checkout of the customer's, placed and paid with the sandbox's test card and the signed webhook. */
async function paidOrder(lines: { part: Part; quantity: number }[], buyer: Account = customer) {
  const placed = await as(buyer, request(server).post('/checkout').set('Idempotency-Key', `order-${randomSuffix()}`))
    .send({ lines: lines.map(({ part, quantity }) => ({ productId: part.id, quantity })), address });
  expect(placed.status).toBe(201);
  const intent = await as(buyer, request(server).post('/create-payment-intent').send({ checkoutId: placed.body.checkoutId }));
  expect(intent.status).toBe(200);
  const paid = await stripe.paymentIntents.confirm(intent.body.clientSecret.split('_secret_')[0], { payment_method: 'pm_card_visa' });
  const payload = JSON.stringify({ id: `evt_${new ObjectId().toHexString()}`, object: 'event', type: 'payment_intent.succeeded', created: Math.floor(Date.now() / 1000), data: { object: paid } });
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: api.config.stripe!.webhookSecret! });
  await request(server).post('/webhooks/stripe').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload).expect(200);
  return { number: placed.body.orderNumber as string, checkoutId: placed.body.checkoutId as string, paymentIntent: paid.id };
}

const getOrder = (account: Account, number: string) => as(account, request(server).get(`/orders/${number}`));
const ship = (number: string, body: object) => as(admin, request(server).post(`/orders/${number}/shipments`).send(body));
const refund = (number: string, body: object, key = `refund-${randomSuffix()}`) =>
  as(admin, request(server).post(`/orders/${number}/refunds`).set('Idempotency-Key', key).send(body));

describe('an order as a whole', () => {
  it('a six-part build: one order to its owner and the admin, shipped in two parcels, a part returned and refunded on receipt', async () => {
    const parts = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => createPart(api, { p_quantity: 10, price: 1000 * n })));
    const order = await paidOrder(parts.map((part) => ({ part, quantity: 1 })));

    const seen = await getOrder(customer, order.number);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ number: order.number, status: 'paid', payment: 'paid', returnUnderWay: false, email: customer.email });
    expect(seen.body.lines).toHaveLength(6);
    expect(seen.body.totals).toEqual({ subtotal: 21000, shipping: 0, tax: 0, total: 21000, paid: 21000, refunded: 0 });
    // Anyone else is told it does not exist, as for a number no order has; an admin sees it.
    expect((await getOrder(other, order.number)).status).toBe(404);
    expect((await getOrder(other, 'PCP-000000')).status).toBe(404);
    expect((await getOrder(admin, order.number)).status).toBe(200);

    // One row per order in both lists, searchable by number.
    const mine = await as(customer, request(server).get('/orders/mine'));
    expect(mine.body.items.filter((row: { number: string }) => row.number === order.number)).toEqual([
      expect.objectContaining({ number: order.number, lineCount: 6, units: 6, total: 21000, status: 'paid' }),
    ]);
    const all = await as(admin, request(server).get('/orders').query({ q: order.number }));
    expect(all.body).toMatchObject({ total: 1, items: [expect.objectContaining({ number: order.number, lineCount: 6 })] });
    expect((await as(admin, request(server).get('/orders').query({ q: 'PCP-000000' }))).body).toMatchObject({ total: 0, items: [] });

    // Four parts under one tracking number, two under another: two parcels, two emails.
    const [l1, l2, l3, l4, l5, l6] = seen.body.lines as { lineId: string }[];
    const first = await ship(order.number, { carrier: 'UPS', trackingNumber: '1Z999AA10123456784', lines: [l1, l2, l3, l4].map((line) => ({ lineId: line!.lineId, quantity: 1 })) });
    expect(first.status).toBe(201);
    expect(first.body.status).toBe('partly-shipped');
    const second = await ship(order.number, { carrier: 'FedEx', trackingNumber: '449044304137821' });
    expect(second.status).toBe(201);
    expect(second.body.status).toBe('shipped');
    expect(second.body.shipments.map((parcel: { lines: unknown[]; trackingUrl: string }) => [parcel.lines.length, parcel.trackingUrl])).toEqual([
      [4, 'https://www.ups.com/track?tracknum=1Z999AA10123456784'],
      [2, 'https://www.fedex.com/fedextrack/?trknbr=449044304137821'],
    ]);
    expect(second.body.shipments[1].lines.map((line: { lineId: string }) => line.lineId).sort()).toEqual([l5!.lineId, l6!.lineId].sort());
    expect((await ship(order.number, { carrier: 'UPS', trackingNumber: '1Z1' })).status).toBe(409);
    await waitFor(async () => (await mailsAbout(customer.email, `Order ${order.number}: parts on their way`)).length === 2);
    const shippedMails = await mailsAbout(customer.email, `Order ${order.number}: parts on their way`);
    expect(shippedMails.map((mail) => mail.text.includes('1Z999AA10123456784') || mail.text.includes('449044304137821'))).toEqual([true, true]);

    // Both parcels arrive; the spec's per-line view agrees.
    for (const parcel of second.body.shipments as { shipmentId: string }[]) {
      expect((await as(admin, request(server).post(`/orders/${order.number}/shipments/${parcel.shipmentId}/delivered`))).status).toBe(200);
    }
    const delivered = await getOrder(customer, order.number);
    expect(delivered.body.status).toBe('delivered');
    const line = await as(customer, request(server).get(`/order/${l1!.lineId}`));
    expect(line.body.status).toBe('delivered');

    // The customer sends one part back; the admin approves it and refunds it on receipt.
    const stockBefore = await stockOf(parts[0]!);
    expect((await as(other, request(server).post(`/orders/${order.number}/returns`).send({ lines: [{ lineId: l1!.lineId, quantity: 1 }], reason: 'Not mine' }))).status).toBe(404);
    const asked = await as(customer, request(server).post(`/orders/${order.number}/returns`).send({ lines: [{ lineId: l1!.lineId, quantity: 1 }], reason: 'The fan rattles.' }));
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ status: 'requested', lines: [{ lineId: l1!.lineId, quantity: 1, productName: parts[0]!.name }] });
    expect((await getOrder(customer, order.number)).body.returnUnderWay).toBe(true);
    // The same unit cannot be asked for twice.
    expect((await as(customer, request(server).post(`/orders/${order.number}/returns`).send({ lines: [{ lineId: l1!.lineId, quantity: 1 }], reason: 'Again' }))).status).toBe(409);
    const returnId = asked.body.returnId as string;
    expect((await as(admin, request(server).post(`/returns/${returnId}/received`))).status).toBe(409);
    expect((await as(admin, request(server).post(`/returns/${returnId}/decision`).send({ approve: true, note: 'Send it to our Austin depot.' }))).body.status).toBe('approved');
    expect((await as(admin, request(server).post(`/returns/${returnId}/decision`).send({ approve: false }))).status).toBe(409);
    const received = await as(admin, request(server).post(`/returns/${returnId}/received`));
    expect(received.status).toBe(200);
    expect(received.body).toMatchObject({ status: 'received', refundedAmount: 1000 });
    expect(await stockOf(parts[0]!)).toBe(stockBefore + 1);

    const after = await getOrder(customer, order.number);
    expect(after.body).toMatchObject({ status: 'delivered', payment: 'partly-refunded', returnUnderWay: false });
    expect(after.body.totals.refunded).toBe(1000);
    expect(after.body.lines[0]).toMatchObject({ refundedQuantity: 1, returnedQuantity: 1, restockedQuantity: 1, refundedAmount: 1000, returnableQuantity: 0 });
    const made = (await refundsOf(order.number)).find((entry) => entry.status === 'done');
    expect(made).toMatchObject({ paymentIntentId: order.paymentIntent, amount: 1000 });
    expect((await stripe.refunds.retrieve(made!.stripeRefundId!)).amount).toBe(1000);
    const activity = await api.database.collections.activity.find({ target: order.number, action: 'order.refunded' }).toArray();
    expect(activity).toHaveLength(1);

    // The invoice: numbered, with the lines and the refund as a credit line.
    const invoice = await as(customer, request(server).get(`/orders/${order.number}/invoice.pdf`)).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(invoice.status).toBe(200);
    expect(invoice.headers['content-type']).toBe('application/pdf');
    const text = pdfText(invoice.body as Buffer);
    expect(text).toMatch(/Invoice INV-\d{6}/);
    // To the United Kingdom: on A4 (595.28 × 841.89 points); no UK tax collected, and the line says so with the country.
    expect((invoice.body as Buffer).toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
    expect(text).toContain('Tax (0 %, United Kingdom)');
    expect(text).toContain(parts[5]!.name);
    expect(text).toContain('Credit: Return: The fan rattles.');
    expect(text).toContain('-$10.00');
    const again = await as(admin, request(server).get(`/orders/${order.number}/invoice.pdf`)).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(pdfText(again.body as Buffer).match(/INV-\d{6}/)![0]).toBe(text.match(/INV-\d{6}/)![0]);
    expect((await as(other, request(server).get(`/orders/${order.number}/invoice.pdf`))).status).toBe(404);

    // The paid email links to the invoice; the link opens it signed out, and a forged one does not.
    await waitFor(async () => (await mailsAbout(customer.email, `Payment received for order ${order.number}`)).length === 1);
    const [paidMail] = await mailsAbout(customer.email, `Payment received for order ${order.number}`);
    const link = /Invoice \(PDF\): (\S+)/.exec(paidMail!.text)![1]!;
    const linkPath = new URL(link).pathname;
    const byLink = await request(server).get(linkPath).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(byLink.status).toBe(200);
    expect(pdfText(byLink.body as Buffer)).toContain(`Order: ${order.number}`);
    const [head, , signature] = linkPath.split('/').pop()!.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify({ sub: order.number, aud: 'pcpp-invoice', iss: 'pcpp-api', exp: 4e9 })).toString('base64url')}.${signature}`;
    const refused = await request(server).get(`/invoices/${forged}`);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('This invoice link is not valid or has expired: download the invoice from your order’s page.');
  });

  it('cancels a paid order not yet shipped: refunded in full once, the parts back in stock once, the customer told why', async () => {
    const [a, b] = await Promise.all([createPart(api, { p_quantity: 10, price: 2500 }), createPart(api, { p_quantity: 10, price: 1250 })]);
    const order = await paidOrder([{ part: a, quantity: 2 }, { part: b, quantity: 1 }]);
    expect([await stockOf(a), await stockOf(b)]).toEqual([8, 9]);
    const answers = await Promise.all([1, 2, 3].map(() => as(admin, request(server).post(`/orders/${order.number}/cancel`).send({ reason: 'The supplier cannot deliver.' }))));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const after = await getOrder(customer, order.number);
    expect(after.body).toMatchObject({ status: 'cancelled', payment: 'refunded', cancellation: { reason: 'The supplier cannot deliver.' } });
    // The parts (6,250) and the shipping to the UK (9.99 below its free threshold; no UK tax collected): all of it back.
    expect(after.body.totals).toMatchObject({ subtotal: 6250, shipping: 999, tax: 0, total: 7249, refunded: 7249 });
    expect([await stockOf(a), await stockOf(b)]).toEqual([10, 10]);
    expect(after.body.lines.map((line: { status: string }) => line.status)).toEqual(['cancelled', 'cancelled']);
    const refunds = await refundsOf(order.number);
    expect(refunds.map((made) => [made.status, made.amount])).toEqual([['done', 7249]]);
    await waitFor(async () => (await mailsAbout(customer.email, `Order ${order.number} is cancelled`)).length === 1);
    expect((await mailsAbout(customer.email, `Order ${order.number} is cancelled`))[0]!.text).toContain('The supplier cannot deliver.');
    // Nothing left to refund or ship.
    expect((await refund(order.number, { lines: [{ lineId: after.body.lines[0].lineId, quantity: 1 }], reason: 'x', restock: false })).status).toBe(409);
    expect((await ship(order.number, { carrier: 'UPS', trackingNumber: '1Z2' })).status).toBe(409);
  });

  it('cancels an unpaid order by releasing its holds, and refuses to cancel one that has shipped', async () => {
    const part = await createPart(api, { p_quantity: 10, price: 900 });
    const placed = await as(customer, request(server).post('/checkout').set('Idempotency-Key', `order-${randomSuffix()}`)).send({ lines: [{ productId: part.id, quantity: 3 }], address });
    expect(await stockOf(part)).toBe(7);
    // Unpaid, My Orders says until when its parts are held.
    const unpaidRow = (await as(customer, request(server).get('/orders/mine'))).body.items.find((row: { number: string }) => row.number === placed.body.orderNumber);
    expect(unpaidRow).toMatchObject({ status: 'unpaid', holdExpiresAt: placed.body.holdExpiresAt });
    const cancelled = await as(admin, request(server).post(`/orders/${placed.body.orderNumber}/cancel`).send({ reason: 'Duplicate order.' }));
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', payment: 'unpaid' });
    expect(await stockOf(part)).toBe(10);

    const shipped = await paidOrder([{ part, quantity: 1 }]);
    expect((await ship(shipped.number, { carrier: 'DHL', trackingNumber: '1234567890' })).status).toBe(201);
    const refused = await as(admin, request(server).post(`/orders/${shipped.number}/cancel`).send({ reason: 'Too late' }));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Parts of this order have shipped, so it cannot be cancelled: refund or return the parts instead.');
  });
});

describe('POST /orders/{number}/refunds', () => {
  it('needs its key, refunds once per key, never more than was paid, and restocks once', async () => {
    const part = await createPart(api, { p_quantity: 10, price: 3333 });
    const order = await paidOrder([{ part, quantity: 3 }]);
    const lineId = (await getOrder(customer, order.number)).body.lines[0].lineId as string;
    const body = { lines: [{ lineId, quantity: 1 }], reason: 'Damaged box', restock: true };
    const missing = await as(admin, request(server).post(`/orders/${order.number}/refunds`).send(body));
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Idempotency-Key is required: send a new key for each refund');

    const key = `refund-${randomSuffix()}`;
    const [firstTry, retry] = [await refund(order.number, body, key), await refund(order.number, body, key)];
    expect([firstTry.status, retry.status]).toEqual([201, 201]);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect((await refund(order.number, { ...body, reason: 'Other' }, key)).status).toBe(422);
    // A unit gives back its third of the line's charge: 3 × 33.33 of parts and 9.99 of shipping.
    expect(firstTry.body.totals).toMatchObject({ total: 10998, refunded: 3666 });
    expect(await stockOf(part)).toBe(8);

    // Two refunds of the two remaining units at once: one passes, the other is refused.
    const racing = await Promise.all([1, 2].map(() => refund(order.number, { lines: [{ lineId, quantity: 2 }], reason: 'Race', restock: true })));
    expect(racing.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const after = await getOrder(customer, order.number);
    expect(after.body.totals.refunded).toBe(10998);
    expect(after.body.lines[0]).toMatchObject({ refundedQuantity: 3, restockedQuantity: 3 });
    expect(after.body).toMatchObject({ status: 'refunded', payment: 'refunded' });
    expect(await stockOf(part)).toBe(10);
    const refused = racing.find((answer) => answer.status === 409)!;
    expect(refused.body.message).toBe(`Only 0 units of ${part.name} can be refunded.`);
  });

  it('a refund racing a shipment never refunds more than was paid, and a refunded unit never ships', async () => {
    const part = await createPart(api, { p_quantity: 10, price: 1000 });
    const order = await paidOrder([{ part, quantity: 2 }]);
    const lineId = (await getOrder(customer, order.number)).body.lines[0].lineId as string;
    await Promise.all([
      ship(order.number, { carrier: 'UPS', trackingNumber: '1Z3', lines: [{ lineId, quantity: 2 }] }),
      refund(order.number, { lines: [{ lineId, quantity: 2 }], reason: 'Race', restock: false }),
      refund(order.number, { lines: [{ lineId, quantity: 1 }], reason: 'Race', restock: false }),
    ]);
    const { line } = (await storedLine(api, lineId))!;
    expect(refundedUnits(line.units)).toBeLessThanOrEqual(2);
    expect(line.units.refundedAmount).toBeLessThanOrEqual(2000 + 999);
    expect(line.units.shipped + line.units.refundedUnshipped).toBeLessThanOrEqual(2);
    const stripeTotal = (await refundsOf(order.number)).filter((made) => made.status === 'done').reduce((sum, made) => sum + made.amount, 0);
    expect(stripeTotal).toBe(line.units.refundedAmount);
  });
});

describe('returns', () => {
  it('only delivered units, within the window, never more than can go back; a refused return frees them', async () => {
    const part = await createPart(api, { p_quantity: 10, price: 500 });
    const order = await paidOrder([{ part, quantity: 2 }]);
    const lineId = (await getOrder(customer, order.number)).body.lines[0].lineId as string;
    const ask = (quantity: number) => as(customer, request(server).post(`/orders/${order.number}/returns`).send({ lines: [{ lineId, quantity }], reason: 'Changed my mind' }));
    const early = await ask(1);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(`${part.name} has not been delivered yet, so it cannot be returned.`);
    const shipped = await ship(order.number, { carrier: 'USPS', trackingNumber: '9400100000000000000000' });
    await as(admin, request(server).post(`/orders/${order.number}/shipments/${shipped.body.shipments[0].shipmentId}/delivered`)).expect(200);
    expect((await ask(3)).status).toBe(409);
    const asked = await ask(2);
    expect(asked.status).toBe(201);
    const refused = await as(admin, request(server).post(`/returns/${asked.body.returnId}/decision`).send({ approve: false, note: 'Opened and used.' }));
    expect(refused.body).toMatchObject({ status: 'rejected', note: 'Opened and used.' });
    expect((await getOrder(customer, order.number)).body.lines[0].returnableQuantity).toBe(2);
    const list = await as(admin, request(server).get('/returns').query({ status: 'rejected' }));
    expect(list.body.items.some((entry: { returnId: string }) => entry.returnId === asked.body.returnId)).toBe(true);

    // Past the window (delivered 31 days ago), nothing can be returned.
    await updateLine(api, lineId, { lastDeliveredAt: new Date(Date.now() - 31 * 24 * 60 * 60_000) });
    const late = await ask(1);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('The return window of 30 days after delivery has closed for this part.');
  });
});

describe('the spec’s per-line routes', () => {
  it('PATCH /order/{id}/status ships and delivers one line as before, and the order shows the parcel', async () => {
    const [a, b] = await Promise.all([createPart(api, { p_quantity: 10, price: 700 }), createPart(api, { p_quantity: 10, price: 800 })]);
    const order = await paidOrder([{ part: a, quantity: 1 }, { part: b, quantity: 1 }]);
    const lines = (await getOrder(admin, order.number)).body.lines as { lineId: string }[];
    const shipped = await as(admin, request(server).patch(`/order/${lines[0]!.lineId}/status`).send({ status: 'shipped', carrier: 'ups', trackingNumber: '1Z4' }));
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({ _id: lines[0]!.lineId, status: 'shipped', shipment: { carrier: 'UPS', trackingNumber: '1Z4' } });
    expect((await as(admin, request(server).patch(`/order/${lines[0]!.lineId}/status`).send({ status: 'shipped', carrier: 'UPS', trackingNumber: '1Z5' }))).status).toBe(409);
    const whole = await getOrder(admin, order.number);
    expect(whole.body.status).toBe('partly-shipped');
    expect(whole.body.shipments).toEqual([expect.objectContaining({ carrier: 'UPS', trackingNumber: '1Z4', lines: [{ lineId: lines[0]!.lineId, quantity: 1 }] })]);
    const delivered = await as(admin, request(server).patch(`/order/${lines[0]!.lineId}/status`).send({ status: 'delivered' }));
    expect(delivered.body.status).toBe('delivered');
    // The whole list of lines keeps the spec's shape.
    const all = await as(admin, request(server).get('/order'));
    expect(Array.isArray(all.body)).toBe(true);
  });
});
