import { once } from 'node:events';
import type { Server } from 'node:http';
import { formatCents, type Order, ORDER_NUMBER_PATTERN, validationMessages } from '@pcpp/contracts/core';
import { ObjectId } from 'mongodb';
import request from 'supertest';
import {
  createPart as createTestPart,
  createTestApi,
  inboxOf,
  randomSuffix,
  signUpWithAccessToken,
  storedLine,
  storedLines,
  type TestApi,
  updateLine,
  UNREACHABLE_SMTP_URL,
  uniqueEmail,
} from '../../../test/helpers';
import { createIdempotencyKeysRepository, forgetOldIdempotencyKeys, IDEMPOTENCY_KEY_RETENTION_MS } from '../../http/idempotency';

type Account = Awaited<ReturnType<typeof signUpWithAccessToken>>;

let api: TestApi;
/** One listening server for every request (supertest would otherwise open one per request). */
let server: Server;
let customer: Account;
let other: Account;
let admin: Account;
const adminEmail = uniqueEmail('admin');

beforeAll(async () => {
  api = await createTestApi({ ADMIN_EMAILS: adminEmail }, { roleCacheTtlMs: 0 });
  server = api.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  [customer, other, admin] = await Promise.all([
    signUpWithAccessToken(api, { displayName: 'Olga Buyer' }),
    signUpWithAccessToken(api),
    signUpWithAccessToken(api, { email: adminEmail, emailVerified: true }),
  ]);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await api.close();
});

const parts = () => api.database.collections.parts;
/** A stored line with its order's number, email and time, as a line was stored alone before. */
const lineView = async (id: string) => {
  const found = await storedLine(api, id);
  return found && { ...found.line, number: found.order.number, email: found.order.email, createdAt: found.order.createdAt };
};
const linesOfPart = async (productId: ObjectId) => (await storedLines(api, { productId })).length;

/** A part of its own for each test, straight into the database. Price in cents. */
const createPart = (fields: { p_quantity: number; min_quantity?: number; price?: number }) => createTestPart(api, fields);

const stockOf = async (id: ObjectId) => (await parts().findOne({ _id: id }))!.p_quantity;

const body = (productId: string, quantity: unknown = 1, extra: object = {}) => ({
  productId,
  order_quantity: quantity,
  address: '1 Main Street, Springfield',
  phone: '555 0100',
  ...extra,
});

function postOrder(token: string | null, payload: object, idempotencyKey?: string) {
  const call = request(server).post('/order').send(payload);
  if (token) call.set('Authorization', `Bearer ${token}`);
  if (idempotencyKey !== undefined) call.set('Idempotency-Key', idempotencyKey);
  return call;
}

const as = (token: string | null, call: request.Test) => (token ? call.set('Authorization', `Bearer ${token}`) : call);
const getMyOrders = (token: string | null, query: string) => as(token, request(server).get(`/myorder?${query}`));
const deleteMyOrder = (token: string | null, id: string) => as(token, request(server).delete(`/myorder/${id}`));
const getOrder = (token: string | null, id: string) => as(token, request(server).get(`/order/${id}`));

