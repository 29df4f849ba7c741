import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../support/test';
import { apiAccessToken, createEmulatorAccount, demoAccounts, requestPasswordReset, signIn, signInThroughLoginPage, uniqueEmail } from '../support/auth';
import { adminText, orderText, type Order, type OrderDetail } from '../../contracts/src/core';
import { stackUrls } from '../support/environment';
import { aPart, payThroughPage, placeOrderThroughPage } from '../support/orders';
import { showProfileToast } from '../support/toasts';
import { apiParts, expectImagesLoaded, openInApp } from '../support/storefront';

// Every page this stage has, at a phone's and a laptop's width: saved for a person to look at,
// and checked for sideways scrolling, the usual sign of a layout that breaks on phones.
const guestPages = ['/', '/products', '/builder', '/blogs', '/no-such-page', '/login', '/signup', '/forgot-password', '/auth/action'];
const adminPages = [
  '/dashboard',
  '/dashboard/settings',
  '/dashboard/overview',
  '/dashboard/makeadmin',
  '/dashboard/allOrder',
  '/dashboard/manageproduct',
  '/dashboard/addproduct',
  '/dashboard/activity',
  '/dashboard/reviews',
  '/dashboard/releases',
];
// The customer's dashboard differs (its sidebar, and the pages only customers have).
const customerPages = ['/dashboard', '/dashboard/settings', '/dashboard/myOrders', '/dashboard/myBuilds', '/dashboard/addReview'];
const widths = [375, 1280];
const shotsDir = path.resolve(__dirname, '../screenshots');

async function shoot(page: Page, route: string, width: number, prefix = '', name = routeName(route)) {
  await page.goto(route);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Data-driven parts (a profile, a menu by role) have loaded, not just the heading.
  await page.waitForLoadState('networkidle');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // A picture of the whole page: with the pictures below the first screen too.
  await expectImagesLoaded(page);
  await page.screenshot({ path: path.join(shotsDir, `${prefix}${name}-${width}.png`), fullPage: true });
}

/** From 1100 px an admin table is a table: all of it in view, no column cut or scrolled inside its box. */
async function expectTableFits(page: Page) {
  if ((page.viewportSize()?.width ?? 0) < 1100) return;
  for (const table of await page.getByRole('table').all()) {
    const hidden = await table.evaluate((element: HTMLElement) => element.offsetWidth - element.parentElement!.clientWidth);
    expect(hidden).toBeLessThanOrEqual(0);
  }
}

