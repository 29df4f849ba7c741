import { ObjectId } from 'mongodb';
import { createPart, createTestApi, insertOrder, type TestApi } from '../../../test/helpers';
import { withDerivedState } from '../orders/model/state';
import { createInsightsCache } from './cache';
import { createInsightsRepository } from './repository';
import { createInsightsService, daysOfCover, periodsOf } from './service';

// The Overview's figures on the embedded database, on a clock the test sets: orders and refunds on
// several days of this week and the week before, each figure checked against what was stored.

const DAY = 24 * 60 * 60 * 1000;
/** "Now": Friday 20 November 2026, 15:00 UTC. The 7-day period is 14-20 November; the previous one 7-13. */
const NOW = new Date('2026-11-20T15:00:00Z');
const dayAt = (date: string, hour = 12) => new Date(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);

let api: TestApi;
let clock = NOW;
const now = () => clock;
const serviceWith = (seconds: number) =>
  createInsightsService({
    repo: createInsightsRepository(api.database.collections, api.services.orders),
    cache: createInsightsCache(api.database.collections.insightsCache, seconds, now),
    now,
  });

let fast: Awaited<ReturnType<typeof createPart>>;
let slow: Awaited<ReturnType<typeof createPart>>;
let scarce: Awaited<ReturnType<typeof createPart>>;
const email = 'buyer@example.com';

beforeAll(async () => {
  api = await createTestApi();
  // fast: 40 left, 90 sold in the last 30 days (3 a day): 13 days of cover. slow: 100 left, 3 sold. scarce: 2 left, none sold.
  [fast, slow, scarce] = await Promise.all([
    createPart(api, { p_quantity: 40, price: 1000 }),
    createPart(api, { p_quantity: 100, price: 5000 }),
    createPart(api, { p_quantity: 2, price: 300 }),
  ]);
  const paid = { paid: true, status: 'paid' as const, transactionId: 'pi_test' };
  // This week: two orders on the 18th (one of them has two lines under one number), one on the 20th.
  const checkoutId = new ObjectId();
  const twoLines = { email, ...paid, number: 'PCP-AAAAA1', checkoutId, createdAt: dayAt('2026-11-18', 9) };
  await insertOrder(api, fast, { ...twoLines, order_quantity: 30 });
  await insertOrder(api, slow, { ...twoLines, order_quantity: 1 });
  await insertOrder(api, fast, { email, ...paid, order_quantity: 20, createdAt: dayAt('2026-11-18', 23) });
  await insertOrder(api, slow, { email, ...paid, order_quantity: 2, status: 'shipped', createdAt: dayAt('2026-11-20', 1) });
  // Unpaid this week: placed, not revenue.
  await insertOrder(api, fast, { email, order_quantity: 5, createdAt: dayAt('2026-11-19') });
  // The week before: one order on the 10th; a paid order of 25 days ago counts for the sales rate only.
  await insertOrder(api, fast, { email, ...paid, order_quantity: 40, createdAt: dayAt('2026-11-10') });
  // Before both periods but within 30 days: sales rate only. Older than 30 days: nothing.
  await insertOrder(api, scarce, { email, ...paid, order_quantity: 1, createdAt: new Date(NOW.getTime() - 40 * DAY) });
  // Refunds: one done this week, one done the week before, one Stripe refused (no money moved).
  const refund = (amount: number, at: Date, status: 'done' | 'failed') => ({
    _id: new ObjectId(), paymentIntentId: 'pi_test', lines: [], amount, reason: 'Damaged', restock: false, by: 'admin@example.com', at, status,
  });
  // Returns: one asked for, one approved (both open), one received (closed).
  const aReturn = (status: 'requested' | 'approved' | 'received') => ({ _id: new ObjectId(), status, lines: [], reason: 'Too loud', requestedAt: dayAt('2026-11-19') });
  const order = (await api.database.collections.wholeOrders.findOne({ _id: checkoutId }))!;
  const withMoney = withDerivedState(
    {
      ...order,
      refunds: [refund(2_000, dayAt('2026-11-19'), 'done'), refund(700, dayAt('2026-11-12'), 'done'), refund(9_999, dayAt('2026-11-19'), 'failed')],
      returns: [aReturn('requested'), aReturn('approved'), aReturn('received')],
    },
    { at: NOW, by: 'system' },
  );
  await api.database.collections.wholeOrders.replaceOne({ _id: checkoutId }, withMoney);
});
afterAll(() => api.close());
beforeEach(() => {
  clock = NOW;
});

it('puts the period in whole UTC days ending today, and the previous period before it', () => {
  expect(periodsOf(7, NOW)).toEqual({
    current: { from: new Date('2026-11-14T00:00:00Z'), to: new Date('2026-11-21T00:00:00Z') },
    previous: { from: new Date('2026-11-07T00:00:00Z'), to: new Date('2026-11-14T00:00:00Z') },
  });
});

