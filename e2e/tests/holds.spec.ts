import path from 'node:path';
import { expect, test, type Page } from '../support/test';
import { demoAccounts, signIn, uniqueEmail, verificationLinksTo, verifiedCustomer } from '../support/auth';
import { stackUrls } from '../support/environment';
import { aPart } from '../support/orders';
import { singleOrderText } from '../../contracts/src/core';
import { expectNoHorizontalScroll } from '../support/storefront';

// Holds that cannot be hoarded (issue 20), as people meet them: an unverified account is told to
// verify before it can order and finds the link in the demo mail inbox; an unpaid order says how
// long it is held; the admin sees held against available stock.

const shotsDir = path.resolve(__dirname, '../screenshots');
const shot = async (page: Page, name: string) => {
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
};

async function fillOrder(page: Page, partId: string, quantity: number) {
  await page.goto(`/purchase/${partId}`);
  await page.getByLabel('Quantity').fill(String(quantity));
  await page.getByRole('button', { name: singleOrderText.typeOnOneLine }).click();
  await page.getByLabel('Address').fill('12 Harbour Road, Leeds');
  await page.getByLabel('Phone number').fill('+44 7700 900123');
  await page.getByRole('button', { name: 'Order Now' }).click();
}

for (const width of [375, 1280]) {
  test(`a new account verifies from the demo inbox before it orders, then sees the time left to pay (${width} px)`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    const part = await aPart(request);
    const email = uniqueEmail('verify-to-order');
    await page.goto('/signup');
    await page.getByLabel('Name').fill('Vera Verify');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('verify-pass-1');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/$/);

    await fillOrder(page, part._id, part.min_quantity);
    const refusal = page.getByRole('alert').filter({ hasText: 'Your order was not placed' });
    await expect(refusal).toHaveText(
      'Your order was not placed: Verify your email address before you order: open the link we emailed you, or send it again from your dashboard.',
    );
    await shot(page, `holds-purchase-unverified-${width}`);
    await page.goto('/dashboard');
    const banner = page.getByRole('region', { name: 'Verify your email' });
    await expect(banner).toContainText(`arrive in the demo mail inbox at ${stackUrls.mailInbox}.`);
    await shot(page, `holds-verify-banner-${width}`);

    // The link is in MailDev's inbox, as the banner says; it opens the shop's own page.
    await expect.poll(async () => (await verificationLinksTo(request, email)).length).toBe(1);
    const [link] = await verificationLinksTo(request, email);
    await page.goto(link!);
    await expect(page.getByRole('status')).toHaveText('Your email address is verified. Thank you!');

    await fillOrder(page, part._id, part.min_quantity);
    await expect(page.getByText('your order is placed.')).toBeVisible();
    await page.goto('/dashboard/myorders');
    const row = page.getByRole('rowgroup').filter({ hasText: part.name });
    const hold = row.getByTestId('hold-time-left');
    await expect(hold).toHaveText(/^(29|30) min leftpay by \d{1,2}:\d\d [AP]M$/);
    await expect(hold).toHaveAttribute('title', /^Pay within (29|30) minutes \(by \d{1,2}:\d\d [AP]M\) or the order is cancelled\.$/);
    await shot(page, `holds-my-orders-${width}`);
    // The order's own page says the same, and its line's Pay opens the spec's payment page.
    await row.getByRole('link', { name: /^PCP-[0-9A-Z]{6}$/ }).click();
    await expect(page.getByTestId('hold-time-left')).toHaveText(/^Pay within (29|30) minutes/);
    await page.getByRole('link', { name: `Pay for ${part.name}` }).click();
    await expect(page.getByTestId('hold-time-left')).toHaveText(/^Pay within (29|30) minutes/);
    await shot(page, `holds-payment-${width}`);
  });
}

test('the admin sees what unpaid orders hold of each product beside what is left to sell', async ({ page, request }) => {
  await signIn(page, demoAccounts.admin);
  await page.goto('/dashboard/manageproduct');
  await expect(page.getByRole('columnheader', { name: 'Held' })).toBeVisible();
  const firstRow = page.getByRole('row').nth(1);
  const name = (await firstRow.getByRole('rowheader').textContent())!;
  const heldCell = firstRow.locator('td[data-label="Held"]');
  await expect(heldCell).not.toHaveText('…');
  const heldBefore = Number.parseInt((await heldCell.textContent())!, 10);
  const available = Number((await firstRow.locator('td[data-label="Quantity"]').textContent())!);

  const parts = (await (await request.get(`${stackUrls.api}/tools`)).json()) as { _id: string; name: string; min_quantity: number }[];
  const part = parts.find((candidate) => candidate.name === name)!;
  const buyer = await verifiedCustomer(request);
  const order = await request.post(`${stackUrls.api}/order`, {
    headers: { Authorization: `Bearer ${buyer.token}` },
    data: { productId: part._id, order_quantity: part.min_quantity, address: '1 Main St', phone: '555 0100' },
  });
  expect(order.status()).toBe(201);

  await page.reload();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  await expect(row.locator('td[data-label="Held"]')).toHaveText(new RegExp(`^${heldBefore + part.min_quantity} \\(\\d+ orders?\\)$`));
  await expect(row.locator('td[data-label="Quantity"]')).toHaveText(String(available - part.min_quantity));
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `holds-manage-products-${width}`);
  }
});
