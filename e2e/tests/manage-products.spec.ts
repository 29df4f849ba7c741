import path from 'node:path';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { partEditMessages, productAdminText, type Part } from '../../contracts/src/core';
import { apiAccessToken, demoAccounts, signIn } from '../support/auth';
import { stackUrls } from '../support/environment';

// Manage Products at scale (issue 34): search, a bulk price change with a stale row, the orders
// CSV, and a CSV import checked then applied once. Screenshots of the page and the import.

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const shotsDir = path.resolve(__dirname, '../screenshots');
const word = () => `Zed${Date.now().toString(36)}`;

/**
 * The names this file's parts start with: each test's parts are deleted after it, so the catalog
 * other specs count (a category's cards, the six latest on home) is as the seed and they left it.
 */
const tags: string[] = [];
test.afterEach(async ({ request }) => {
  const token = await apiAccessToken(request, demoAccounts.admin);
  const all = (await (await request.get(`${stackUrls.api}/tools`)).json()) as Part[];
  for (const part of all.filter((candidate) => tags.some((tag) => candidate.name.includes(tag)))) {
    expect((await request.delete(`${stackUrls.api}/tools/${part._id}`, { headers: bearer(token) })).status()).toBe(200);
  }
  tags.length = 0;
});

/** A photo the shop stores (the catalog takes no other), uploaded as the admin. */
async function uploadedPhoto(request: APIRequestContext, token: string): Promise<string> {
  const upload = await request.post(`${stackUrls.api}/uploads`, {
    headers: bearer(token),
    multipart: { image: { name: 'test-part.png', mimeType: 'image/png', buffer: readFileSync(path.join(__dirname, '../fixtures/test-part.png')) } },
  });
  expect(upload.status()).toBe(201);
  return ((await upload.json()) as { data: { url: string } }).data.url;
}

async function newPart(request: APIRequestContext, token: string, img: string, name: string): Promise<Part> {
  const response = await request.post(`${stackUrls.api}/tools`, {
    headers: bearer(token),
    data: { name, category: 'CPU Cooler', p_quantity: 30, min_quantity: 1, price: 5_999, description: 'A part the manage test changes.', img },
  });
  expect(response.status()).toBe(201);
  const { insertedId } = (await response.json()) as { insertedId: string };
  return (await (await request.get(`${stackUrls.api}/tools/${insertedId}`)).json()) as Part;
}

const partNamed = async (request: APIRequestContext, name: string) =>
  ((await (await request.get(`${stackUrls.api}/tools?q=${encodeURIComponent(name)}&limit=50`)).json()) as { items: Part[] }).items.filter((part) => part.name === name);

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // From the top: a page scrolled down draws its sticky header over the middle of a full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`), fullPage: true });
  }
}

