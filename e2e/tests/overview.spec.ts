import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Request } from '../support/test';
import { ObjectId } from 'mongodb';
import { formatCents, type LowStockAnswer, type Overview } from '../../contracts/src/core';
import { apiAccessToken, demoAccounts, signIn } from '../support/auth';
import { withStackDatabase } from '../support/database';
import { stackUrls } from '../support/environment';
import { addPartThroughApi, E2E_SHIP_TO, payThroughPage } from '../support/orders';

// The admin's Overview over orders sold and refunded on several days: the days are set in the
// database (a test cannot wait days), the figures on the page are the api's, and the api's are
// the orders'. Its charting library is mf-admin's own lazy chunk: the shop's home never fetches it.

const PRICE = 2_500;
/** Where the orders live (ORDER_COLLECTION_NAMES.wholeOrders): the test dates them in the past. */
const WHOLE_ORDERS = 'whole_orders';
const adminDist = path.resolve(__dirname, '../../mf-admin/dist');
/** The built chunks that hold the Overview and its charts (Recharts' wrapper class is in the library's chunk). */
const overviewChunks = () =>
  readdirSync(adminDist).filter(
    (file) => file.endsWith('.js') && (file.startsWith('admin-overview.') || readFileSync(path.join(adminDist, file), 'utf8').includes('recharts-wrapper')),
  );
const fetchedFiles = (requests: Request[]) => requests.map((request) => new URL(request.url()).pathname.split('/').pop()!);
/** Noon (UTC) `daysAgo` days before today; for today, a minute ago (noon may be still to come). */
const noonDaysAgo = (daysAgo: number) =>
  daysAgo === 0 ? new Date(Date.now() - 60_000) : new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() - daysAgo, 12));