function routeName(route: string): string {
  return route === '/' ? 'home' : route.slice(1).replace(/\//g, '-');
}

for (const width of widths) {
  test(`public pages at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const route of guestPages) await shoot(page, route, width);
  });

  test(`signed-in pages at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, demoAccounts.admin);
    for (const route of adminPages) await shoot(page, route, width);
  });

  test(`customer pages at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, demoAccounts.customer);
    for (const route of customerPages) await shoot(page, route, width, 'customer-');
  });
}

test('the purchase page, My Orders with an order, and the payment page, at both widths', async ({ page, request }) => {
  await signIn(page, demoAccounts.customer);
  const part = await aPart(request);
  await placeOrderThroughPage(page, part, part.min_quantity);
  await page.goto('/dashboard/myorders');
  await page.getByRole('table', { name: 'Your orders' }).getByRole('rowgroup').filter({ hasText: part.name }).first().getByRole('link', { name: /^PCP-[0-9A-Z]{6}$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Order PCP-/ })).toBeVisible();
  const orderPath = new URL(page.url()).pathname;
  const pay = page.getByRole('link', { name: `Pay for ${part.name}` }).first();
  const paymentPath = new URL((await pay.getAttribute('href'))!, page.url()).pathname;
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await shoot(page, `/purchase/${part._id}`, width, '', 'purchase');
    await shoot(page, '/dashboard/myorders', width, 'customer-', 'dashboard-myOrders-with-orders');
    await shoot(page, orderPath, width, 'customer-', 'dashboard-order-unpaid');
    await shoot(page, paymentPath, width, 'customer-', 'dashboard-payment');
  }
});

test('the admin console: Edit a Product, All Orders found by number, the order page with its ship and cancel dialogs, Make Admin asking first; My Orders with a shipped order, at both widths', async ({
  page,
  browser,
  request,
}) => {
  // Two orders placed and paid in a browser, then eight screens at two widths: 35 s on a quiet
  // machine, 66-96 s on Debian's Chromium at a load of 10.
  test.setTimeout(180_000);
  const part = await aPart(request);
  const customerPage = await browser.newPage();
  await signIn(customerPage, demoAccounts.customer);
  await placeOrderThroughPage(customerPage, part, part.min_quantity);
  const orderId = await payThroughPage(customerPage, part);
  // And one left unpaid, so My Orders shows Pay and Delete beside the shipped one.
  await placeOrderThroughPage(customerPage, part, part.min_quantity);
  await signIn(page, demoAccounts.admin);
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const order = (await (await request.get(`${stackUrls.api}/order/${orderId}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as Order;
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await shoot(page, `/dashboard/manageproduct/${part._id}`, width, '', 'dashboard-manageproduct-edit');
    await shoot(page, `/dashboard/allOrder?q=${order.number}`, width, '', 'dashboard-allOrder-search');
    await expectTableFits(page);
    // The order's own page, and its ship and cancel dialogs.
    await shoot(page, `/dashboard/allOrder/${order.number}`, width, '', 'dashboard-allOrder-order');
    await expectTableFits(page);
    await page.getByRole('button', { name: adminText.shipParts }).click();
    const ship = page.getByRole('dialog');
    await ship.getByRole('button', { name: adminText.shipParts }).click();
    await expect(ship.getByText('Carrier is required')).toBeVisible();
    await page.screenshot({ path: path.join(shotsDir, `dashboard-allOrder-ship-dialog-${width}.png`) });
    await ship.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: orderText.cancelOrder }).click();
    await expect(page.getByRole('dialog', { name: orderText.cancelTitle })).toBeVisible();
    await page.screenshot({ path: path.join(shotsDir, `dashboard-allOrder-cancel-dialog-${width}.png`) });
    await page.getByRole('dialog').getByRole('button', { name: orderText.keepOrder }).click();
    await shoot(page, '/dashboard/makeadmin', width, '', 'dashboard-makeadmin-confirm');
    await page.getByRole('button', { name: /^Make Admin: / }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.screenshot({ path: path.join(shotsDir, `dashboard-makeadmin-confirm-dialog-${width}.png`) });
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  }
  // Shipped, as the customer sees it.
  const shipped = await request.patch(`${stackUrls.api}/order/${orderId}/status`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
  });
  expect(shipped.status()).toBe(200);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await shoot(page, `/dashboard/allOrder/${order.number}`, width, '', 'dashboard-allOrder-order-shipped');
    await expectTableFits(page);
    await customerPage.setViewportSize({ width, height: 900 });
    await shoot(customerPage, '/dashboard/myorders', width, 'customer-', 'dashboard-myOrders-shipped');
    await shoot(customerPage, `/dashboard/orders/${order.number}`, width, 'customer-', 'dashboard-order-shipped');
    if (width >= 1100) {
      // A table at this width: all of it in view, with no scrolling inside its box.
      const hidden = await customerPage.getByRole('table').evaluate((table: HTMLElement) => table.offsetWidth - table.parentElement!.clientWidth);
      expect(hidden).toBeLessThanOrEqual(0);
    }
  }
  await customerPage.close();
});

