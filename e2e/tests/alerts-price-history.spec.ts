import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { ObjectId } from 'mongodb';
import { apiAccessToken, demoAccounts, signInThroughLoginPage, verifiedCustomer } from '../support/auth';
import { withStackDatabase } from '../support/database';
import { stackUrls } from '../support/environment';
import { emailTo } from '../support/mail';

// Issue 33: stock and price alerts by email, and a part's price history on its page.
const shotsDir = path.resolve(__dirname, '../screenshots');

const created: string[] = [];
test.afterEach(async ({ request }) => {
  for (const id of created.splice(0)) await removePart(request, id);
});

/** A video card of the test's own (a copy of a seeded one), straight into the database: its id and name. */
async function ownVideoCard(fields: { p_quantity: number; price: number }): Promise<{ id: string; name: string }> {
  return withStackDatabase(async (db) => {
    const parts = db.collection('tools');
    const { _id: _seedId, version: _version, ...seeded } = (await parts.findOne({ category: 'Video Card' }))!;
    const name = `Alert Test Card ${Date.now() % 1e6}`;
    const { insertedId } = await parts.insertOne({ ...seeded, _id: new ObjectId(), name, ...fields, createdAt: new Date() });
    created.push(insertedId.toHexString());
    return { id: insertedId.toHexString(), name };
  });
}

/** The admin's edit through the api, as Manage Products sends it (the part's version as loaded). */
async function adminEdit(request: APIRequestContext, id: string, change: Record<string, unknown>): Promise<void> {
  const token = await apiAccessToken(request, demoAccounts.admin);
  const part = (await (await request.get(`${stackUrls.api}/tools/${id}`)).json()) as { version: number };
  const response = await request.patch(`${stackUrls.api}/tools/${id}`, { headers: { Authorization: `Bearer ${token}` }, data: { version: part.version, ...change } });
  expect(response.status()).toBe(200);
}

/** The test's card leaves the catalog again (through the api, so its cached answers drop it), for the specs after. */
async function removePart(request: APIRequestContext, id: string): Promise<void> {
  const token = await apiAccessToken(request, demoAccounts.admin);
  expect((await request.delete(`${stackUrls.api}/tools/${id}`, { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`), fullPage: true });
  }
}

test('a back-in-stock alert and a price-drop alert each email once, with an unsubscribe link that works signed out', async ({ page, request, browser }) => {
  const customer = await verifiedCustomer(request, 'alerts');
  const part = await ownVideoCard({ p_quantity: 0, price: 40_000 });
  await signInThroughLoginPage(page, customer);
  await page.goto(`/products/${part.id}`);
  const alerts = page.getByRole('region', { name: 'Alerts' });
  await alerts.getByRole('button', { name: 'Email me when it’s back' }).click();
  await expect(alerts.getByRole('status')).toHaveText('Done: we will email you once when it is back in stock.');
  await alerts.getByRole('textbox', { name: 'Tell me when the price drops below ($)' }).fill('300');
  await alerts.getByRole('button', { name: 'Set price alert' }).click();
  await expect(alerts.getByRole('status')).toHaveText('Done: we will email you once when the price is $300.00 or less.');
  await shoot(page, 'part-page-alerts');

  await page.goto('/dashboard/myAlerts');
  await expect(page.getByRole('heading', { name: 'My Alerts: 2 of 50' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: part.name })).toHaveCount(2);
  await shoot(page, 'dashboard-myAlerts');

  await adminEdit(request, part.id, { p_quantity: { from: 0, to: 3 } });
  const back = await emailTo(request, customer.email, `${part.name} is back in stock`);
  await adminEdit(request, part.id, { price: 29_000 });
  const cheaper = await emailTo(request, customer.email, `${part.name} is now $290.00`);
  expect(cheaper.text).toContain('at or below the $300.00 you asked for');

  // The link works signed out: a fresh browser context, no session.
  const link = /(http\S+\/alerts\/unsubscribe\/\S+)/.exec(back.text)?.[1];
  expect(link).toBeDefined();
  const signedOut = await browser.newPage();
  await signedOut.goto(link!);
  await expect(signedOut.getByText('You will get no more emails for this alert.')).toBeVisible();
  await signedOut.close();

  // Both ended: a further drop sends nothing more, and My Alerts is empty.
  await adminEdit(request, part.id, { price: 25_000 });
  await page.goto('/dashboard/myAlerts');
  await expect(page.getByText(/You have no alerts/)).toBeVisible();
  await emailTo(request, customer.email, `${part.name} is back in stock`);
  await emailTo(request, customer.email, `${part.name} is now $290.00`);
});

test('after two price edits the part page shows the 90-day chart and the price drop as the EU rule has it, in the server’s HTML too', async ({ page, request }) => {
  const part = await ownVideoCard({ p_quantity: 5, price: 40_000 });
  await adminEdit(request, part.id, { price: 38_000 });
  await adminEdit(request, part.id, { price: 35_000 });

  // Without scripts: the server's HTML carries the chart, its description and the price drop.
  const html = await (await request.get(`${stackUrls.shell}/products/${part.id}`)).text();
  expect(html).toContain('Was $380.00 (lowest in the last 30 days), now $350.00, save 8 %');
  expect(html).toMatch(/<svg[^>]*role="img"/);
  expect(html).toContain('Between $350.00 and $400.00 over the last 90 days, 2 changes; $350.00 today.');

  await page.goto(`/products/${part.id}`);
  const history = page.getByRole('region', { name: 'Price history' });
  await expect(page.getByTestId('price-drop')).toHaveText('Was $380.00 (lowest in the last 30 days), now $350.00, save 8 %');
  await expect(history.getByRole('img', { name: /^Price over the last 90 days/ })).toBeVisible();
  await expect(history.getByRole('table', { name: 'Price changes in the last 90 days' }).getByRole('row')).toHaveCount(3);
  await shoot(page, 'part-page-price-history');
});

test('the part page shows a price cut in the EU price-drop form beside the price: was, now and the saving', async ({ page, request }) => {
  const part = await ownVideoCard({ p_quantity: 5, price: 1_999 });
  await page.goto(`/products/${part.id}`);
  await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
  // No cut yet: nothing is announced.
  await expect(page.getByTestId('price-drop')).toHaveCount(0);
  await adminEdit(request, part.id, { price: 1_450 });
  await page.reload();
  const drop = page.getByTestId('price-drop');
  await expect(drop).toHaveText('Was $19.99 (lowest in the last 30 days), now $14.50, save 27 %');
  // Beside the price, above the way to the cart; the old "Lowest price …" sentence is gone.
  const details = page.getByLabel('Price and stock');
  expect((await drop.boundingBox())!.y).toBeGreaterThan((await details.boundingBox())!.y);
  expect((await drop.boundingBox())!.y).toBeLessThan((await page.getByRole('form', { name: 'Add to cart' }).boundingBox())!.y);
  await expect(page.getByText(/Lowest price in the last 30 days/)).toHaveCount(0);
  await shoot(page, 'part-page-price-drop');
});