test('the admin finds parts by name, changes three prices at once, sees a stale row refused by name, and imports a CSV once', async ({ page, request }) => {
  const token = await apiAccessToken(request, demoAccounts.admin);
  const photo = await uploadedPhoto(request, token);
  const tag = word();
  tags.push(tag);
  const parts = [];
  for (const n of ['Alpha', 'Beta', 'Gamma']) parts.push(await newPart(request, token, photo, `${tag} ${n} Cooler`));

  await signIn(page, demoAccounts.admin);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/manageproduct');
  await page.getByLabel('Search products').fill(tag);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
  const table = page.getByRole('table', { name: 'Products' });
  await expect(table.getByRole('rowheader')).toHaveText(parts.map((part) => part.name).reverse());
  // At 1280 px the Edit button is one word on one line.
  const edit = page.getByRole('link', { name: `Edit ${parts[0]!.name}` });
  const box = await edit.boundingBox();
  expect(box!.height).toBeLessThan(50);
  await shoot(page, 'dashboard-manageproduct-search');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Three prices at once.
  await page.getByLabel('Select all on this page').check();
  const bar = page.getByRole('group', { name: 'Change the selected products' });
  await bar.getByLabel('New price ($)').fill('44.50');
  await bar.getByRole('button', { name: 'Apply to 3' }).click();
  // Before anything is saved, each part's price before → after, and a question.
  const preview = page.getByRole('dialog', { name: productAdminText.bulkPreviewTitle(3) });
  // In the table's order (the newest part first).
  await expect(preview.getByRole('list', { name: productAdminText.bulkPreviewList }).getByRole('listitem')).toHaveText(
    [...parts].reverse().map((part) => `${part.name}Price $59.99 → $44.50`),
  );
  for (const part of parts) expect((await partNamed(request, part.name))[0]).toMatchObject({ price: 5_999, version: 0 });
  await shoot(page, 'dashboard-manageproduct-bulk-preview');
  await page.setViewportSize({ width: 1280, height: 900 });
  await preview.getByRole('button', { name: productAdminText.bulkSave(3) }).click();
  await expect(preview).toBeHidden();
  await expect(page.getByRole('status', { name: 'Bulk change result' })).toContainText(productAdminText.bulkDone(3));
  for (const part of parts) expect((await partNamed(request, part.name))[0]).toMatchObject({ price: 4_450, version: 1 });
  await expect(table.getByRole('row').filter({ hasText: parts[0]!.name })).toContainText('$44.50');

  // Activity keeps one entry per part: the third part's change is put back alone.
  await page.goto('/dashboard/activity?kind=product');
  const log = page.getByRole('table', { name: 'Admin actions' });
  await expect(log.getByRole('row').filter({ hasText: `edited the product ${parts[0]!.name} (bulk change)` })).toHaveCount(1);
  await shoot(page, 'dashboard-activity-put-back');
  await page.setViewportSize({ width: 1280, height: 900 });
  await log.getByRole('button', { name: `Put back: ${parts[2]!.name}` }).click();
  const putBack = page.getByRole('dialog', { name: productAdminText.putBackTitle(parts[2]!.name) });
  await expect(putBack.getByRole('list', { name: 'What goes back' })).toHaveText('price: $44.50 → $59.99');
  await putBack.getByRole('button', { name: productAdminText.putBack }).click();
  await expect(page.getByText(productAdminText.putBackDone(parts[2]!.name))).toBeVisible();
  expect((await partNamed(request, parts[2]!.name))[0]).toMatchObject({ price: 5_999, version: 2 });
  expect((await partNamed(request, parts[1]!.name))[0]).toMatchObject({ price: 4_450, version: 1 });
  await page.goto(`/dashboard/manageproduct?q=${tag}`);

  // Two more, one of them saved by another admin after this page loaded it.
  await page.getByLabel(`Select ${parts[0]!.name}`).check();
  await page.getByLabel(`Select ${parts[1]!.name}`).check();
  const meanwhile = await request.patch(`${stackUrls.api}/tools/${parts[1]!._id}`, { headers: bearer(token), data: { version: 1, price: 3_999 } });
  expect(meanwhile.status()).toBe(200);
  await bar.getByLabel('New price ($)').fill('42.00');
  await bar.getByRole('button', { name: 'Apply to 2' }).click();
  await page.getByRole('dialog').getByRole('button', { name: productAdminText.bulkSave(2) }).click();
  const result = page.getByRole('status', { name: 'Bulk change result' });
  await expect(result).toContainText(productAdminText.bulkDone(1));
  await expect(result).toContainText(productAdminText.bulkRefused([parts[1]!.name]));
  await expect(result).toContainText(`${parts[1]!.name}: ${partEditMessages.changedMeanwhile}`);
  expect((await partNamed(request, parts[0]!.name))[0]!.price).toBe(4_200);
  expect((await partNamed(request, parts[1]!.name))[0]!.price).toBe(3_999);

  // A supplier's file: two good rows and one bad, checked first, then applied.
  const good = [`${tag} Import One`, `${tag} Import Two`];
  const csv = [
    'name,category,price,p_quantity,min_quantity,description,img',
    `${good[0]},Storage,19.99,7,1,The first imported part.,${photo}`,
    `${tag} Import Bad,Toaster,12.00,3,1,A category the shop has not.,${photo}`,
    `${good[1]},Memory,29.99,5,1,The second imported part.,${photo}`,
  ].join('\n');
  await page.getByLabel('CSV file').setInputFiles({ name: 'supplier.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Check file' }).click();
  const checked = page.getByRole('status', { name: 'Import result' });
  await expect(checked).toContainText('Checked 3 rows: 2 to create, 0 to update, 1 with errors. Nothing has changed yet.');
  await expect(checked.getByRole('row', { name: /Row 3/ })).toContainText('Row 3, category: The category must be one of');
  expect(await partNamed(request, good[0]!)).toEqual([]);
  await shoot(page, 'dashboard-manageproduct-import');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: 'Apply 2 valid rows' }).click();
  await expect(checked).toContainText(`${productAdminText.importApplied(2, 0)} 1 row was left out.`);
  // Checked again: both are there now, once, and nothing would change.
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(checked).toContainText('Checked 3 rows: 0 to create, 2 to update, 1 with errors.');
  await expect(checked.getByRole('row', { name: /Row 2/ })).toContainText('No change');
  for (const name of good) expect(await partNamed(request, name)).toHaveLength(1);
  expect(await partNamed(request, `${tag} Import Bad`)).toEqual([]);
});

