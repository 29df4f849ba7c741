import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createEmulatorAccount, demoAccounts, signInThroughLoginPage, uniqueEmail } from '../support/auth';
import { stackUrls } from '../support/environment';
import { aPart, payThroughPage, placeOrderThroughPage } from '../support/orders';

// The demo admin runs the shop from the console; customers reach none of it.

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const accessToken = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken'));

test('the admin adds a product with a photo and its specs, finds it on the home page, and deletes it through the modal', async ({ page, request }) => {
  const name = `Test Part ${Date.now().toString(36)}`;
  await signInThroughLoginPage(page, demoAccounts.admin);
  await page.goto('/dashboard/addproduct');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  for (const message of ['product Name is Required', 'quantity is Required', 'minimum order is Required', 'price is Required', 'product description is Required', 'Image is Required']) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel('Product name').fill(name);
  await page.getByLabel('Category').selectOption('Memory');
  // The category's spec fields, optional together: a half-filled set is refused field by field.
  const specs = page.getByRole('group', { name: 'Memory specs' });
  await expect(specs).toBeVisible();
  await specs.getByLabel('Memory type').selectOption('DDR5');
  await specs.getByLabel('Modules').fill('2');
  await page.getByLabel('Quantity').fill('5');
  await page.getByLabel('Minimum order').fill('6');
  await page.getByLabel('Per product price ($)').fill('49.5');
  await page.getByLabel('Description').fill('A part added by the end-to-end test.');
  await page.getByLabel('Photo').setInputFiles(path.join(__dirname, '../fixtures/test-part.png'));
  await expect(page.getByRole('img', { name: 'Preview of the chosen photo' })).toBeVisible();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('minimum order must not be above the quantity')).toBeVisible();
  await expect(specs.getByText('gb per module must be a whole number from 1 to 256')).toBeVisible();
  await page.getByLabel('Minimum order').fill('2');
  await specs.getByLabel('GB per module (GB)').fill('24');
  await specs.getByLabel('Speed (MT/s)').fill('7200');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('product added successfully')).toBeVisible();

  // On the home page at once, its photo served by the api as a webp.
  await page.getByRole('link', { name: 'Home' }).first().click();
  const card = page.getByRole('article').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card).toContainText('$49.50');
  // The card's picture is a second link to the part's page, hidden from screen readers (the name is the first).
  const src = await card.locator(`img[alt="${name}"]`).getAttribute('src');
  expect(src).toMatch(/\.webp$/);
  const image = await request.get(src!);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/webp');
  // Its page shows the specs as a table.
  await card.getByRole('link', { name }).click();
  await expect(page.getByRole('row', { name: 'Total capacity 48 GB (2 × 24 GB)' })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Speed 7200 MT/s' })).toBeVisible();

  await page.goto('/dashboard/manageproduct');
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = dialog(page, `Are you sure you want to delete ${name}!`);
  await expect(confirm).toContainText('If you want to delete then click delete button!');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Product: ${name} is deleted.`)).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Our Products' })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: name })).toHaveCount(0);
});

test('the admin promotes a fresh customer, who then opens the admin pages at once', async ({ page, browser, request }) => {
  const customer = { email: uniqueEmail('promoted'), password: 'promoted-123' };
  await createEmulatorAccount(request, customer);
  // The account exists in the shop once it has signed in.
  const customerPage = await browser.newPage();
  await signInThroughLoginPage(customerPage, customer);
  await customerPage.goto('/dashboard/makeadmin');
  await expect(customerPage).toHaveURL(/\/dashboard$/);

  await signInThroughLoginPage(page, demoAccounts.admin);
  await page.goto('/dashboard/makeadmin');
  await expect(page.getByRole('heading', { level: 1, name: /^All Users: \d+$/ })).toBeVisible();
  await page.getByLabel('Search by email').fill(customer.email);
  const row = page.getByRole('row').filter({ hasText: customer.email });
  await expect(row).toContainText('customer');
  await row.getByRole('button', { name: `Make Admin: ${customer.email}` }).click();
  await expect(page.getByText('Successfully made an admin')).toBeVisible();
  await expect(row).toContainText('admin');
  await expect(row.getByRole('button')).toHaveCount(0);

  // Same session, no new token: the database is the authority.
  await customerPage.goto('/dashboard/allOrder');
  await expect(customerPage.getByRole('heading', { level: 1, name: /^All orders: \d+$/ })).toBeVisible();
  await customerPage.close();
});

test('the admin deletes an unpaid order and ships a paid one; the customer sees shipped; Activity lists it all', async ({
  page,
  browser,
  request,
}) => {
  const part = await aPart(request);
  const customerPage = await browser.newPage();
  await signInThroughLoginPage(customerPage, demoAccounts.customer);
  await placeOrderThroughPage(customerPage, part, part.min_quantity);
  const paidOrderId = await payThroughPage(customerPage, part);
  await placeOrderThroughPage(customerPage, part, part.min_quantity);

  await signInThroughLoginPage(page, demoAccounts.admin);
  await page.goto('/dashboard/allOrder');
  await expect(page.getByRole('heading', { level: 1, name: /^All orders: \d+$/ })).toBeVisible();

  // The unpaid one: deleted through the modal.
  await page.getByLabel('Status').selectOption('placed');
  const unpaid = page.getByRole('row').filter({ hasText: part.name }).filter({ hasText: demoAccounts.customer.email }).first();
  await unpaid.getByRole('button', { name: /^Delete the order/ }).click();
  const confirm = dialog(page, 'Are you sure you want to delete this order?');
  await expect(confirm).toContainText('If you are sure then click on delete button');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(/is deleted\.$/)).toBeVisible();

  // The paid one: no Delete, and shipped from the table.
  await page.getByLabel('Status').selectOption('paid');
  const paid = page.getByRole('row').filter({ hasText: part.name }).first();
  await expect(paid.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await paid.getByRole('button', { name: /^Mark shipped/ }).click();
  await expect(page.getByText(/: shipped\.$/)).toBeVisible();

  await customerPage.goto('/dashboard/myorders');
  const shipped = customerPage.getByRole('row').filter({ has: customerPage.getByText(/^Transaction id/) }).filter({ hasText: 'shipped' });
  await expect(shipped.first()).toBeVisible();
  await customerPage.close();

  await sidebar(page).getByRole('link', { name: 'Activity' }).click();
  const log = page.getByRole('table', { name: 'Admin actions' });
  await expect(log).toContainText(`set the order ${paidOrderId} to shipped`);
  await expect(log).toContainText('deleted the order');
  await expect(log).toContainText(demoAccounts.admin.email);
});

test('a customer opening an admin page is sent to the dashboard, and the api refuses the admin calls', async ({ page, request }) => {
  await signInThroughLoginPage(page, demoAccounts.customer);
  await page.goto('/dashboard/allOrder');
  await expect(page).toHaveURL(/\/dashboard$/);
  const token = await accessToken(page);
  const headers = { Authorization: `Bearer ${token}` };
  for (const call of [
    request.get(`${stackUrls.api}/order`, { headers }),
    request.get(`${stackUrls.api}/user`, { headers }),
    request.get(`${stackUrls.api}/activity`, { headers }),
    request.put(`${stackUrls.api}/user/admin/${encodeURIComponent(demoAccounts.customer.email)}`, { headers }),
    request.delete(`${stackUrls.api}/tools/0123456789abcdef01234567`, { headers }),
  ]) {
    expect((await call).status()).toBe(403);
  }
});