/** Places an order through the api and returns it. */
async function placeOrder(account: Account, productId: string, quantity = 1): Promise<Order> {
  const response = await postOrder(account.token, body(productId, quantity));
  expect(response.status).toBe(201);
  return response.body.order as Order;
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('POST /order', () => {
  it('places the order with the part, the price and the account from the server, and takes the stock', async () => {
    const part = await createPart({ p_quantity: 10, min_quantity: 2, price: 2550 });
    // The spec's client sends these too: the server ignores them.
    const sent = body(part.id, '3', {
      productName: 'Free stuff',
      email: other.email,
      name: 'Someone Else',
      per_product_price: 1,
      totalAmount: 3,
    });
    const response = await postOrder(customer.token, sent);
    expect(response.status).toBe(201);
    const { insertedId, order } = response.body;
    expect(insertedId).toMatch(/^[0-9a-f]{24}$/);
    expect(order).toEqual({
      _id: insertedId,
      number: expect.stringMatching(ORDER_NUMBER_PATTERN),
      // A checkout of one line: its confirmation page and its one payment.
      checkoutId: expect.stringMatching(/^[0-9a-f]{24}$/),
      productId: part.id,
      productName: part.name,
      email: customer.email,
      name: 'Olga Buyer',
      per_product_price: 2550,
      order_quantity: 3,
      totalAmount: 7650,
      address: '1 Main Street, Springfield',
      phone: '555 0100',
      paid: false,
      status: 'placed',
      statusHistory: [{ status: 'placed', at: order.createdAt, by: customer.email }],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      // The hold ends ORDER_HOLD_MINUTES (default 30) after the order.
      holdExpiresAt: new Date(Date.parse(order.createdAt) + 30 * 60_000).toISOString(),
      // The spec's free-text address: no shipping or tax until its structured address is given.
      addressNeeded: true,
    });
    expect(await stockOf(part._id)).toBe(7);
    const stored = await lineView(insertedId as string);
    expect(stored).toMatchObject({ number: order.number, productId: part._id, email: customer.email, totalAmount: 7650, paid: false });
    // The number is reserved: no other checkout gets it.
    expect(await api.database.collections.orderNumbers.countDocuments({ _id: order.number })).toBe(1);
    expect(stored!.createdAt).toBeInstanceOf(Date);
  });

  it('emails the customer the order summary, the total and a link to My Orders', async () => {
    const part = await createPart({ p_quantity: 5, price: 12345 });
    const order = await placeOrder(customer, part.id, 2);
    await api.outbox.idle();
    const emails = (await inboxOf(customer.email)).filter((email) => email.text.includes(order.number));
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email!.subject).toBe(`Your order for ${part.name} is placed`);
    expect(email!.text).toContain(`Order number: ${order.number}`);
    expect(email!.from).toEqual([{ address: 'orders@pcparts.dev', name: 'PC PART PICKER' }]);
    expect(email!.text).toContain(`Total: ${formatCents(24690)}`);
    expect(email!.text).toContain('Quantity: 2');
    expect(email!.text).toContain(`${api.config.shopUrl}/dashboard/myorders`);
    expect(email!.html).toContain(`href="${api.config.shopUrl}/dashboard/myorders"`);
    const outbox = await api.database.collections.outbox.findOne({ to: customer.email, text: email!.text });
    expect(outbox).toMatchObject({ status: 'sent', attempts: 1, sentAt: expect.any(Date) });
  });

  it('sells exactly the stock to 200 concurrent orders of one unit', async () => {
    const part = await createPart({ p_quantity: 100 });
    // From 20 customers: one customer's orders take turns (holds.test.ts), different customers' race for the stock.
    const buyers = [customer, ...(await Promise.all(Array.from({ length: 19 }, () => signUpWithAccessToken(api))))];
    const responses = await Promise.all(Array.from({ length: 200 }, (_, index) => postOrder(buyers[index % buyers.length]!.token, body(part.id, 1))));
    const statuses = responses.map((response) => response.status);
    expect(count(statuses, 201)).toBe(100);
    expect(count(statuses, 409)).toBe(100);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(response.body).toEqual({ message: 'This part is sold out.', available: 0 });
    }
    expect(await stockOf(part._id)).toBe(0);
    expect(await linesOfPart(part._id)).toBe(100);
    // Each order placed at once got a number of its own.
    const numbers = responses.filter((r) => r.status === 201).map((r) => r.body.order.number as string);
    expect(new Set(numbers).size).toBe(100);
    // A limit on waiting, not a speed target: each order also checks the account and the hold caps;
    // about 10 s here when quiet, past 30 s when the machine runs other suites and browsers.
  }, 120_000);

  it('sells the last unit to exactly one of 50 concurrent buyers', async () => {
    const part = await createPart({ p_quantity: 1 });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => signUpWithAccessToken(api)));
    const responses = await Promise.all(buyers.map((buyer) => postOrder(buyer.token, body(part.id, 1))));
    const statuses = responses.map((response) => response.status);
    expect(count(statuses, 201)).toBe(1);
    expect(count(statuses, 409)).toBe(49);
    expect(await stockOf(part._id)).toBe(0);
    expect(await linesOfPart(part._id)).toBe(1);
    // A limit on waiting, as above.
  }, 120_000);

  it('answers 409 with how many are left when the stock is lower than the quantity, and takes nothing', async () => {
    const part = await createPart({ p_quantity: 3 });
    const response = await postOrder(customer.token, body(part.id, 5));
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: 'Only 3 left in stock.', available: 3 });
    expect(await stockOf(part._id)).toBe(3);
    expect(await linesOfPart(part._id)).toBe(0);
  });

  it("refuses a quantity below the part's minimum with the spec's message", async () => {
    const part = await createPart({ p_quantity: 50, min_quantity: 3 });
    const response = await postOrder(customer.token, body(part.id, 2));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: validationMessages.quantityMin(3) });
    expect(await stockOf(part._id)).toBe(50);
  });

  it.each([
    ['a fraction', 2.5, 'quantity must be a whole number'],
    ['a negative number', -1, 'quantity must be at least 1'],
    ['zero', 0, 'quantity must be at least 1'],
    ['text', 'ten', validationMessages.quantityRequired],
    ['an operator object', { $gt: 0 }, validationMessages.quantityRequired],
    ['nothing', undefined, validationMessages.quantityRequired],
    ['a huge number', 1e21, 'quantity must be a whole number'],
  ])('refuses %s as the quantity with a 400, taking nothing', async (_what, quantity, message) => {
    const part = await createPart({ p_quantity: 50 });
    const response = await postOrder(customer.token, { ...body(part.id), order_quantity: quantity });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await stockOf(part._id)).toBe(50);
    expect(await linesOfPart(part._id)).toBe(0);
  });

  it('refuses unknown fields, a missing address or phone, and a malformed product id', async () => {
    const part = await createPart({ p_quantity: 50 });
    const cases: [object, string][] = [
      [body(part.id, 1, { paid: true }), 'Unrecognized key: "paid"'],
      [body(part.id, 1, { address: '  ' }), validationMessages.addressRequired],
      [body(part.id, 1, { phone: '' }), validationMessages.phoneRequired],
      [body('not-an-id'), 'productId is not a valid id'],
      [body(part.id.toUpperCase()), 'productId is not a valid id'],
      [body({ $ne: null } as unknown as string), 'productId is required'],
    ];
    for (const [payload, message] of cases) {
      const response = await postOrder(customer.token, payload);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    }
    expect(await stockOf(part._id)).toBe(50);
  });

  it('answers 404 for a part that does not exist', async () => {
    const response = await postOrder(customer.token, body(new ObjectId().toHexString()));
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Part not found' });
  });

  it('needs an access token', async () => {
    const part = await createPart({ p_quantity: 5 });
    const response = await postOrder(null, body(part.id));
    expect(response.status).toBe(401);
    expect(await stockOf(part._id)).toBe(5);
  });

  it('still places the order when the mail server is unreachable, keeping the email for a retry', async () => {
    const offline = await createTestApi({ SMTP_URL: UNREACHABLE_SMTP_URL });
    try {
      const part = await createPart({ p_quantity: 5 });
      await offline.database.collections.parts.insertOne({ ...part, _id: part._id });
      // The same account, with a token of this api (each test api signs with its own secret).
      const token = await offline.accessTokens.sign(await api.accessTokens.verify(customer.token));
      const response = await request(offline.app)
        .post('/order')
        .set('Authorization', `Bearer ${token}`)
        .send(body(part.id, 2));
      expect(response.status).toBe(201);
      await offline.outbox.idle();
      const waiting = await offline.database.collections.outbox.findOne({ to: customer.email });
      expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('ECONNREFUSED') });
    } finally {
      await offline.close();
    }
  });
});

