import { overviewSchema, lowStockAnswerSchema } from '@pcpp/contracts/core';
import request from 'supertest';
import { createAccount, createPart, createTestApi, insertOrder, type TestApi } from '../../../test/helpers';

// GET /admin/overview and GET /admin/low-stock through the app: their queries are strict, their
// answers are the declared shapes. (Who may call them: src/auth/authorization-matrix.test.ts; the
// figures themselves: service.test.ts.)

let api: TestApi;
let admin: { token: string };

beforeAll(async () => {
  api = await createTestApi({ INSIGHTS_CACHE_SECONDS: '0' });
  admin = await createAccount(api, 'admin');
  const part = await createPart(api, { p_quantity: 3, price: 2500 });
  await insertOrder(api, part, { email: 'buyer@example.com', paid: true, status: 'paid', transactionId: 'pi_1', order_quantity: 2 });
});
afterAll(() => api.close());

const get = (path: string) => request(api.app).get(path).set('Authorization', `Bearer ${admin.token}`);

it('answers the last 30 days unless asked for 7 or 90, with today’s paid order in it', async () => {
  for (const [query, days] of [['', 30], ['?days=7', 7], ['?days=90', 90]] as const) {
    const response = await get(`/admin/overview${query}`);
    expect(response.status).toBe(200);
    const overview = overviewSchema.parse(response.body);
    expect(overview.days).toBe(days);
    expect(overview.series).toHaveLength(days);
    expect(overview.current).toMatchObject({ revenue: 5_000, orders: 1, averageOrderValue: 5_000, placed: 1, paidShare: 1 });
    expect(overview.series.at(-1)).toMatchObject({ date: new Date().toISOString().slice(0, 10), revenue: 5_000, orders: 1 });
  }
});

it('refuses any other period and any unknown parameter with a sentence', async () => {
  for (const query of ['?days=14', '?days=', '?days=7.0', '?days=7&days=30']) {
    const response = await get(`/admin/overview${query}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/days must be one of: 7, 30, 90/);
  }
  for (const query of ['?from=2026-01-01', '?days[]=7']) {
    const unknown = await get(`/admin/overview${query}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^Unknown query parameter .*: use days$/);
  }
});

it('lists the part at or below the threshold, and takes the threshold and a page', async () => {
  const response = await get('/admin/low-stock');
  expect(response.status).toBe(200);
  const answer = lowStockAnswerSchema.parse(response.body);
  expect(answer).toMatchObject({ total: 1, threshold: 5, coverDays: 14 });
  expect(answer.items[0]).toMatchObject({ stock: 3, soldLast30Days: 2, daysOfCover: 45, reason: 'threshold' });
  const none = await get('/admin/low-stock?threshold=2&page=1&limit=5');
  expect(none.body).toMatchObject({ items: [], total: 0, threshold: 2 });
  for (const query of ['?threshold=-1', '?threshold=abc', '?threshold=10001', '?page=0', '?limit=500', '?sort=name']) {
    const refused = await get(`/admin/low-stock${query}`);
    expect(refused.status).toBe(400);
    expect(typeof refused.body.message).toBe('string');
  }
});
