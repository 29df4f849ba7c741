import path from 'node:path';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { adminText, formatCents, orderText, partEditMessages, type Order, type Part } from '../../contracts/src/core';
import { apiAccessToken, createEmulatorAccount, demoAccounts, signIn, signInThroughLoginPage, uniqueEmail } from '../support/auth';
import { stackUrls } from '../support/environment';
import { emailTo } from '../support/mail';
import { addPartThroughApi, aPart, payThroughPage, placeOrderThroughPage } from '../support/orders';

// The demo admin runs the shop from the console; customers reach none of it.

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const accessToken = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken'));
const bearer = (token: string | null) => ({ Authorization: `Bearer ${token}` });
const unique = () => Date.now().toString(36).toUpperCase();

/** The customer's newest order of this part, as the api answers it (its number included). */
async function newestOrderOf(request: APIRequestContext, token: string | null, part: Part, status: Order['status']): Promise<Order> {
  const response = await request.get(`${stackUrls.api}/myorder?email=${encodeURIComponent(demoAccounts.customer.email)}`, { headers: bearer(token) });
  expect(response.status()).toBe(200);
  const order = ((await response.json()) as Order[]).find((candidate) => candidate.productId === part._id && candidate.status === status);
  if (!order) throw new Error(`no ${status} order of ${part.name}`);
  return order;
}

