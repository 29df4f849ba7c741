import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { adminText, formatCents, orderText, type Part } from '../../contracts/src/core';
import { pdfText } from '../../api/test/pdf-text';
import { demoAccounts, signInThroughLoginPage, verifiedCustomer } from '../support/auth';
import { stackUrls } from '../support/environment';
import { emailTo, inboxOf } from '../support/mail';
import { placeCheckoutThroughApi } from '../support/orders';
import { apiParts } from '../support/storefront';

// Issue 31's walk through an order as a shop runs it: a six-part build bought in one checkout,
// shipped in two parcels, one part sent back and refunded on receipt, the invoice with its credit;
// another paid order cancelled and refunded in full. Customer and admin each in their own browser,
// every email read from MailDev, every payment and refund through the Stripe sandbox.

const shotsDir = path.resolve(__dirname, '../screenshots');
const address = { fullName: 'Whole Order', street: '12 Harbour Road', city: 'Portsmouth', postalCode: 'PO1 3AX', country: 'GB', phone: '+44 7700 900123' };

const placeCheckout = (request: APIRequestContext, token: string, parts: Part[]) => placeCheckoutThroughApi(request, token, parts, address);

/** Pays a checkout on its confirmation page with the sandbox's 4242 card. */
async function payOnPage(page: Page, checkoutId: string) {
  await page.goto(`/checkout/${checkoutId}`);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration date MM / YY').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay now/ }).click();
  await expect(page.getByTestId('checkout-status')).toHaveText('Paid');
}

const stockOf = async (request: APIRequestContext, part: Part) => ((await (await request.get(`${stackUrls.api}/tools/${part._id}`)).json()) as Part).p_quantity;

async function openAdminOrder(page: Page, number: string) {
  await page.goto(`/dashboard/allOrder?q=${number}`);
  await expect(page.getByRole('heading', { level: 1, name: 'All orders: 1' })).toBeVisible();
  await page.getByRole('link', { name: number, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: adminText.orderTitle(number) })).toBeVisible();
}

async function shipParcel(page: Page, number: string, carrier: string, trackingNumber: string, units: [Part, number][]) {
  await page.getByRole('button', { name: adminText.shipParts }).click();
  const dialog = page.getByRole('dialog', { name: adminText.shipPartsTitle(number) });
  await dialog.getByLabel('Carrier').fill(carrier);
  await dialog.getByLabel('Tracking number').fill(trackingNumber);
  for (const [part, count] of units) await dialog.getByLabel(new RegExp(`^${part.name.replace(/[()]/g, '\\$&')}: units in this parcel`)).fill(String(count));
  await dialog.getByRole('button', { name: adminText.shipParts }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('listitem', { name: `Parcel ${trackingNumber}` })).toBeVisible();
}

async function deliverParcel(page: Page, trackingNumber: string) {
  await page.getByRole('button', { name: `${adminText.markDelivered}: parcel ${trackingNumber}` }).click();
  await page.getByRole('dialog', { name: adminText.deliverParcelTitle(trackingNumber) }).getByRole('button', { name: adminText.markDelivered }).click();
  await expect(page.getByRole('button', { name: `${adminText.markDelivered}: parcel ${trackingNumber}` })).toHaveCount(0);
}

