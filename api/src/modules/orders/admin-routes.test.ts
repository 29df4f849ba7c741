import { once } from 'node:events';
import type { Server } from 'node:http';
import type { Order } from '@pcpp/contracts/core';
import type { ObjectId } from 'mongodb';
import request from 'supertest';
import { createAccount, createPart, createTestApi, insertOrder, randomSuffix, type TestApi } from '../../../test/helpers';

// The admin console's orders: GET /order, DELETE /order/{id}, PATCH /order/{id}/status.

let api: TestApi;
let server: Server;
let admin: { email: string; token: string };
let customer: { email: string; token: string };

beforeAll(async () => {
  api = await createTestApi();
  server = api.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  [admin, customer] = await Promise.all([createAccount(api, 'admin'), createAccount(api, 'customer')]);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await api.close();
});

const asAdmin = (call: request.Test) => call.set('Authorization', `Bearer ${admin.token}`);
const deleteOrder = (id: string) => asAdmin(request(server).delete(`/order/${id}`));
const setStatus = (id: string, body: object) => asAdmin(request(server).patch(`/order/${id}/status`).send(body));
const stockOf = async (id: ObjectId) => (await api.database.collections.parts.findOne({ _id: id }))!.p_quantity;
const historyOf = (order: Order) => order.statusHistory.map(({ status, by, reason }) => ({ status, by, ...(reason ? { reason } : {}) }));

/** A part whose stock of 10 holds `quantity` for an order in `status`. */
async function orderOf(quantity: number, fields: { status?: Order['status']; paid?: boolean; email?: string } = {}) {
  const part = await createPart(api, { p_quantity: 10 - quantity });
  const order = await insertOrder(api, part, { email: customer.email, order_quantity: quantity, ...fields });
  return { part, order };
}

describe('GET /order', () => {
  // A database of its own, holding exactly these orders.
  let listing: TestApi;
  let listingAdmin: { token: string };
  const names: string[] = [];
  const emails = [`ann-${randomSuffix()}@example.com`, `bob-${randomSuffix()}@example.com`];
  beforeAll(async () => {
    listing = await createTestApi();
    listingAdmin = await createAccount(listing, 'admin');
    const base = Date.now() - 60_000;
    const statuses = ['placed', 'paid', 'shipped', 'placed', 'cancelled'] as const;
    for (const [i, status] of statuses.entries()) {
      const part = await createPart(listing, { p_quantity: 10 });
      names.push(part.name);
      await insertOrder(listing, part, {
        email: emails[i % 2]!,
        status,
        paid: status === 'paid' || status === 'shipped',
        createdAt: new Date(base + i * 1000),
      });
    }
  });
  afterAll(() => listing.close());

  const get = (query = '') => request(listing.app).get(`/order${query}`).set('Authorization', `Bearer ${listingAdmin.token}`);
  const partNames = (orders: Order[]) => orders.map((order) => order.productName);

  it('lists every customer’s orders newest first, a plain array without parameters', async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(partNames(response.body)).toEqual([...names].reverse());
    expect(response.body[0]).toMatchObject({ email: emails[0], status: 'cancelled', statusHistory: [expect.any(Object)] });
  });

  it('filters by status and pages, the total counting every match', async () => {
    const placed = await get('?status=placed');
    expect(placed.body).toMatchObject({ total: 2, page: 1, pages: 1 });
    expect(partNames(placed.body.items)).toEqual([names[3], names[0]]);
    const second = await get('?limit=2&page=2');
    expect(second.body).toMatchObject({ total: 5, page: 2, pages: 3 });
    expect(partNames(second.body.items)).toEqual([names[2], names[1]]);
  });

  it('searches the email and the part’s name', async () => {
    const byEmail = await get(`?q=${emails[1]!.slice(0, 10).toUpperCase()}`);
    expect(partNames(byEmail.body.items)).toEqual([names[3], names[1]]);
    const byName = await get(`?q=${encodeURIComponent(names[2]!)}&status=shipped`);
    expect(byName.body).toMatchObject({ total: 1, items: [{ productName: names[2] }] });
    expect((await get(`?q=${encodeURIComponent('.*')}`)).body.total).toBe(0);
  });

  it.each([
    ['?status=lost', 'status must be one of: placed, paid, shipped, delivered, cancelled'],
    ['?limit=100', 'limit must be a whole number from 1 to 50'],
    ['?email=a@b.co', 'Unknown query parameter "email": use status, q, page, limit'],
  ])('refuses %s with a 400', async (query, message) => {
    const response = await get(query);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message });
  });
});