test('an order of three parts with two parcels, a refund and a return on the admin’s pages, at both widths', async ({ page, browser, request }) => {
  // Three parts checked out at once and paid by card on the checkout page.
  const parts = (await apiParts(request)).filter((part) => part.p_quantity >= 50).slice(0, 3);
  const customerToken = await apiAccessToken(request, demoAccounts.customer);
  const asCustomer = { Authorization: `Bearer ${customerToken}` };
  const lines = parts.map((part) => ({ productId: part._id, quantity: part.min_quantity }));
  expect((await request.put(`${stackUrls.api}/cart`, { headers: asCustomer, data: { lines } })).status()).toBe(200);
  const checkout = await browser.newPage();
  await signIn(checkout, demoAccounts.customer);
  await checkout.goto('/checkout');
  await checkout.getByLabel('Full name').fill('Demo Customer');
  await checkout.getByLabel('Street and house number').fill('12 Harbour Road');
  await checkout.getByLabel('City').fill('Portsmouth');
  await checkout.getByLabel('Postal code').fill('PO1 3AX');
  await checkout.getByLabel('Country').selectOption('GB');
  await checkout.getByLabel('Phone number').fill('+44 7700 900123');
  await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
  await checkout.getByLabel('Expiration date MM / YY').fill('12 / 34');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByRole('button', { name: /^Place order and pay/ }).click();
  await expect(checkout.getByTestId('checkout-status')).toHaveText('Paid');
  const number = (await checkout.getByTestId('order-number').textContent())!;
  await checkout.close();

  // Two parcels (the first delivered), a part asked back, one unit refunded: through the api.
  const adminToken = await apiAccessToken(request, demoAccounts.admin);
  const asAdmin = { Authorization: `Bearer ${adminToken}` };
  const order = (await (await request.get(`${stackUrls.api}/orders/${number}`, { headers: asAdmin })).json()) as OrderDetail;
  const [first, second, third] = order.lines;
  const ship = async (body: object) => {
    const response = await request.post(`${stackUrls.api}/orders/${number}/shipments`, { headers: asAdmin, data: body });
    expect(response.status()).toBe(201);
    return ((await response.json()) as OrderDetail).shipments.at(-1)!;
  };
  const parcel = await ship({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784', lines: [{ lineId: first!.lineId, quantity: first!.quantity }, { lineId: second!.lineId, quantity: 1 }] });
  expect((await request.post(`${stackUrls.api}/orders/${number}/shipments/${parcel.shipmentId}/delivered`, { headers: asAdmin })).status()).toBe(200);
  await ship({ carrier: 'FedEx', trackingNumber: '449044304137821', lines: [{ lineId: third!.lineId, quantity: 1 }] });
  const asked = await request.post(`${stackUrls.api}/orders/${number}/returns`, { headers: asCustomer, data: { lines: [{ lineId: first!.lineId, quantity: 1 }], reason: 'The fan rattles at low speed.' } });
  expect(asked.status()).toBe(201);
  const refunded = await request.post(`${stackUrls.api}/orders/${number}/refunds`, {
    headers: { ...asAdmin, 'Idempotency-Key': `shots-${Date.now()}` },
    data: { lines: [{ lineId: second!.lineId, quantity: 1 }], reason: 'Sold out at the supplier.', restock: false },
  });
  expect(refunded.status()).toBe(201);

  await signIn(page, demoAccounts.admin);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await shoot(page, `/dashboard/allOrder?q=${number}`, width, '', 'dashboard-allOrder-three-parts');
    await expectTableFits(page);
    await shoot(page, `/dashboard/allOrder/${number}`, width, '', 'dashboard-allOrder-order-parcels');
    await expectTableFits(page);
    // Every part of the page, its actions included, reachable by assistive technology.
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);
    await page.getByRole('button', { name: adminText.refund }).click();
    await expect(page.getByRole('dialog', { name: adminText.refundTitle(number) })).toBeVisible();
    await page.screenshot({ path: path.join(shotsDir, `dashboard-allOrder-refund-dialog-${width}.png`) });
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  }
});

test("a part's own page, at both widths", async ({ page, request }) => {
  const part = await aPart(request);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await shoot(page, `/products/${part._id}`, width, '', 'product');
  }
});