test('the catalog as Download CSV writes it imports back as it stands: its check finds nothing to change', async ({ page }) => {
  await signIn(page, demoAccounts.admin);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/manageproduct');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('products.csv');
  const csv = readFileSync(await download.path());
  const rows = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
  // The seeded catalog, its own pictures by their path.
  expect(rows.length).toBeGreaterThanOrEqual(51);
  expect(rows.some((row) => row.img!.startsWith('/images/parts/'))).toBe(true);

  await page.getByLabel('CSV file').setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: csv });
  await page.getByRole('button', { name: 'Check file' }).click();
  const checked = page.getByRole('status', { name: 'Import result' });
  await expect(checked).toContainText(`Checked ${rows.length} rows: 0 to create, ${rows.length} to update, 0 with errors. Nothing has changed yet.`);
  await expect(checked.getByRole('row').filter({ hasText: 'No change' })).toHaveCount(rows.length);
});

test('the orders CSV has the order’s lines, and a formula-like cell escaped', async ({ page, request }) => {
  const adminToken = await apiAccessToken(request, demoAccounts.admin);
  const tag = word();
  tags.push(tag);
  const part = await newPart(request, adminToken, await uploadedPhoto(request, adminToken), `=SUM(1+1) ${tag} Cooler`);
  const customerToken = await apiAccessToken(request, demoAccounts.customer);
  const placed = await request.post(`${stackUrls.api}/order`, {
    headers: { ...bearer(customerToken), 'Idempotency-Key': `csv-${word()}` },
    data: { productId: part._id, order_quantity: 2, address: '12 Harbour Road, Leeds', phone: '+44 7700 900123' },
  });
  expect(placed.status()).toBe(201);
  const { order } = (await placed.json()) as { order: { number: string; totalAmount: number } };

  await signIn(page, demoAccounts.admin);
  await page.goto('/dashboard/allOrder');
  const today = new Date();
  const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  await page.getByLabel('Placed from').fill(day);
  await expect(page).toHaveURL(/from=/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download order lines (CSV)' }).click()]);
  expect(download.suggestedFilename()).toBe('orders.csv');
  const rows = parse(readFileSync(await download.path()), { bom: true, columns: true }) as Record<string, string>[];
  const lines = rows.filter((row) => row['order number'] === order.number);
  expect(lines).toEqual([
    expect.objectContaining({
      email: demoAccounts.customer.email,
      address: '12 Harbour Road, Leeds',
      part: `'${part.name}`,
      quantity: '2',
      'unit price': '59.99',
      total: '119.98',
      status: 'placed',
      refunded: '0.00',
    }),
  ]);
  // Only lines placed from the chosen day on.
  expect(rows.every((row) => new Date(row['placed at']!) >= new Date(today.getFullYear(), today.getMonth(), today.getDate()))).toBe(true);
});