describe('DELETE /order/{id}', () => {
  it('cancels an unpaid order, gives its stock back and records who', async () => {
    const { part, order } = await orderOf(3);
    const response = await deleteOrder(order.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ deletedCount: 1 });
    expect(await stockOf(part._id)).toBe(10);
    const stored = (await asAdmin(request(server).get(`/order/${order.id}`))).body as Order;
    expect(stored.status).toBe('cancelled');
    expect(historyOf(stored)).toEqual([
      { status: 'placed', by: customer.email },
      { status: 'cancelled', by: admin.email, reason: 'deleted' },
    ]);
    // Again: already cancelled, nothing given back twice.
    expect((await deleteOrder(order.id)).body).toEqual({ deletedCount: 0 });
    expect(await stockOf(part._id)).toBe(10);
  });

  it('gives the stock back once when two deletes race', async () => {
    const { part, order } = await orderOf(4);
    const answers = await Promise.all([deleteOrder(order.id), deleteOrder(order.id), deleteOrder(order.id)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => answer.body.deletedCount).sort()).toEqual([0, 0, 1]);
    expect(await stockOf(part._id)).toBe(10);
  });

  it('refuses a paid order with a 409, an unknown one with a 404, a malformed id with a 400', async () => {
    const { part, order } = await orderOf(2, { status: 'paid', paid: true });
    const paid = await deleteOrder(order.id);
    expect(paid.status).toBe(409);
    expect(paid.body).toEqual({ message: 'A paid order cannot be deleted.' });
    expect(await stockOf(part._id)).toBe(8);
    expect((await deleteOrder('0'.repeat(24))).status).toBe(404);
    expect((await deleteOrder('not-an-id')).body).toMatchObject({ message: 'Invalid order id' });
    expect((await deleteOrder(order.id).send({ reason: 'x' })).status).toBe(400);
  });
});

describe('PATCH /order/{id}/status', () => {
  it('moves a paid order to shipped, then delivered, recording each change with who and when', async () => {
    const { order } = await orderOf(1, { status: 'paid', paid: true });
    const shipped = await setStatus(order.id, { status: 'shipped' });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({ _id: order.id, status: 'shipped', paid: true });
    const delivered = await setStatus(order.id, { status: 'delivered' });
    expect(delivered.status).toBe(200);
    const body = delivered.body as Order;
    expect(historyOf(body)).toEqual([
      { status: 'placed', by: customer.email },
      { status: 'shipped', by: admin.email },
      { status: 'delivered', by: admin.email },
    ]);
    expect(Date.parse(body.statusHistory[2]!.at)).toBeGreaterThanOrEqual(Date.parse(body.statusHistory[1]!.at));

    const activity = await asAdmin(request(server).get('/activity?limit=2'));
    expect(activity.body.items.map(({ action, actor, target, details }: Record<string, string>) => ({ action, actor, target, details }))).toEqual([
      { action: 'order.status', actor: admin.email, target: order.id, details: 'delivered' },
      { action: 'order.status', actor: admin.email, target: order.id, details: 'shipped' },
    ]);
  });

  it.each([
    ['placed', false, 'shipped', 'An order that is placed cannot be shipped: it is not paid.'],
    ['placed', false, 'delivered', 'An order that is placed cannot be delivered: it is not paid.'],
    ['paid', true, 'delivered', 'An order that is paid cannot be delivered: it has not been shipped.'],
    ['paid', true, 'cancelled', 'An order that is paid cannot be cancelled.'],
    ['shipped', true, 'shipped', 'An order that is shipped cannot be shipped again.'],
    ['cancelled', false, 'shipped', 'An order that is cancelled cannot be shipped: a cancelled order stays cancelled.'],
    ['delivered', true, 'cancelled', 'An order that is delivered cannot be cancelled: it has reached the customer.'],
  ] as const)('refuses %s → %s with a 409 and changes nothing', async (status, paid, to, message) => {
    const { part, order } = await orderOf(2, { status, paid });
    const response = await setStatus(order.id, { status: to });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message });
    const stored = await api.database.collections.orders.findOne({ _id: order._id });
    expect(stored).toMatchObject({ status, statusHistory: [expect.objectContaining({ status: 'placed' })] });
    expect(await stockOf(part._id)).toBe(8);
  });

  it('cancels a placed order and gives its stock back once, even when two cancels race', async () => {
    const { part, order } = await orderOf(5);
    const answers = await Promise.all([1, 2, 3].map(() => setStatus(order.id, { status: 'cancelled' })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body).toEqual({
      message: 'An order that is cancelled cannot be cancelled again.',
    });
    expect(await stockOf(part._id)).toBe(10);
    const winner = answers.find((answer) => answer.status === 200)!.body as Order;
    expect(historyOf(winner)).toEqual([
      { status: 'placed', by: customer.email },
      { status: 'cancelled', by: admin.email },
    ]);
  });

  it('lets one of three racing shipments through', async () => {
    const { order } = await orderOf(1, { status: 'paid', paid: true });
    const answers = await Promise.all([1, 2, 3].map(() => setStatus(order.id, { status: 'shipped' })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    const stored = await api.database.collections.orders.findOne({ _id: order._id });
    expect(stored!.statusHistory.map((change) => change.status)).toEqual(['placed', 'shipped']);
  });

  it.each([
    [{ status: 'paid' }, 'status must be one of: shipped, delivered, cancelled'],
    [{}, 'status must be one of: shipped, delivered, cancelled'],
    [{ status: 'shipped', by: 'someone' }, 'Unrecognized key: "by"'],
  ])('refuses the body %j with a 400', async (body, message) => {
    const { order } = await orderOf(1, { status: 'paid', paid: true });
    const response = await setStatus(order.id, body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message });
  });

  it('answers 404 for an unknown order', async () => {
    const response = await setStatus('0'.repeat(24), { status: 'shipped' });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Order not found' });
  });
});