test('the admin adds a product with a photo and its specs, finds it on the home page, and deletes it through the modal', async ({ page, request }) => {
  const name = `Test Part ${Date.now().toString(36)}`;
  await signIn(page, demoAccounts.admin);
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
  await expect(page.getByText('Minimum order must not be above the quantity')).toBeVisible();
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

test('the admin corrects a price and the stock; the catalog shows it at once, a placed order keeps its price, and a stale form says so and reloads', async ({
  page,
  browser,
  request,
}) => {
  const name = `Edited Cooler ${unique()}`;
  const part = await addPartThroughApi(request, { name, price: 5_999, p_quantity: 30 });
  // A customer orders 2 at $59.99 first.
  const customerPage = await browser.newPage();
  await signIn(customerPage, demoAccounts.customer);
  await placeOrderThroughPage(customerPage, part, 2);

  await signIn(page, demoAccounts.admin);
  await page.goto('/dashboard/manageproduct');
  await page.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/manageproduct/${part._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Edit a Product' })).toBeVisible();
  // The form as loaded: the stock is after the customer's order.
  await expect(page.getByLabel('Product name')).toHaveValue(name);
  await expect(page.getByLabel('Per product price ($)')).toHaveValue('59.99');
  await expect(page.getByLabel('Quantity')).toHaveValue('28');
  await page.getByLabel('Per product price ($)').fill('54.50');
  await page.getByLabel('Quantity').fill('40');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(adminText.productSaved(name))).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/manageproduct$/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('$54.50');
  await expect(row).toContainText('40');

  // The catalog shows the new price at once.
  await page.goto(`/products?q=${encodeURIComponent(name)}`);
  const card = page.getByRole('article').filter({ hasText: name });
  await expect(card).toContainText('$54.50');
  await expect(card).not.toContainText('$59.99');
  // The customer's order keeps the price it was placed at: its total in My Orders, its unit price on its page.
  await customerPage.goto('/dashboard/myorders');
  const ordered = customerPage.getByRole('table', { name: 'Your orders' }).getByRole('row').filter({ hasText: name });
  await expect(ordered).toContainText(formatCents(5_999));
  await expect(ordered).toContainText(formatCents(2 * 5_999));
  await customerPage.getByRole('rowgroup').filter({ hasText: name }).getByRole('link', { name: /^PCP-[0-9A-Z]{6}$/ }).click();
  await expect(customerPage.getByRole('row').filter({ hasText: name })).toContainText(formatCents(5_999));
  await customerPage.close();

  // Another admin saves the part while this form is open.
  await page.goto(`/dashboard/manageproduct/${part._id}`);
  await expect(page.getByLabel('Per product price ($)')).toHaveValue('54.50');
  const token = await apiAccessToken(request, demoAccounts.admin);
  const meanwhile = await request.patch(`${stackUrls.api}/tools/${part._id}`, { headers: bearer(token), data: { version: 1, price: 4_999 } });
  expect(meanwhile.status()).toBe(200);
  await page.getByLabel('Product name').fill(`${name} (renamed)`);
  await page.getByRole('button', { name: 'Save' }).click();
  const conflict = page.getByRole('alert').filter({ hasText: partEditMessages.changedMeanwhile });
  await expect(conflict).toBeVisible();
  await conflict.getByRole('button', { name: 'Reload the product (drops your changes here)' }).click();
  await expect(page.getByLabel('Per product price ($)')).toHaveValue('49.99');
  await expect(page.getByLabel('Product name')).toHaveValue(name);
  await expect(conflict).toBeHidden();

  // Activity says what changed, field by field, and links to the product.
  await sidebar(page).getByRole('link', { name: 'Activity' }).click();
  await page.getByLabel('Kind').selectOption('product');
  const edit = page.getByRole('row').filter({ hasText: `edited the product ${name}` }).filter({ hasText: 'price: $59.99 → $54.50' });
  await expect(edit).toContainText('stock: 28 → 40');
  await expect(edit.getByRole('link', { name })).toHaveAttribute('href', `/products/${part._id}`);
});

test('the admin finds an order by its number, its customer or its product, and the search survives a reload', async ({ page, browser, request }) => {
  const part = await aPart(request);
  const customerPage = await browser.newPage();
  await signIn(customerPage, demoAccounts.customer);
  await placeOrderThroughPage(customerPage, part, part.min_quantity);
  const order = await newestOrderOf(request, await accessToken(customerPage), part, 'placed');
  await customerPage.goto('/dashboard/myorders');
  await expect(customerPage.getByRole('rowgroup', { name: `Order ${order.number}` })).toContainText(part.name);
  await customerPage.close();

  await signIn(page, demoAccounts.admin);
  await page.goto('/dashboard/allOrder');
  await page.getByLabel('Search orders').fill(order.number.toLowerCase());
  await expect(page).toHaveURL(new RegExp(`[?&]q=${order.number.toLowerCase()}`));
  await expect(page.getByRole('heading', { level: 1, name: 'All orders: 1' })).toBeVisible();
  // The order's rows (its header, then a row per part) are one group, named by its number.
  const orderRows = page.getByRole('rowgroup', { name: `Order ${order.number}` });
  await expect(orderRows).toContainText(demoAccounts.customer.email);

  await page.reload();
  await expect(page.getByLabel('Search orders')).toHaveValue(order.number.toLowerCase());
  await expect(page.getByRole('heading', { level: 1, name: 'All orders: 1' })).toBeVisible();
  await expect(orderRows).toContainText(part.name);

  // By the customer's email, only unpaid ones, oldest first: kept in the address too.
  await page.getByLabel('Search orders').fill(demoAccounts.customer.email);
  await page.getByLabel('Status').selectOption('unpaid');
  await page.getByLabel('Sort').selectOption('oldest');
  await expect(page).toHaveURL(/status=unpaid/);
  await expect(page).toHaveURL(/sort=oldest/);
  await page.reload();
  await expect(page.getByLabel('Status')).toHaveValue('unpaid');
  await expect(page.getByLabel('Sort')).toHaveValue('oldest');
  await expect(orderRows).toBeVisible();
  // A day range that ends before the order: nothing.
  await page.getByLabel('Placed until').fill('2020-01-01');
  await expect(page.getByText('No order matches this search.')).toBeVisible();
});

test('on the order page the admin cancels an unpaid order with a reason, ships a paid one by parcel, delivers and refunds it; the customer sees and is emailed; Activity links to the orders', async ({
  page,
  browser,
  request,
}) => {
  const part = await aPart(request);
  const customerPage = await browser.newPage();
  await signIn(customerPage, demoAccounts.customer);
  await placeOrderThroughPage(customerPage, part, part.min_quantity);
  const paidOrderId = await payThroughPage(customerPage, part);
  await placeOrderThroughPage(customerPage, part, part.min_quantity);
  const token = await accessToken(customerPage);
  const unpaid = await newestOrderOf(request, token, part, 'placed');
  const paid = ((await (await request.get(`${stackUrls.api}/order/${paidOrderId}`, { headers: bearer(token) })).json()) as Order);

  await signIn(page, demoAccounts.admin);
  // The unpaid one, found on All Orders and opened by its number: Cancel says what it does and needs the reason the customer reads.
  await page.goto(`/dashboard/allOrder?q=${unpaid.number}`);
  await page.getByRole('row').filter({ hasText: unpaid.number }).getByRole('link', { name: unpaid.number, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/allOrder/${unpaid.number}$`));
  await expect(page.getByRole('heading', { level: 1, name: adminText.orderTitle(unpaid.number) })).toBeVisible();
  await page.getByRole('button', { name: orderText.cancelOrder }).click();
  const cancel = dialog(page, orderText.cancelTitle);
  await expect(cancel).toContainText(orderText.cancelUnpaidNote);
  await expect(cancel.getByRole('button', { name: orderText.keepOrder })).toBeVisible();
  await cancel.getByRole('button', { name: orderText.cancelOrder }).click();
  await expect(cancel.getByText('Reason is required')).toBeVisible();
  const reason = 'Our supplier cannot deliver this batch in time.';
  await cancel.getByLabel(adminText.reasonLabel).fill(reason);
  await cancel.getByRole('button', { name: orderText.cancelOrder }).click();
  await expect(cancel).toBeHidden();
  await expect(page.getByText(orderText.cancelled)).toBeVisible();
  await expect(page.getByText(`: ${reason}`)).toBeVisible();
  await expect(page.getByRole('button', { name: orderText.cancelOrder })).toHaveCount(0);
  // Back to All Orders as it was searched: the row says so.
  await page.getByRole('link', { name: adminText.backToOrders, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/allOrder\\?q=${unpaid.number}$`));
  await expect(page.getByRole('rowgroup', { name: `Order ${unpaid.number}` })).toContainText('Cancelled');

  // The paid one: Cancel would refund it (kept); Ship parts asks for the carrier, the tracking number and the units.
  await page.goto(`/dashboard/allOrder/${paid.number}`);
  await page.getByRole('button', { name: orderText.cancelOrder }).click();
  await expect(cancel).toContainText(orderText.cancelPaidNote);
  await cancel.getByRole('button', { name: orderText.keepOrder }).click();
  await expect(cancel).toBeHidden();
  await page.getByRole('button', { name: adminText.shipParts }).click();
  const ship = dialog(page, adminText.shipPartsTitle(paid.number));
  await expect(ship.getByLabel(adminText.unitsToShip(part.name, paid.order_quantity))).toHaveValue(String(paid.order_quantity));
  await ship.getByRole('button', { name: adminText.shipParts }).click();
  await expect(ship.getByText('Carrier is required')).toBeVisible();
  await expect(ship.getByText('Tracking number is required')).toBeVisible();
  const trackingNumber = `1Z999AA1${unique()}`;
  await ship.getByLabel('Carrier').fill('UPS');
  await ship.getByLabel('Tracking number').fill(trackingNumber);
  // The keyboard alone confirms.
  await ship.getByLabel('Tracking number').press('Enter');
  await expect(ship).toBeHidden();
  await expect(page.getByText(orderText.shipped)).toBeVisible();
  const parcel = page.getByRole('listitem', { name: `Parcel ${trackingNumber}` });
  await expect(parcel).toContainText(`UPS · ${trackingNumber}`);
  await expect(parcel).toContainText(`${paid.order_quantity} × ${part.name}`);
  // Shipped: it cannot be cancelled any more, and says why.
  await expect(page.getByRole('button', { name: orderText.cancelOrder })).toBeDisabled();
  await expect(page.getByText(orderText.shippedCannotCancel)).toBeVisible();

  // The customer's My Orders: shipped, and its page links to UPS's tracking page; the other cancelled, with the reason on its page.
  await customerPage.goto('/dashboard/myorders');
  await expect(customerPage.getByRole('rowgroup', { name: `Order ${paid.number}` })).toContainText('Shipped');
  await expect(customerPage.getByRole('rowgroup', { name: `Order ${unpaid.number}` })).toContainText('Cancelled');
  await customerPage.goto(`/dashboard/orders/${paid.number}`);
  await expect(customerPage.getByRole('link', { name: trackingNumber })).toHaveAttribute('href', `https://www.ups.com/track?tracknum=${trackingNumber}`);
  await customerPage.goto(`/dashboard/orders/${unpaid.number}`);
  await expect(customerPage.getByText(reason)).toBeVisible();
  await customerPage.close();

  // And the emails, through the outbox to MailDev: one for the parcel.
  const shippedMail = await emailTo(request, demoAccounts.customer.email, `Order ${paid.number}: parts on their way`);
  expect(shippedMail.text).toContain(`Tracking number: ${trackingNumber}`);
  expect(shippedMail.text).toContain('Carrier: UPS');
  expect(shippedMail.html).toContain(`https://www.ups.com/track?tracknum=${trackingNumber}`);
  const cancelledMail = await emailTo(request, demoAccounts.customer.email, `Order ${unpaid.number} is cancelled`);
  expect(cancelledMail.text).toContain(`Reason: ${reason}`);

  // Delivered asks first too, and emails again.
  await parcel.getByRole('button', { name: `${adminText.markDelivered}: parcel ${trackingNumber}` }).click();
  await dialog(page, adminText.deliverParcelTitle(trackingNumber)).getByRole('button', { name: adminText.markDelivered }).click();
  await expect(page.getByText(orderText.delivered)).toBeVisible();
  await expect(parcel).toContainText('Delivered');
  await emailTo(request, demoAccounts.customer.email, `Order ${paid.number}: parts delivered`);

  // One unit refunded: the paid share of it, once. It was delivered and never came back, so it
  // cannot go back to stock: the dialog says so and refunds nothing until the box is unticked.
  const stockBefore = ((await (await request.get(`${stackUrls.api}/tools/${part._id}`)).json()) as Part).p_quantity;
  await page.getByRole('button', { name: adminText.refund }).click();
  const refund = dialog(page, adminText.refundTitle(paid.number));
  await refund.getByLabel(adminText.unitsToRefund(part.name, paid.order_quantity)).fill('1');
  await refund.getByLabel(adminText.reasonLabel).fill('One arrived scratched.');
  await refund.getByLabel(adminText.restock).check();
  await refund.getByRole('button', { name: adminText.refund }).click();
  await expect(refund.getByRole('alert')).toContainText(`1 unit of ${part.name} has shipped and not come back, so it cannot go back to stock`);
  await refund.getByLabel(adminText.restock).uncheck();
  await refund.getByRole('button', { name: adminText.refund }).click();
  await expect(page.getByText(orderText.refunded(formatCents(paid.per_product_price)))).toBeVisible();
  await expect(page.getByRole('region', { name: 'Refunds' })).toContainText('One arrived scratched.');
  expect(((await (await request.get(`${stackUrls.api}/tools/${part._id}`)).json()) as Part).p_quantity).toBe(stockBefore);

  // The invoice, through the admin's token, as a PDF file.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: orderText.invoice }).click();
  const invoice = await download;
  expect(invoice.suggestedFilename()).toBe(`invoice-${paid.number}.pdf`);
  expect(readFileSync(await invoice.path()).subarray(0, 5).toString()).toBe('%PDF-');

  // Activity names the orders by number and links to their pages.
  await sidebar(page).getByRole('link', { name: 'Activity' }).click();
  await page.getByLabel('Kind').selectOption('order');
  const log = page.getByRole('table', { name: 'Admin actions' });
  await expect(log).toContainText(`with UPS ${trackingNumber}`);
  await expect(log).toContainText(`cancelled the order ${unpaid.number}: ${reason}`);
  await log.getByRole('link', { name: unpaid.number }).first().click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/allOrder/${unpaid.number}$`));
  await expect(page.getByRole('heading', { level: 1, name: adminText.orderTitle(unpaid.number) })).toBeVisible();
});

test('the admin makes a fresh customer an admin after confirming, then takes the role back: the next admin call is refused at once', async ({
  page,
  browser,
  request,
}) => {
  const customer = { email: uniqueEmail('promoted'), password: 'promoted-123' };
  await createEmulatorAccount(request, customer);
  // The account exists in the shop once it has signed in.
  const customerPage = await browser.newPage();
  await signInThroughLoginPage(customerPage, customer);
  await customerPage.goto('/dashboard/makeadmin');
  await expect(customerPage).toHaveURL(/\/dashboard$/);

  await signIn(page, demoAccounts.admin);
  await page.goto('/dashboard/makeadmin');
  const heading = page.getByRole('heading', { level: 1, name: /^All Users: \d+$/ });
  await expect(heading).toBeVisible();
  const count = Number((await heading.textContent())!.match(/\d+$/)![0]);
  await page.getByLabel('Search by email').fill(customer.email);
  await expect(page.getByText(`Showing 1 of ${count}`)).toBeVisible();
  await expect(heading).toHaveText(`All Users: ${count}`);
  const row = page.getByRole('row').filter({ hasText: customer.email });
  await expect(row).toContainText('customer');
  await row.getByRole('button', { name: `Make Admin: ${customer.email}` }).click();
  const promote = dialog(page, adminText.promoteTitle(customer.email));
  await expect(promote).toContainText(adminText.promoteBody);
  await promote.getByRole('button', { name: 'Make Admin' }).click();
  await expect(page.getByText('Successfully made an admin')).toBeVisible();
  await expect(row).toContainText('admin');
  await expect(row.getByRole('button', { name: `Make Customer: ${customer.email}` })).toBeVisible();

  // Same session, no new token: the database is the authority.
  await customerPage.goto('/dashboard/allOrder');
  await expect(customerPage.getByRole('heading', { level: 1, name: /^All orders: \d+$/ })).toBeVisible();
  const promotedToken = await accessToken(customerPage);
  expect((await request.get(`${stackUrls.api}/order?limit=1`, { headers: bearer(promotedToken) })).status()).toBe(200);

  // Taken back, asked first.
  await row.getByRole('button', { name: `Make Customer: ${customer.email}` }).click();
  const demote = dialog(page, adminText.demoteTitle(customer.email));
  await expect(demote).toContainText(adminText.demoteBody);
  await demote.getByRole('button', { name: 'Make Customer' }).click();
  await expect(page.getByText(adminText.demoted(customer.email))).toBeVisible();
  await expect(row).toContainText('customer');
  // Its very next admin call is refused, with the same token.
  const refused = await request.get(`${stackUrls.api}/order?limit=1`, { headers: bearer(promotedToken) });
  expect(refused.status()).toBe(403);
  await customerPage.goto('/dashboard/allOrder');
  await expect(customerPage).toHaveURL(/\/dashboard$/);
  await customerPage.close();

  // The admin's own account has no action: it cannot take back its own role.
  await page.getByLabel('Search by email').fill(demoAccounts.admin.email);
  await expect(page.getByRole('row').filter({ hasText: demoAccounts.admin.email })).toContainText('You');
  const self = await request.delete(`${stackUrls.api}/user/admin/${encodeURIComponent(demoAccounts.admin.email)}`, {
    headers: bearer(await accessToken(page)),
  });
  expect(self.status()).toBe(409);
});

test('a customer opening an admin page is sent to the dashboard, and the api refuses the admin calls', async ({ page, request }) => {
  await signIn(page, demoAccounts.customer);
  await page.goto('/dashboard/allOrder');
  await expect(page).toHaveURL(/\/dashboard$/);
  const headers = bearer(await accessToken(page));
  for (const call of [
    request.get(`${stackUrls.api}/order`, { headers }),
    request.get(`${stackUrls.api}/user`, { headers }),
    request.get(`${stackUrls.api}/activity`, { headers }),
    request.put(`${stackUrls.api}/user/admin/${encodeURIComponent(demoAccounts.customer.email)}`, { headers }),
    request.delete(`${stackUrls.api}/user/admin/${encodeURIComponent(demoAccounts.admin.email)}`, { headers }),
    request.delete(`${stackUrls.api}/tools/0123456789abcdef01234567`, { headers }),
    request.patch(`${stackUrls.api}/tools/0123456789abcdef01234567`, { headers, data: { version: 0, price: 1 } }),
  ]) {
    expect((await call).status()).toBe(403);
  }
});