test('a six-part build: two parcels, a part returned and refunded on receipt, the invoice’s credit; a paid order cancelled and refunded', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const parts = (await apiParts(request)).filter((part) => part.p_quantity >= 30).slice(0, 6);
  expect(parts).toHaveLength(6);
  const buyer = await verifiedCustomer(request, 'whole-order');
  const build = await placeCheckout(request, buyer.token, parts);
  await signInThroughLoginPage(page, buyer);
  await payOnPage(page, build.checkoutId);
  const number = build.orderNumber;

  // The admin ships four parts under one tracking number and two under another.
  const admin = await browser.newPage();
  await signInThroughLoginPage(admin, demoAccounts.admin);
  await openAdminOrder(admin, number);
  await shipParcel(admin, number, 'UPS', '1Z999AA10123456784', [[parts[4]!, 0], [parts[5]!, 0]]);
  await expect(admin.getByText(orderText.progress['partly-shipped']).first()).toBeVisible();
  await shipParcel(admin, number, 'FedEx', '449044304137821', []);
  await expect.poll(async () => (await inboxOf(request, buyer.email)).filter((mail) => mail.subject === `Order ${number}: parts on their way`).length, { timeout: 20_000 }).toBe(2);
  const parcelMails = (await inboxOf(request, buyer.email)).filter((mail) => mail.subject === `Order ${number}: parts on their way`);
  expect(parcelMails.map((mail) => (mail.text.includes('1Z999AA10123456784') ? 'UPS' : mail.text.includes('449044304137821') ? 'FedEx' : '?')).sort()).toEqual(['FedEx', 'UPS']);
  await deliverParcel(admin, '1Z999AA10123456784');
  await deliverParcel(admin, '449044304137821');

  // My Orders shows one row for the order, delivered; its page has the two parcels with their links.
  await page.goto('/dashboard/myorders');
  const row = page.getByRole('table', { name: 'Your orders' }).getByRole('row').filter({ hasText: number });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Delivered');
  await row.getByRole('link', { name: number, exact: true }).click();
  await expect(page.getByRole('link', { name: '1Z999AA10123456784' })).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
  await expect(page.getByRole('link', { name: '449044304137821' })).toBeVisible();

  // The customer sends one part back.
  const returned = parts[0]!;
  const stockBefore = await stockOf(request, returned);
  await page.getByLabel(returned.name, { exact: true }).selectOption('1');
  await page.getByLabel('Why are you returning them?').fill('The fan rattles at idle.');
  await page.getByRole('button', { name: 'Request a return' }).click();
  await expect(page.getByText(orderText.returnRequested)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Returns' })).toContainText(orderText.returnStatus.requested);

  // The admin approves it and, once the part is back, refunds it: stock +1, the refund in Activity.
  await admin.reload();
  const which = admin.getByRole('button', { name: new RegExp(`^${adminText.approveReturn}: `) });
  await which.click();
  await admin.getByRole('dialog', { name: adminText.approveReturnTitle }).getByRole('button', { name: adminText.approveReturn }).click();
  const receive = admin.getByRole('button', { name: new RegExp(`^${adminText.markReceived}: `) });
  // The refund the receipt will make is said before the click, and again in its dialog.
  const due = formatCents(returned.price);
  await expect(admin.getByRole('region', { name: 'Returns' })).toContainText(adminText.receiveRefundDue(due));
  for (const width of [375, 1280]) {
    await admin.setViewportSize({ width, height: 900 });
    await expect(receive).toBeVisible();
    await admin.screenshot({ path: path.join(shotsDir, `whole-orders-admin-return-approved-${width}.png`), fullPage: true });
  }
  await receive.click();
  const receiving = admin.getByRole('dialog', { name: adminText.receiveReturnTitle });
  await expect(receiving).toContainText(adminText.receiveReturnBody(due));
  await receiving.getByRole('button', { name: adminText.markReceived }).click();
  const refundedMail = await emailTo(request, buyer.email, `Order ${number}: return received, ${new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format((returned.price) / 100)} refunded`);
  expect(refundedMail.text).toContain(returned.name);
  expect(await stockOf(request, returned)).toBe(stockBefore + 1);
  await admin.goto('/dashboard/activity');
  await expect(admin.getByRole('row').filter({ hasText: number }).filter({ hasText: 'refunded' }).first()).toBeVisible();

  // The invoice, from the paid email's link: numbered, every part, the refund as a credit line.
  const paidMail = await emailTo(request, buyer.email, `Payment received for order ${number}`);
  const link = /Invoice \(PDF\): (\S+)/.exec(paidMail.text)![1]!;
  const invoice = await request.get(link);
  expect(invoice.status()).toBe(200);
  const text = pdfText(await invoice.body());
  expect(text).toMatch(/Invoice INV-\d{6}/);
  for (const part of parts) expect(text).toContain(part.name);
  expect(text).toContain('Credit: Return: The fan rattles at idle.');

  // Another paid order, cancelled by the shop: refunded in full, the customer told why.
  const [single] = parts;
  const other = await placeCheckout(request, buyer.token, [single!]);
  await payOnPage(page, other.checkoutId);
  await openAdminOrder(admin, other.orderNumber);
  await admin.getByRole('button', { name: orderText.cancelOrder }).click();
  const cancel = admin.getByRole('dialog', { name: orderText.cancelTitle });
  await expect(cancel.getByRole('button', { name: orderText.keepOrder })).toBeVisible();
  await cancel.getByLabel(adminText.reasonLabel).fill('The supplier cannot deliver this part.');
  await cancel.getByRole('button', { name: orderText.cancelOrder }).click();
  await expect(admin.getByText(`${orderText.progress.cancelled} · ${orderText.payment.refunded}`).first()).toBeVisible();
  const cancelMail = await emailTo(request, buyer.email, `Order ${other.orderNumber} is cancelled`);
  expect(cancelMail.text).toContain('The supplier cannot deliver this part.');

  // My Orders and All Orders: orders, not lines, whole at both widths.
  for (const width of [375, 1280]) {
    for (const [view, route, name] of [
      [page, '/dashboard/myorders', 'whole-orders-my-orders'],
      [page, `/dashboard/orders/${number}`, 'whole-orders-order-page'],
      [admin, `/dashboard/allOrder?q=${buyer.email}`, 'whole-orders-all-orders'],
      [admin, `/dashboard/allOrder/${number}`, 'whole-orders-admin-order-page'],
    ] as const) {
      await view.setViewportSize({ width, height: 900 });
      await view.goto(route);
      await expect(view.getByRole('heading', { level: 1 })).toBeVisible();
      await view.waitForLoadState('networkidle');
      expect(await view.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await view.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`), fullPage: true });
    }
  }
  // Two orders, each a group: its header row, then a row per part (six, and one).
  await page.goto('/dashboard/myorders');
  const groups = page.getByRole('table', { name: 'Your orders' }).getByRole('rowgroup', { name: /^Order PCP-/ });
  await expect(groups).toHaveCount(2);
  await expect(groups.filter({ hasText: number }).getByRole('row')).toHaveCount(7);
  await expect(groups.filter({ hasText: other.orderNumber }).getByRole('row')).toHaveCount(2);
  await admin.goto(`/dashboard/allOrder?q=${buyer.email}`);
  await expect(admin.getByRole('heading', { level: 1, name: 'All orders: 2' })).toBeVisible();
  await expect(admin.getByRole('table', { name: 'Orders' }).getByRole('rowgroup', { name: /^Order PCP-/ })).toHaveCount(2);
  await admin.close();
});
