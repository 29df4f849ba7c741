import { expect, test, type Page } from '../support/test';
import { formatCents, type Part, type ShippingRate, shippingAmount, shippingRateFor } from '../../contracts/src/core';
import { stackUrls } from '../support/environment';
import { demoAccounts, signIn } from '../support/auth';
import { inboxOf } from '../support/mail';
import { aPart, E2E_SHIP_TO, myOrdersRow, openLinePayment, orderGroup, orderNumberOfLine, placeOrderThroughPage } from '../support/orders';

// Paying by card on the local Stripe sandbox: the official Stripe.js flow against the stand-in,
// the server alone marking the order paid.

async function openPaymentPage(page: Page, part: Part) {
  await openLinePayment(page, part);
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Demo Customer' })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Please Pay for ${part.name}` })).toBeVisible();
  return page.url().split('/').pop()!;
}

/** The sandbox's hint comes with the card fields (not when Stripe.js cannot load). */
async function enterCard(page: Page, number: string) {
  await expect(page.getByText('Test mode — use 4242 4242 4242 4242')).toBeVisible();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date MM / YY').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

const completed = (page: Page) => page.getByRole('status').filter({ hasText: 'Congrats! Your payment is completed.' });

/** My Orders' row of the order a line belongs to. */
const orderRow = async (page: Page, request: Parameters<typeof aPart>[0], orderId: string) => myOrdersRow(page, await orderNumberOfLine(page, request, orderId));

/** Each test pays for a fresh order of the demo customer. */
async function orderAPart(page: Page, request: Parameters<typeof aPart>[0]): Promise<Part> {
  await signIn(page, demoAccounts.customer);
  const part = await aPart(request);
  await placeOrderThroughPage(page, part, part.min_quantity);
  return part;
}

test('the customer pays with 4242…: congratulations, the transaction id, and Paid in My Orders', { tag: '@smoke' }, async ({ page, request }) => {
  const part = await orderAPart(page, request);
  const orderId = await openPaymentPage(page, part);
  // The amount due is what the card is charged: the parts and the destination's Standard shipping (free over its threshold).
  const { rates } = (await (await request.get(`${stackUrls.api}/shipping-rates`)).json()) as { rates: ShippingRate[] };
  const subtotal = part.price * part.min_quantity;
  const shipping = shippingAmount(shippingRateFor(rates, E2E_SHIP_TO.country)!, 'standard', subtotal);
  await expect(page.getByText(/^Amount due:/)).toHaveText(
    `Amount due: ${formatCents(subtotal + shipping)} (${part.min_quantity} × ${formatCents(part.price)}, ${shipping ? `shipping ${formatCents(shipping)}` : 'free shipping'})`,
  );
  await enterCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  const success = completed(page);
  await expect(success).toBeVisible();
  const transactionId = (await success.getByText(/^pi_/).textContent())!;
  expect(transactionId).toMatch(/^pi_\w+$/);

  await expect(page).toHaveURL(/\/dashboard\/myorders$/);
  expect(orderId).toMatch(/^[0-9a-f]{24}$/);
  const number = await orderNumberOfLine(page, request, orderId);
  const paidRow = myOrdersRow(page, number);
  await expect(paidRow).toContainText('Paid');
  await expect(paidRow.getByRole('link', { name: /^Pay/ })).toHaveCount(0);
  // My Orders' spec row: 'Paid' and 'Transaction id: {id}', no pay button and no Delete.
  const specRow = orderGroup(page, number).getByRole('row').filter({ has: page.getByRole('rowheader', { name: part.name }) });
  const payment = specRow.getByRole('cell').filter({ hasText: `Transaction id: ${transactionId}` });
  await expect(payment).toBeVisible();
  await expect(payment).toContainText('Paid');
  await expect(specRow.getByRole('link')).toHaveCount(0);
  await expect(specRow.getByRole('button')).toHaveCount(0);
  // The order's page shows the transaction id on the line, and nothing to delete.
  await paidRow.getByRole('rowheader').getByRole('link').click();
  const line = page.getByRole('row').filter({ hasText: `Transaction id: ${transactionId}` });
  await expect(line).toContainText(part.name);
  await expect(line.getByRole('button', { name: /Delete/ })).toHaveCount(0);

  // The confirmation email is in MailDev's inbox, with the transaction id.
  await expect
    .poll(async () =>
      (await inboxOf(request, demoAccounts.customer.email)).some(
        (mail) => mail.subject === `Payment received for ${part.name}` && mail.text.includes(transactionId),
      ),
    )
    .toBe(true);

  // Opening the page of a paid order says so instead of offering a form.
  await page.goto(`/dashboard/payment/${orderId}`);
  await expect(page.getByText(`This order is already paid. Transaction id: ${transactionId}`)).toBeVisible();
});

test('a declined card shows the provider message in red and the order stays unpaid', async ({ page, request }) => {
  const part = await orderAPart(page, request);
  const orderId = await openPaymentPage(page, part);
  await enterCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('Your card was declined.');
  expect(await alert.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(185, 28, 28)');
  // The form stays usable: a good card then goes through.
  await enterCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(completed(page)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/myorders$/);
  await expect(await orderRow(page, request, orderId)).toContainText('Paid');
});

test('a declined card leaves the order unpaid in My Orders', async ({ page, request }) => {
  const part = await orderAPart(page, request);
  const orderId = await openPaymentPage(page, part);
  await enterCard(page, '4000 0000 0000 9995');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card has insufficient funds.');
  await page.goto('/dashboard/myorders');
  await expect(await orderRow(page, request, orderId)).toContainText('Waiting for payment');
});

test('3-D Secure: completing the check pays, failing it does not', async ({ page, request }) => {
  const part = await orderAPart(page, request);
  const orderId = await openPaymentPage(page, part);
  await enterCard(page, '4000 0027 6000 3184');
  await page.getByRole('button', { name: 'Pay' }).click();
  const check = page.getByRole('dialog', { name: '3D Secure test authentication' });
  await check.getByRole('button', { name: 'Fail' }).click();
  await expect(page.getByRole('alert')).toContainText(/authenticat/i);
  await page.goto('/dashboard/myorders');
  await expect(await orderRow(page, request, orderId)).toContainText('Waiting for payment');

  await page.goto(`/dashboard/payment/${orderId}`);
  await enterCard(page, '4000 0027 6000 3184');
  await page.getByRole('button', { name: 'Pay' }).click();
  await check.getByRole('button', { name: 'Complete' }).click();
  await expect(completed(page)).toBeVisible();
});

test('when Stripe.js cannot load, the page says card payments are unavailable and the order stays unpaid', async ({
  page,
  request,
}) => {
  await page.route('**/js/stripe-stand-in.js', (route) => route.abort('connectionrefused'));
  const part = await orderAPart(page, request);
  const orderId = await openPaymentPage(page, part);
  await expect(page.getByRole('alert')).toContainText('Card payments are unavailable right now.');
  await expect(page.getByText('Test mode — use 4242 4242 4242 4242')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay' })).toHaveCount(0);
  await page.goto('/dashboard/myorders');
  await expect(await orderRow(page, request, orderId)).toContainText('Waiting for payment');
});
