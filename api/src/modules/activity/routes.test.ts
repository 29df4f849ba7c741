import { ACTIVITY_ACTIONS } from '@pcpp/contracts/core';
import request from 'supertest';
import { createAccount, createTestApi, type TestApi } from '../../../test/helpers';
import { createActivityRepository } from './repository';
import { createActivityLog } from './service';

// GET /activity: newest first, paged. (Who may read it: src/auth/admin-access.test.ts.)

let api: TestApi;
let admin: { token: string };
// The first five kinds, whatever is added later; entry 4 is an order.status.
const actions = ACTIVITY_ACTIONS.slice(0, 5);

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
  ['?action=user.promoted', 'Unknown query parameter "action": use page, limit'],
])('refuses %s with a 400', async (query, message) => {
  const response = await get(query);
  expect(response.status).toBe(400);
  expect(response.body).toMatchObject({ message });
});