it('sums revenue and paid orders per day, beside the previous period', async () => {
  const overview = await serviceWith(0).overview(7);
  expect(overview.series.map((day) => day.date)).toEqual(['14', '15', '16', '17', '18', '19', '20'].map((d) => `2026-11-${d}`));
  expect(overview.series.map((day) => day.previousDate)).toEqual(['07', '08', '09', '10', '11', '12', '13'].map((d) => `2026-11-${d}`));
  const byDate = Object.fromEntries(overview.series.map((day) => [day.date, day]));
  // The 18th: the two-line order (30 × $10 + 1 × $50) and 20 × $10: two orders.
  expect(byDate['2026-11-18']).toMatchObject({ revenue: 30_000 + 5_000 + 20_000, orders: 2, previousDate: '2026-11-11', previousRevenue: 0 });
  // The unpaid order of the 19th is no revenue.
  expect(byDate['2026-11-19']).toMatchObject({ revenue: 0, orders: 0 });
  expect(byDate['2026-11-20']).toMatchObject({ revenue: 10_000, orders: 1 });
  expect(byDate['2026-11-17']).toMatchObject({ revenue: 0, orders: 0, previousDate: '2026-11-10', previousRevenue: 40_000, previousOrders: 1 });
});

it('gives the totals: revenue, orders, average order value, refunds done, and the share of placed orders paid', async () => {
  const overview = await serviceWith(0).overview(7);
  expect(overview.current).toEqual({ revenue: 65_000, orders: 3, averageOrderValue: 21_667, refunds: 2_000, placed: 4, paidShare: 0.75 });
  expect(overview.previous).toEqual({ revenue: 40_000, orders: 1, averageOrderValue: 40_000, refunds: 700, placed: 1, paidShare: 1 });
});

it('counts orders by state now and the open returns', async () => {
  const overview = await serviceWith(0).overview(7);
  // Paid and not shipped: the two-line order, the other order of the 18th, the 10th's and the old one.
  expect(overview.states).toEqual({ unpaid: 1, paid: 4, 'partly-shipped': 0, shipped: 1 });
  expect(overview.returnsOpen).toBe(2);
});

it('ranks the period’s parts by revenue and by units', async () => {
  const overview = await serviceWith(0).overview(7);
  expect(overview.topByRevenue).toEqual([
    { productId: fast.id, name: fast.name, revenue: 50_000, units: 50 },
    { productId: slow.id, name: slow.name, revenue: 15_000, units: 3 },
  ]);
  expect(overview.topByUnits.map((part) => part.name)).toEqual([fast.name, slow.name]);
  // Over 30 days the week before counts too.
  const month = await serviceWith(0).overview(30);
  expect(month.topByRevenue[0]).toEqual({ productId: fast.id, name: fast.name, revenue: 90_000, units: 90 });
  expect(month.series).toHaveLength(30);
});

it('lists parts at or below the threshold and parts that run out within 14 days, with their days of cover', async () => {
  const answer = await serviceWith(0).lowStock({ threshold: 5 });
  expect(answer).toMatchObject({ total: 2, page: 1, pages: 1, threshold: 5, coverDays: 14 });
  // The fewest days of cover first; a part that did not sell has no rate, so it comes after.
  expect(answer.items).toEqual([
    { productId: fast.id, name: fast.name, category: fast.category, stock: 40, soldLast30Days: 90, daysOfCover: 13, reason: 'selling-fast' },
    { productId: scarce.id, name: scarce.name, category: scarce.category, stock: 2, soldLast30Days: 0, daysOfCover: null, reason: 'threshold' },
  ]);
  // A higher threshold takes the slow part in too (100 left, 3 sold: 1000 days).
  const all = await serviceWith(0).lowStock({ threshold: 100 });
  expect(all.items.map((item) => [item.name, item.reason, item.daysOfCover])).toEqual([
    [fast.name, 'threshold', 13],
    [slow.name, 'threshold', 1000],
    [scarce.name, 'threshold', null],
  ]);
  expect((await serviceWith(0).lowStock({ threshold: 100, page: 2, limit: 2 })).items.map((item) => item.name)).toEqual([scarce.name]);
});

it('works out days of cover at the 30-day rate, rounded down', () => {
  expect(daysOfCover(40, 90)).toBe(13);
  expect(daysOfCover(0, 5)).toBe(0);
  expect(daysOfCover(10, 0)).toBeNull();
  expect(daysOfCover(-3, 5)).toBe(0);
});

it('keeps figures for the cache time in the database, where a second api instance reads them too', async () => {
  const one = serviceWith(30);
  const first = await one.overview(90);
  // A new paid order: within 30 s neither this instance nor another shows it…
  await insertOrder(api, slow, { email, paid: true, status: 'paid', transactionId: 'pi_late', order_quantity: 1, createdAt: dayAt('2026-11-20', 14) });
  clock = new Date(NOW.getTime() + 29_000);
  const another = serviceWith(30);
  expect(await one.overview(90)).toEqual(first);
  expect(await another.overview(90)).toEqual(first);
  // …after it, both do.
  clock = new Date(NOW.getTime() + 31_000);
  const fresh = await another.overview(90);
  expect(fresh.current.revenue).toBe(first.current.revenue + 5_000);
  expect(await one.overview(90)).toEqual(fresh);
  await api.database.collections.wholeOrders.deleteOne({ transactionId: 'pi_late' });
});