test('the reset-password page an emailed link opens, at both widths', async ({ page, request }) => {
  const email = uniqueEmail('screenshot');
  await createEmulatorAccount(request, { email, password: 'shot-pass' });
  const { oobCode } = await requestPasswordReset(request, email);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await shoot(page, `/auth/action?mode=resetPassword&oobCode=${oobCode}`, width, '', 'auth-action-reset-password');
  }
});

test('the menu opens and closes behind a toggle on small screens', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const blogs = page.getByRole('link', { name: 'Blogs' });
  await expect(blogs).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(blogs).toBeVisible();
  await page.screenshot({ path: path.join(shotsDir, 'menu-open-375.png') });
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(blogs).toBeHidden();
});

test('the signed-in navbar and a toast, at both widths', async ({ page }) => {
  await signIn(page, demoAccounts.customer);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    await showProfileToast(page);
    await page.screenshot({ path: path.join(shotsDir, `customer-toast-${width}.png`) });
  }
  // The phone menu of a signed-in person: the greeting and a quiet Sign Out.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.screenshot({ path: path.join(shotsDir, 'customer-menu-open-375.png') });
});

/** The api cannot be reached for these paths (as when it is down): what the pages' queries show. */
async function cutOffApi(page: Page, paths: string[]) {
  const api = new URL(stackUrls.api).origin;
  await page.route((url) => url.origin === api && paths.includes(url.pathname), (route) => route.abort('connectionrefused'));
}

/**
 * `open`: how the page is opened; a shop page whose reads must go through the browser (to be cut off)
 * is opened inside the app (openInApp): opened directly, the server's HTML brings its data along.
 */
async function shootState(
  page: Page,
  route: string,
  width: number,
  name: string,
  shown: (page: Page) => ReturnType<Page['getByRole']>,
  open: (page: Page, route: string) => Promise<unknown> = (p, to) => p.goto(to),
) {
  await open(page, route);
  await expect(shown(page).first()).toBeVisible({ timeout: 10_000 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // A picture of the whole page: with the pictures below the first screen too.
  await expectImagesLoaded(page);
  await page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`), fullPage: true });
}

const failure = (page: Page) => page.getByRole('alert').filter({ hasText: /could not/ }).filter({ has: page.getByRole('button', { name: 'Retry' }) });

test('a load that fails says what and why, with Retry, in the shop and a customer’s dashboard, at both widths', async ({ page }) => {
  await signIn(page, demoAccounts.customer);
  await cutOffApi(page, ['/tools', '/myorder', '/orders/mine', '/user/one']);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await shootState(page, '/', width, 'failed-home', failure, openInApp);
    await shootState(page, '/products', width, 'failed-products', failure, openInApp);
    await shootState(page, '/dashboard', width, 'failed-customer-dashboard', failure);
    await shootState(page, '/dashboard/myOrders', width, 'failed-customer-dashboard-myOrders', failure);
  }
});

test('a load that fails in the admin console, and an empty search, at both widths', async ({ page }) => {
  await signIn(page, demoAccounts.admin);
  await cutOffApi(page, ['/orders']);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await shootState(page, '/dashboard/allOrder', width, 'failed-dashboard-allOrder', failure);
    await shootState(page, '/products?q=no-part-has-this-name', width, 'empty-products', (p) =>
      p.getByText('No parts match “no-part-has-this-name”.'),
    );
  }
});

test('a newcomer’s empty My Orders, at both widths', async ({ page, request }) => {
  const newcomer = { email: uniqueEmail('empty-orders'), password: 'empty-orders' };
  await createEmulatorAccount(request, newcomer);
  await signInThroughLoginPage(page, newcomer);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await shootState(page, '/dashboard/myOrders', width, 'empty-customer-dashboard-myOrders', (p) =>
      p.getByText('You have not ordered anything yet.'),
    );
  }
});