async function adminGet<T>(request: APIRequestContext, pathAndQuery: string): Promise<T> {
  const response = await request.get(`${stackUrls.api}${pathAndQuery}`, { headers: { Authorization: `Bearer ${await apiAccessToken(request, demoAccounts.admin)}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

test('the overview shows the orders sold and refunded on several days, as the api counts them, and a part selling fast', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const name = `Overview Fan ${Date.now().toString(36)}`;
  // 40 in stock; 30 sold below leaves 10, one a day at the last 30 days' rate: 10 days of cover.
  const part = await addPartThroughApi(request, { name, price: PRICE, p_quantity: 40 });
  const customerPage = await browser.newPage();
  await signIn(customerPage, demoAccounts.customer);
  const customerToken = await customerPage.evaluate(() => localStorage.getItem('accessToken'));
  const lineIds: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    const placed = await request.post(`${stackUrls.api}/order`, {
      headers: { Authorization: `Bearer ${customerToken}` },
      data: { productId: part._id, order_quantity: 10, address: E2E_SHIP_TO, phone: E2E_SHIP_TO.phone },
    });
    expect(placed.status()).toBe(201);
    lineIds.push(await payThroughPage(customerPage, part));
  }
  await customerPage.close();

  // The shop refunds 2 units of one order (not back to stock).
  const adminToken = await apiAccessToken(request, demoAccounts.admin);
  // An order is one document (api/src/modules/orders/documents.ts): its lines inside it.
  const numbers = await withStackDatabase(async (db) =>
    Promise.all(lineIds.map(async (id) => (await db.collection(WHOLE_ORDERS).findOne({ 'lines._id': new ObjectId(id), 'lines.productName': name }))!.number as string)),
  );
  const refund = await request.post(`${stackUrls.api}/orders/${numbers[0]}/refunds`, {
    headers: { Authorization: `Bearer ${adminToken}`, 'Idempotency-Key': `overview-${Date.now()}` },
    data: { lines: [{ lineId: lineIds[0], quantity: 2 }], reason: 'Damaged in transit', restock: false },
  });
  expect(refund.status()).toBe(201);

  // Sold 5 days ago, 2 days ago and today; refunded yesterday. Figures kept from before are dropped.
  const soldOn = [5, 2, 0].map(noonDaysAgo);
  await withStackDatabase(async (db) => {
    for (const [i, number] of numbers.entries()) await db.collection(WHOLE_ORDERS).updateOne({ number }, { $set: { createdAt: soldOn[i] } });
    const refunded = (await db.collection(WHOLE_ORDERS).findOne({ number: numbers[0] }))!;
    const refunds = (refunded.refunds as { at: Date }[]).map((made) => ({ ...made, at: noonDaysAgo(1) }));
    await db.collection(WHOLE_ORDERS).updateOne({ number: numbers[0] }, { $set: { refunds } });
    await db.collection('insights_cache').deleteMany({});
  });

  // The api's figures are the orders': one order on each of those days, the part's 30 units.
  const overview = await adminGet<Overview>(request, '/admin/overview?days=7');
  const dayOf = (at: Date) => overview.series.find((day) => day.date === at.toISOString().slice(0, 10))!;
  for (const at of soldOn.slice(0, 2)) expect(dayOf(at)).toMatchObject({ revenue: 10 * PRICE, orders: 1 });
  expect(dayOf(soldOn[2]!).revenue).toBeGreaterThanOrEqual(10 * PRICE);
  expect(overview.current.refunds).toBeGreaterThanOrEqual(2 * PRICE);
  expect(overview.topByUnits.concat(overview.topByRevenue)).toContainEqual({ productId: part._id, name, revenue: 30 * PRICE, units: 30 });
  const lowStock = await adminGet<LowStockAnswer>(request, '/admin/low-stock');
  expect(lowStock.items).toContainEqual({ productId: part._id, name, category: 'CPU Cooler', stock: 10, soldLast30Days: 30, daysOfCover: 10, reason: 'selling-fast' });

  // The page shows the api's figures.
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await signIn(page, demoAccounts.admin);
  await page.goto('/dashboard/overview?days=7');
  const totals = page.getByLabel('Totals of the last 7 days');
  await expect(totals).toContainText(`Revenue${formatCents(overview.current.revenue)}`);
  await expect(totals).toContainText(`Refunds${formatCents(overview.current.refunds)}`);
  await expect(totals).toContainText(`${overview.current.orders} of ${overview.current.placed} placed`);
  const revenue = page.getByRole('figure', { name: 'Revenue' });
  await expect(revenue.getByTestId('revenue-chart').locator('.recharts-wrapper')).toBeVisible();
  await revenue.getByText('Revenue: the figures as a table').click();
  const fiveDaysAgo = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(soldOn[0]);
  await expect(revenue.getByRole('row').filter({ has: page.getByRole('rowheader', { name: fiveDaysAgo, exact: true }) })).toContainText(formatCents(10 * PRICE));
  await expect(page.getByRole('table', { name: 'Top 10 by units' }).getByRole('row').filter({ hasText: name })).toContainText(formatCents(30 * PRICE));
  // The state links open All Orders filtered to each.
  await expect(page.getByRole('region', { name: 'Orders now' }).getByRole('link', { name: `${overview.states.paid} To ship`, exact: true })).toHaveAttribute('href', '/dashboard/allOrder?status=paid');
  // The part selling fast is under low stock, and opens its edit page.
  const lowRow = page.getByRole('table', { name: 'Parts low on stock' }).getByRole('row').filter({ hasText: name });
  await expect(lowRow).toContainText('runs out within 14 days');
  await expect(lowRow.locator('td[data-label="Days of cover"]')).toHaveText('10');
  // Pictures with the tables folded, from the top.
  await revenue.getByText('Revenue: the figures as a table').click();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.resolve(__dirname, `../screenshots/overview-with-sales-${width}.png`), fullPage: true });
  }
  // The page fetched its chunks (so the check on the shop's home below looks for the right files).
  const chunks = overviewChunks();
  expect(chunks.length).toBeGreaterThanOrEqual(2);
  expect(fetchedFiles(requests)).toEqual(expect.arrayContaining(chunks));
  await lowRow.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/manageproduct/${part._id}$`));
});

test('the shop’s home never fetches the overview’s chunks or its charting library', async ({ page }) => {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const chunks = overviewChunks();
  expect(chunks.length).toBeGreaterThanOrEqual(2);
  const fetched = fetchedFiles(requests);
  expect(fetched.length).toBeGreaterThan(3);
  expect(fetched.filter((file) => chunks.includes(file))).toEqual([]);
});
