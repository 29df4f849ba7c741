import type { ACTIVITY_ACTIONS, ActivityEntry } from '@pcpp/contracts/core';
import request from 'supertest';
import { createAccount, createPart, createTestApi, insertOrder, type TestApi } from '../../../test/helpers';
import { createActivityRepository } from './repository';
import { createActivityLog } from './service';

// GET /activity: newest first, paged. (Who may read it: src/auth/admin-access.test.ts.)

let api: TestApi;
let admin: { token: string };
// Five actions; entry 4 is an order.status.
const actions = ['user.promoted', 'product.added', 'product.deleted', 'order.deleted', 'order.status'] as const satisfies readonly (typeof ACTIVITY_ACTIONS)[number][];

beforeAll(async () => {
  api = await createTestApi();
  admin = await createAccount(api, 'admin');
  const log = createActivityLog(createActivityRepository(api.database.collections.activity));
  // Recorded one after the other, several within the same millisecond.
  for (const [i, action] of [...actions, ...actions].entries()) {
    await log.record({ action, actor: `admin${i % 2}@example.com`, target: `target ${i}`, ...(i === 4 ? { details: 'shipped' } : {}) });
  }
});
afterAll(() => api.close());

const get = (query = '') => request(api.app).get(`/activity${query}`).set('Authorization', `Bearer ${admin.token}`);
const targets = (body: { items: { target: string }[] }) => body.items.map((entry) => entry.target);

// Five actions twice: entry i is actions[i % 5], by admin{i % 2}, about 'target i'.
const count = actions.length * 2;
const targetsFrom = (newest: number, length: number) => Array.from({ length }, (_, k) => `target ${newest - k}`);

it('answers entries newest first, with who and when, one page at a time', async () => {
  const first = await get('?limit=4');
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ total: count, page: 1, pages: Math.ceil(count / 4) });
  expect(targets(first.body)).toEqual(targetsFrom(count - 1, 4));
  expect(first.body.items[1]).toEqual({
    _id: expect.stringMatching(/^[0-9a-f]{24}$/),
    action: actions[(count - 2) % actions.length],
    actor: `admin${(count - 2) % 2}@example.com`,
    target: `target ${count - 2}`,
    at: expect.any(String),
  });
  const lastPage = Math.ceil(count / 4);
  const last = await get(`?limit=4&page=${lastPage}`);
  expect(targets(last.body)).toEqual(targetsFrom(count - 1 - (lastPage - 1) * 4, count - (lastPage - 1) * 4));
  expect((await get(`?page=${lastPage + 1}&limit=4`)).body).toEqual({ items: [], total: count, page: lastPage + 1, pages: lastPage });
  const withDetails = (await get()).body.items.find((entry: { target: string }) => entry.target === 'target 4');
  expect(withDetails).toMatchObject({ action: 'order.status', details: 'shipped' });
});

it('answers 20 to a page by default', async () => {
  expect((await get()).body).toMatchObject({ total: count, page: 1, pages: Math.ceil(count / 20) });
});

it.each([
  ['?limit=51', 'limit must be a whole number from 1 to 50'],
  ['?action=user.promoted', 'Unknown query parameter "action": use kind, actor, page, limit'],
  ['?kind=payment', 'kind must be one of: product, order, user, review, release'],
  ['?actor=' + 'a'.repeat(255), 'actor must be at most 254 characters'],
])('refuses %s with a 400', async (query, message) => {
  const response = await get(query);
  expect(response.status).toBe(400);
  expect(response.body).toMatchObject({ message });
});

describe('what entries name and link to, and the filters', () => {
  // A database of its own, holding exactly these entries.
  let own: TestApi;
  let ownAdmin: { email: string; token: string };
  const getOwn = (query = '') => request(own.app).get(`/activity${query}`).set('Authorization', `Bearer ${ownAdmin.token}`);
  let kept: { id: string; name: string };
  let gone: { id: string; name: string };
  let order: { id: string; number: string };

  beforeAll(async () => {
    own = await createTestApi();
    ownAdmin = await createAccount(own, 'admin');
    const other = await createAccount(own, 'admin', `someone-else-${Date.now()}@example.com`);
    const asOwn = (call: request.Test, who = ownAdmin) => call.set('Authorization', `Bearer ${who.token}`);
    const part = await createPart(own, { p_quantity: 5, price: 1000 });
    kept = { id: part.id, name: part.name };
    const doomed = await createPart(own, { p_quantity: 5 });
    gone = { id: doomed.id, name: doomed.name };
    const customer = await createAccount(own, 'customer');
    const placed = await insertOrder(own, part, { email: customer.email });
    order = { id: placed.id, number: placed.number };
    // An entry written before entries named orders by number: its target is the order's id.
    await createActivityLog(createActivityRepository(own.database.collections.activity)).record({ action: 'order.status', actor: other.email, target: placed.id, details: 'shipped' });
    await asOwn(request(own.app).patch(`/tools/${part.id}`).send({ version: 0, price: 1200 }));
    await asOwn(request(own.app).delete(`/tools/${doomed.id}`));
    await asOwn(request(own.app).put(`/user/admin/${encodeURIComponent(customer.email)}`), other);
  });
  afterAll(() => own.close());

  it('names products, orders and accounts as people know them, and links only to what still exists', async () => {
    const { items } = (await getOwn()).body as { items: ActivityEntry[] };
    const [promoted, deleted, edited, legacy] = items;
    expect(promoted).toMatchObject({ action: 'user.promoted', subject: { kind: 'user', exists: true } });
    expect(deleted).toMatchObject({ action: 'product.deleted', target: gone.name, subject: { kind: 'product', id: gone.id, exists: false } });
    expect(edited).toMatchObject({ action: 'product.edited', target: kept.name, subject: { kind: 'product', id: kept.id, exists: true } });
    expect(legacy).toMatchObject({ action: 'order.status', target: order.number, details: 'shipped', subject: { kind: 'order', id: order.id, exists: true } });
  });

  it('filters by kind and by the admin’s email, paged as ever', async () => {
    const products = (await getOwn('?kind=product')).body;
    expect(products).toMatchObject({ total: 2, items: [{ action: 'product.deleted' }, { action: 'product.edited' }] });
    const byOther = (await getOwn('?actor=SOMEONE-ELSE')).body as { total: number; items: ActivityEntry[] };
    expect(byOther.items.map((entry) => entry.action)).toEqual(['user.promoted', 'order.status']);
    expect((await getOwn(`?kind=order&actor=${encodeURIComponent(ownAdmin.email)}`)).body.total).toBe(0);
    expect((await getOwn('?kind=order&limit=1')).body).toMatchObject({ total: 1, pages: 1, items: [{ target: order.number }] });
    // Taken literally: no pattern matches every admin.
    expect((await getOwn(`?actor=${encodeURIComponent('.*')}`)).body.total).toBe(0);
  });
});