describe('POST /order with an Idempotency-Key', () => {
  it('places one order for five concurrent requests with the same key, all answered alike', async () => {
    const part = await createPart({ p_quantity: 20 });
    const key = `key-${randomSuffix()}`;
    const responses = await Promise.all(Array.from({ length: 5 }, () => postOrder(customer.token, body(part.id, 2), key)));
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
    const first = responses.find((response) => !response.headers['idempotent-replayed'])!;
    for (const response of responses) expect(response.body).toEqual(first.body);
    expect(responses.filter((response) => response.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    expect(await linesOfPart(part._id)).toBe(1);
    expect(await stockOf(part._id)).toBe(18);
  });

  it('answers a later retry with the first answer, and keeps keys per customer', async () => {
    const part = await createPart({ p_quantity: 20 });
    const key = `key-${randomSuffix()}`;
    const first = await postOrder(customer.token, body(part.id, 1), key);
    const retry = await postOrder(customer.token, body(part.id, 1), key);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    // Another customer's request with the same key is theirs alone.
    const theirs = await postOrder(other.token, body(part.id, 1), key);
    expect(theirs.status).toBe(201);
    expect(theirs.body.insertedId).not.toBe(first.body.insertedId);
    expect(await linesOfPart(part._id)).toBe(2);
  });

  it('refuses the same key for a different order with a 422', async () => {
    const part = await createPart({ p_quantity: 20 });
    const key = `key-${randomSuffix()}`;
    expect((await postOrder(customer.token, body(part.id, 1), key)).status).toBe(201);
    const changed = await postOrder(customer.token, body(part.id, 2), key);
    expect(changed.status).toBe(422);
    expect(changed.body).toEqual({
      message: 'This Idempotency-Key was already used for a different order. Send a new key for a new order.',
    });
    expect(await linesOfPart(part._id)).toBe(1);
  });

  it('lets a retry run again after a first request that placed nothing', async () => {
    const part = await createPart({ p_quantity: 1 });
    const key = `key-${randomSuffix()}`;
    expect((await postOrder(customer.token, body(part.id, 2), key)).status).toBe(409);
    await parts().updateOne({ _id: part._id }, { $set: { p_quantity: 5 } });
    const retry = await postOrder(customer.token, body(part.id, 2), key);
    expect(retry.status).toBe(201);
    expect(await stockOf(part._id)).toBe(3);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(101)],
    ['with other characters', 'key with spaces'],
  ])('refuses a key that is %s', async (_what, key) => {
    const part = await createPart({ p_quantity: 5 });
    const response = await postOrder(customer.token, body(part.id, 1), key);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Idempotency-Key must be 1 to 100 letters, digits, - or _');
    expect(await stockOf(part._id)).toBe(5);
  });

  it('keeps keys 24 hours, then the cleanup drops them', async () => {
    const repository = createIdempotencyKeysRepository(api.database.collections.idempotencyKeys);
    const now = new Date();
    const email = uniqueEmail('keys');
    const ages = { old: IDEMPOTENCY_KEY_RETENTION_MS + 60_000, young: IDEMPOTENCY_KEY_RETENTION_MS - 60_000 };
    for (const [key, age] of Object.entries(ages)) {
      await repository.claim({ email, key, requestHash: 'x', createdAt: new Date(now.getTime() - age) });
    }
    expect(await forgetOldIdempotencyKeys(repository, now)).toBeGreaterThanOrEqual(1);
    expect(await repository.find(email, 'old')).toBeNull();
    expect(await repository.find(email, 'young')).not.toBeNull();
  });
});

describe('GET /myorder', () => {
  let mine: Order[];
  let shopper: Account;
  beforeAll(async () => {
    shopper = await signUpWithAccessToken(api);
    const part = await createPart({ p_quantity: 50 });
    mine = [];
    for (let i = 1; i <= 3; i += 1) mine.push(await placeOrder(shopper, part.id, i));
    await placeOrder(other, part.id, 1);
  });

  it("lists the caller's own orders only, newest first", async () => {
    const response = await getMyOrders(shopper.token, `email=${encodeURIComponent(shopper.email)}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([...mine].reverse());
  });

  it('reads the email case-insensitively', async () => {
    const response = await getMyOrders(shopper.token, `email=${encodeURIComponent(shopper.email.toUpperCase())}`);
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(3);
  });

  it('answers a page when asked for one', async () => {
    const response = await getMyOrders(shopper.token, `email=${encodeURIComponent(shopper.email)}&limit=2&page=2`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ items: [mine[0]], total: 3, page: 2, pages: 2 });
  });

  it("refuses another customer's email with a 403, admins included", async () => {
    for (const account of [other, admin]) {
      const response = await getMyOrders(account.token, `email=${encodeURIComponent(shopper.email)}`);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: 'You can only see your own orders' });
    }
  });

  it.each([
    ['', validationMessages.emailRequired],
    ['email=not-an-email', validationMessages.emailInvalid],
    ['email[$ne]=x', validationMessages.emailRequired],
    ['email=a@b.co&email[$ne]=x', 'Unknown query parameter "email[$ne]": use email, page, limit'],
    ['email=a@b.co&sort=old', 'Unknown query parameter "sort": use email, page, limit'],
    ['email=a@b.co&limit=51', 'limit must be a whole number from 1 to 50'],
  ])('refuses the query "%s" with a 400', async (query, message) => {
    const response = await getMyOrders(shopper.token, query);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('needs an access token', async () => {
    expect((await getMyOrders(null, `email=${encodeURIComponent(shopper.email)}`)).status).toBe(401);
  });
});

describe('DELETE /myorder/:id', () => {
  it('cancels an unpaid order and gives its stock back once', async () => {
    const part = await createPart({ p_quantity: 10 });
    const order = await placeOrder(customer, part.id, 4);
    expect(await stockOf(part._id)).toBe(6);

    const response = await deleteMyOrder(customer.token, order._id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ deletedCount: 1 });
    expect(await stockOf(part._id)).toBe(10);
    const stored = await lineView(order._id);
    expect(stored!.status).toBe('cancelled');
    expect(stored!.statusHistory.map(({ status, by, reason }) => ({ status, by, reason }))).toEqual([
      { status: 'placed', by: customer.email, reason: undefined },
      { status: 'cancelled', by: customer.email, reason: 'deleted' },
    ]);

    const again = await deleteMyOrder(customer.token, order._id);
    expect(again.body).toEqual({ deletedCount: 0 });
    expect(await stockOf(part._id)).toBe(10);
  });

  it('gives the stock back once when two deletes race', async () => {
    const part = await createPart({ p_quantity: 10 });
    const order = await placeOrder(customer, part.id, 3);
    const responses = await Promise.all([deleteMyOrder(customer.token, order._id), deleteMyOrder(customer.token, order._id)]);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    expect(responses.map((response) => response.body.deletedCount).sort()).toEqual([0, 1]);
    expect(await stockOf(part._id)).toBe(10);
  });

  it("answers 404 for another customer's order, admins included, and changes nothing", async () => {
    const part = await createPart({ p_quantity: 10 });
    const order = await placeOrder(customer, part.id, 2);
    for (const account of [other, admin]) {
      const response = await deleteMyOrder(account.token, order._id);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Order not found' });
    }
    expect((await lineView(order._id))!.status).toBe('placed');
    expect(await stockOf(part._id)).toBe(8);
  });

  it('refuses to delete a paid order', async () => {
    const part = await createPart({ p_quantity: 10 });
    const order = await placeOrder(customer, part.id, 2);
    // As the payment marks it.
    await updateLine(api, order._id, { paid: true, transactionId: 'pi_1' });
    const response = await deleteMyOrder(customer.token, order._id);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: 'A paid order cannot be deleted.' });
    expect((await lineView(order._id))!.status).toBe('paid');
    expect(await stockOf(part._id)).toBe(8);
  });

  it('answers 400 for a malformed id, 404 for an unknown one, 401 without a token', async () => {
    expect((await deleteMyOrder(customer.token, 'nope')).body).toEqual({
      message: 'Invalid order id',
      issues: [{ path: 'id', message: 'Invalid order id' }],
    });
    expect((await deleteMyOrder(customer.token, new ObjectId().toHexString())).status).toBe(404);
    expect((await deleteMyOrder(null, new ObjectId().toHexString())).status).toBe(401);
  });
});

describe('GET /order/:id', () => {
  let order: Order;
  beforeAll(async () => {
    const part = await createPart({ p_quantity: 10 });
    order = await placeOrder(customer, part.id, 1);
  });

  it('gives the order to its owner and to an admin', async () => {
    for (const account of [customer, admin]) {
      const response = await getOrder(account.token, order._id);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(order);
    }
  });

  it('answers 404 to another customer, 400 for a malformed id, 401 without a token', async () => {
    expect((await getOrder(other.token, order._id)).body).toEqual({ message: 'Order not found' });
    expect((await getOrder(other.token, order._id)).status).toBe(404);
    expect((await getOrder(customer.token, 'x'.repeat(24))).status).toBe(400);
    expect((await getOrder(customer.token, new ObjectId().toHexString())).status).toBe(404);
    expect((await getOrder(null, order._id)).status).toBe(401);
  });
});

describe('the order hold sweep', () => {
  const HOLD = 60;

  it('cancels unpaid orders older than the hold and gives their stock back once, even when two sweeps race', async () => {
    const part = await createPart({ p_quantity: 20 });
    const old = await placeOrder(customer, part.id, 3);
    const paid = await placeOrder(customer, part.id, 2);
    const young = await placeOrder(customer, part.id, 1);
    const longAgo = new Date(Date.now() - (HOLD + 1) * 60_000);
    const endedHold = new Date(longAgo.getTime() + HOLD * 60_000);
    await updateLine(api, old._id, { holdExpiresAt: endedHold }, { createdAt: longAgo });
    await updateLine(api, paid._id, { holdExpiresAt: endedHold, paid: true, transactionId: 'pi_paid' }, { createdAt: longAgo });
    expect(await stockOf(part._id)).toBe(14);

    const now = new Date();
    const [first, second] = await Promise.all([
      api.services.orders.sweepHolds(now),
      api.services.orders.sweepHolds(now),
    ]);
    // Other tests' orders are younger than the hold: only this one expires.
    expect(first + second).toBe(1);
    expect(await stockOf(part._id)).toBe(17);
    const expired = await lineView(old._id);
    expect(expired!.status).toBe('cancelled');
    expect(expired!.statusHistory.at(-1)).toEqual({ status: 'cancelled', at: now, by: 'system', reason: 'expired' });
    expect((await lineView(paid._id))!.status).toBe('paid');
    expect((await lineView(young._id))!.status).toBe('placed');

    expect(await api.services.orders.sweepHolds(now)).toBe(0);
    expect(await stockOf(part._id)).toBe(17);
    // An expired order is not the customer's to delete again: nothing more comes back.
    expect((await deleteMyOrder(customer.token, old._id)).body).toEqual({ deletedCount: 0 });
    expect(await stockOf(part._id)).toBe(17);
  });
});
