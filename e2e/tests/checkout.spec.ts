import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { pdfText } from '../../api/test/pdf-text';
import { addressText, checkoutPageText, checkoutText, type Part, signInText, singleOrderText, totalsText } from '../../contracts/src/core';
import { apiAccessToken, createEmulatorAccount, demoAccounts, signIn, signInThroughLoginPage, uniqueEmail, verifiedCustomer } from '../support/auth';
import { stackUrls } from '../support/environment';
import { emailTo } from '../support/mail';
import { addPartThroughApi, openLinePayment, placeCheckoutThroughApi } from '../support/orders';
import { apiParts } from '../support/storefront';

// One checkout for several parts: a visitor's cart kept through sign-in, one order number, one
// payment on the same page, one email for the order and one for the payment.

const shotsDir = path.resolve(__dirname, '../screenshots');

interface MailDevEmail {
  subject: string;
  to: { address: string }[];
  text: string;
}

async function threeParts(request: APIRequestContext): Promise<Part[]> {
  const parts = (await apiParts(request)).filter((part) => part.p_quantity >= 50);
  expect(parts.length).toBeGreaterThanOrEqual(3);
  return parts.slice(-3);
}

async function setAccountCart(request: APIRequestContext, lines: { productId: string; quantity: number }[]) {
  const token = await apiAccessToken(request, demoAccounts.customer);
  const response = await request.put(`${stackUrls.api}/cart`, { headers: { Authorization: `Bearer ${token}` }, data: { lines } });
  expect(response.status()).toBe(200);
}

/** A visitor's cart in this browser, as the Add to cart buttons leave it. */
async function visitorCart(page: Page, parts: Part[]) {
  await page.goto('/');
  await page.evaluate(
    (lines) => localStorage.setItem('pcppVisitorCart', JSON.stringify({ id: `visitor-${Date.now()}`, lines })),
    parts.map((part) => ({ productId: part._id, quantity: part.min_quantity })),
  );
}

async function enterCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date MM / YY').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

async function inbox(request: APIRequestContext): Promise<MailDevEmail[]> {
  return (await (await request.get(`${stackUrls.mailInbox}/api/email`)).json()) as MailDevEmail[];
}

test('a visitor’s three parts survive sign-in, check out once, pay once on the same page: one order number, three paid lines, two emails', { tag: '@smoke' }, async ({ page, request }) => {
  await setAccountCart(request, []);
  const parts = await threeParts(request);
  await visitorCart(page, parts);
  await signIn(page, demoAccounts.customer);
  await expect(page.getByTestId('navbar-cart')).toHaveAccessibleName('Cart, 3 parts');

  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(3);
  await page.getByRole('link', { name: 'Check out' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();

  // The structured address: '12' and 'abc' are refused with the form's sentences.
  await page.getByLabel('Full name').fill('Demo Customer');
  await page.getByLabel('Street and house number').fill('12');
  await page.getByLabel('City').fill('Portsmouth');
  await page.getByLabel('Postal code').fill('PO1 3AX');
  await page.getByLabel('Country').selectOption('GB');
  await page.getByLabel('Phone number').fill('abc');
  await enterCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Place order and pay/ }).click();
  await expect(page.getByText('Enter the street and the house number, e.g. 12 Harbour Road')).toBeVisible();
  await expect(page.getByText('Enter a phone number with its country code, e.g. +44 7700 900123')).toBeVisible();
  await page.getByLabel('Street and house number').fill('12 Harbour Road');
  await page.getByLabel('Phone number').fill('+44 7700 900123');
  await page.getByLabel('Save for next time').check();
  await page.getByRole('button', { name: /^Place order and pay/ }).click();

  // The confirmation page: the number, the lines, the total, paid with its transaction id.
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f]{24}$/);
  const orderNumber = (await page.getByTestId('order-number').textContent())!;
  expect(orderNumber).toMatch(/^PCP-[0-9A-HJKMNP-TV-Z]{6}$/);
  await expect(page.getByTestId('checkout-status')).toHaveText('Paid');
  const transactionId = (await page.getByTestId('transaction-id').textContent())!;
  expect(transactionId).toMatch(/^pi_/);
  for (const part of parts) await expect(page.getByRole('cell', { name: part.name })).toBeVisible();
  await expect(page.getByText('Demo Customer, 12 Harbour Road, Portsmouth PO1 3AX, United Kingdom')).toBeVisible();
  // The ordered parts left the cart.
  await expect(page.getByTestId('navbar-cart')).toHaveAccessibleName('Cart, 0 parts');

  // My Orders: one row for the order, paid; its page lists the three lines with the one payment.
  await page.goto('/dashboard/myorders');
  const orderRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: orderNumber, exact: true }) });
  await expect(orderRow).toHaveCount(1);
  await expect(orderRow).toContainText('Paid');
  await expect(orderRow.getByRole('link', { name: /^Pay/ })).toHaveCount(0);
  await orderRow.getByRole('link', { name: orderNumber, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  for (const part of parts) {
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${part.name}`) }) }).first();
    await expect(row).toContainText('Paid');
    await expect(row).toContainText(`Transaction id: ${transactionId}`);
  }

  // MailDev: one email for the placed order and one for its payment, each listing the three parts.
  await expect.poll(async () => (await inbox(request)).filter((mail) => mail.subject === `Payment received for order ${orderNumber}`).length).toBe(1);
  const mails = await inbox(request);
  const placed = mails.filter((mail) => mail.subject === `Your order ${orderNumber} is placed`);
  const paid = mails.filter((mail) => mail.subject === `Payment received for order ${orderNumber}`);
  expect([placed.length, paid.length]).toEqual([1, 1]);
  for (const mail of [...placed, ...paid]) {
    expect(mail.to.map((to) => to.address)).toEqual([demoAccounts.customer.email]);
    for (const part of parts) expect(mail.text).toContain(part.name);
  }
  expect(paid[0]!.text).toContain(transactionId);
});

test('a declined card leaves the checkout unpaid with Pay now and the time left; the saved address is offered; a good card then pays', async ({ page, request }) => {
  const [part] = await threeParts(request);
  await setAccountCart(request, [{ productId: part!._id, quantity: part!.min_quantity }]);
  await signIn(page, demoAccounts.customer);
  await page.goto('/checkout');
  // Saved by the checkout before (or by this test's earlier run): offered as it is.
  await expect(page.getByLabel('Street and house number')).toHaveValue('12 Harbour Road');
  await expect(page.getByLabel('Country')).toHaveValue('GB');
  await enterCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Place order and pay/ }).click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f]{24}$/);
  // The walkthrough's finding: headed 'Thank you! Your order is placed.' above a small red error.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(checkoutText.paymentFailed);
  await expect(page.getByTestId('held-until')).toHaveText(/^Your parts are held for you until \d{1,2}:\d{2}\s?[AP]M\. Try again with another card\.$/);
  await expect(page.getByText(checkoutText.thanks)).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expect(page.getByTestId('checkout-status')).toHaveText('Waiting for payment');
  await expect(page.getByText(/left to pay before the parts go back on sale\./)).toBeVisible();

  await enterCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay now/ }).click();
  await expect(page.getByTestId('checkout-status')).toHaveText('Paid');
  await expect(page.getByTestId('transaction-id')).toHaveText(/^pi_/);
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The checkout's address: San Francisco, with the postal code given (the country stays United States). */
async function fillCaliforniaAddress(page: Page, postalCode: string) {
  await page.getByLabel('Full name').fill('Casey Rivera');
  await page.getByLabel('Street and house number').fill('1 Market Street');
  await page.getByLabel('City').fill('San Francisco');
  await expect(page.getByLabel('Country')).toHaveValue('US');
  await page.getByLabel('State').selectOption('CA');
  await page.getByLabel('Phone number').fill('+1 415 555 0100');
  await page.getByLabel('Postal code').fill(postalCode);
}
const figure = async (page: Page, id: string) => (await page.getByTestId(id).textContent())!.trim();

test('a customer in California buys a three-part build: Standard and Express with dates, the tax follows the state, the same figures everywhere', async ({ page, request }) => {
  const parts = await threeParts(request);
  const buyer = await verifiedCustomer(request, 'california');
  const cart = await request.put(`${stackUrls.api}/cart`, { headers: bearer(buyer.token), data: { lines: parts.map((part) => ({ productId: part._id, quantity: part.min_quantity })) } });
  expect(cart.status()).toBe(200);
  await signInThroughLoginPage(page, buyer);
  await page.goto('/checkout');

  // The walkthrough's finding: a London postcode with the country left on United States.
  await fillCaliforniaAddress(page, 'SW1A 1AA');
  await page.getByLabel('Postal code').blur();
  await expect(page.getByText(addressText.postalCodeFor('US', '94103'))).toBeVisible();
  await expect(page.getByText(checkoutPageText.quoteNeedsAddress)).toBeVisible();
  await page.getByLabel('Postal code').fill('94103');

  // Standard and Express, each with its delivery dates; California's sales tax, none in Oregon.
  await expect(page.getByTestId('shipping-standard')).toContainText(/Standard\s*Arrives \w{3}, \w{3} \d{1,2} – \w{3}, \w{3} \d{1,2}/);
  await expect(page.getByTestId('shipping-express')).toContainText(/Express\s*Arrives \w{3}, \w{3} \d{1,2}/);
  await expect(page.getByTestId('shipping-express')).toContainText('$24.99');
  await expect(page.getByTestId('checkout-tax')).toBeVisible();
  const californiaTax = await figure(page, 'checkout-tax');
  expect(californiaTax).not.toBe('$0.00');
  await page.getByLabel('State').selectOption('OR');
  await expect(page.getByTestId('checkout-tax')).toHaveText('$0.00');
  await page.getByLabel('State').selectOption('CA');
  await expect(page.getByTestId('checkout-tax')).toHaveText(californiaTax);
  await page.getByTestId('shipping-express').getByRole('radio').check();
  await expect(page.getByTestId('checkout-shipping')).toHaveText('$24.99');
  await expect(page.getByText(totalsText.quoting)).toHaveCount(0);
  const shown = {
    subtotal: await figure(page, 'checkout-subtotal'),
    shipping: await figure(page, 'checkout-shipping'),
    tax: await figure(page, 'checkout-tax'),
    total: await figure(page, 'checkout-total'),
  };
  const cents = (money: string) => Math.round(Number(money.replace(/[$,]/g, '')) * 100);
  expect(cents(shown.total)).toBe(cents(shown.subtotal) + cents(shown.shipping) + cents(shown.tax));

  // Pays the total shown.
  await enterCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: `${checkoutText.placeAndPay} (${shown.total})` }).click();
  await expect(page.getByTestId('checkout-status')).toHaveText('Paid');
  const orderNumber = (await page.getByTestId('order-number').textContent())!;
  for (const [key, value] of Object.entries(shown)) await expect(page.getByTestId(`confirmation-${key}`)).toHaveText(value);
  await expect(page.getByTestId('confirmation-delivery')).toHaveText(/^Express · Arrives /);

  // My Orders: the order's total; its page: the four figures and the delivery.
  await page.goto('/dashboard/myorders');
  await expect(page.getByRole('row').filter({ hasText: orderNumber })).toContainText(shown.total);
  await page.goto(`/dashboard/orders/${orderNumber}`);
  for (const [key, value] of Object.entries(shown)) await expect(page.getByTestId(`order-${key}`)).toHaveText(value);
  await expect(page.getByTestId('order-delivery')).toHaveText(/^Express · Arrives /);

  // The paid email and the invoice print the same figures.
  const paidMail = await emailTo(request, buyer.email, `Payment received for order ${orderNumber}`);
  expect(paidMail.text).toContain(`We have received your payment of ${shown.total}.`);
  for (const value of Object.values(shown)) expect(paidMail.text).toContain(value);
  const invoice = await request.get(`${stackUrls.api}/orders/${orderNumber}/invoice.pdf`, { headers: bearer(buyer.token) });
  expect(invoice.status()).toBe(200);
  const text = pdfText(await invoice.body());
  for (const [key, value] of Object.entries(shown)) expect({ key, printed: text.includes(value) }).toEqual({ key, printed: true });

  // Saved for next time: the Purchase page's address and phone start from it (one address book).
  await page.goto(`/purchase/${parts[0]!._id}`);
  await expect(page.getByLabel('City')).toHaveValue('San Francisco');
  await expect(page.getByLabel('State')).toHaveValue('CA');
  await expect(page.getByLabel('Phone number')).toHaveValue('+1 415 555 0100');
  await page.getByRole('button', { name: singleOrderText.typeOnOneLine }).click();
  await expect(page.getByLabel('Address')).toHaveValue('Casey Rivera, 1 Market Street, San Francisco, CA 94103, United States');
});

test('a part whose total is under the card minimum is refused with the sentence on the Purchase page and at the checkout, its stock untouched', async ({ page, request }) => {
  const cheap = await addPartThroughApi(request, { name: `Ten Cent Screw ${Date.now().toString(36)}`, price: 10, p_quantity: 10 });
  const buyer = await verifiedCustomer(request, 'minimum');
  await signInThroughLoginPage(page, buyer);
  await page.goto(`/purchase/${cheap._id}`);
  await page.getByLabel('Quantity').fill('1');
  await page.getByRole('button', { name: singleOrderText.typeOnOneLine }).click();
  await page.getByLabel('Address').fill('1 Market Street, San Francisco, CA 94103');
  await page.getByLabel('Phone number').fill('+1 415 555 0100');
  await page.getByRole('button', { name: 'Order Now' }).click();
  await expect(page.getByRole('alert')).toHaveText(`Your order was not placed: ${totalsText.cardMinimum}`);

  // The same at the checkout: the quote says it, and placing it is refused with it.
  const cart = await request.put(`${stackUrls.api}/cart`, { headers: bearer(buyer.token), data: { lines: [{ productId: cheap._id, quantity: 1 }] } });
  expect(cart.status()).toBe(200);
  await page.goto('/checkout');
  await fillCaliforniaAddress(page, '94103');
  await expect(page.getByRole('alert').filter({ hasText: totalsText.cardMinimum })).toBeVisible();
  await enterCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Place order and pay/ }).click();
  await expect(page.getByText(`Your order was not placed: ${totalsText.cardMinimum}`)).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  expect(((await (await request.get(`${stackUrls.api}/tools/${cheap._id}`)).json()) as Part).p_quantity).toBe(10);
  const adminToken = await apiAccessToken(request, demoAccounts.admin);
  expect((await request.delete(`${stackUrls.api}/tools/${cheap._id}`, { headers: bearer(adminToken) })).status()).toBe(200);
});

test('an unverified customer sees the verify banner before filling anything, and why Place order and pay waits', async ({ page, request }) => {
  const account = { email: uniqueEmail('unverified'), password: 'unverified-pass-1' };
  await createEmulatorAccount(request, account);
  const token = await apiAccessToken(request, account);
  const [part] = await threeParts(request);
  const cart = await request.put(`${stackUrls.api}/cart`, { headers: bearer(token), data: { lines: [{ productId: part!._id, quantity: part!.min_quantity }] } });
  expect(cart.status()).toBe(200);
  await signInThroughLoginPage(page, account);
  await page.goto('/checkout');
  const banner = page.getByRole('region', { name: 'Verify your email' });
  await expect(banner).toContainText(checkoutText.verifyBeforePaying);
  // Above the form: the first thing on the page under its title.
  expect((await banner.boundingBox())!.y).toBeLessThan((await page.getByLabel('Full name').boundingBox())!.y);
  const place = page.getByRole('button', { name: /^Place order and pay/ });
  await expect(place).toBeDisabled();
  await expect(place).toHaveAccessibleDescription(checkoutText.placeDisabledUnverified);
  await banner.getByRole('button', { name: checkoutPageText.resendLink }).click();
  await expect(banner.getByRole('status')).toHaveText(signInText.verificationSent(account.email));
});

for (const width of [375, 1280]) {
  test(`the checkout and its confirmation at ${width} px`, async ({ page, request }) => {
    const parts = await threeParts(request);
    await setAccountCart(request, parts.map((part) => ({ productId: part._id, quantity: part.min_quantity })));
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, demoAccounts.customer);
    await page.goto('/checkout');
    await expect(page.getByLabel('Card number')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(shotsDir, `checkout-${width}.png`), fullPage: true });

    // Placed with a declined card: the confirmation page with Pay now.
    await enterCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: /^Place order and pay/ }).click();
    await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(shotsDir, `checkout-confirmation-unpaid-${width}.png`), fullPage: true });
    await enterCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay now/ }).click();
    await expect(page.getByTestId('checkout-status')).toHaveText('Paid');
    await page.evaluate(() => window.scrollTo(0, 0)); // the sticky navbar at the top of the picture
    await page.screenshot({ path: path.join(shotsDir, `checkout-confirmation-${width}.png`), fullPage: true });
  });
}

/** A checkout of three lines placed through the api for `account`, unpaid. */
const placeCheckout = placeCheckoutThroughApi;

test('the Purchase page keeps its toast and the return home; a free-text order’s Pay now asks for the structured address, then charges its shipping and tax', async ({ page, request }) => {
  const [part] = await threeParts(request);
  const buyer = await verifiedCustomer(request, 'toast-pay');
  await signInThroughLoginPage(page, buyer);
  await page.goto(`/purchase/${part!._id}`);
  await page.getByLabel('Quantity').fill(String(part!.min_quantity));
  await page.getByRole('button', { name: singleOrderText.typeOnOneLine }).click();
  await expect(page.getByText(singleOrderText.oneLineNote)).toBeVisible();
  await page.getByLabel('Address').fill('1 Market Street, San Francisco');
  await page.getByLabel('Phone number').fill('+1 415 555 0100');
  await page.getByRole('button', { name: 'Order Now' }).click();
  await expect(page.getByText('your order is placed.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', /^\/checkout\/[0-9a-f]{24}$/);
  // The spec's Payment page (My Orders → Pay) offers no card for it: it asks for the address first.
  await openLinePayment(page, part!);
  const payment = page.getByRole('region', { name: singleOrderText.addressFirstTitle });
  await expect(payment).toContainText(singleOrderText.addressFirst('1 Market Street, San Francisco'));
  await expect(page.getByText(/^Amount due: .*, plus shipping and tax\)$/)).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(shotsDir, `payment-address-first-${width}.png`), fullPage: true });
  }
  await payment.getByRole('link', { name: singleOrderText.giveAddress }).click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f]{24}$/);
  await expect(page.getByTestId('checkout-status')).toHaveText('Waiting for payment');
  // Before the card: the structured address, priced as the checkout prices it.
  const ask = page.getByRole('form', { name: singleOrderText.addressFirstTitle });
  await expect(ask).toContainText(singleOrderText.addressFirst('1 Market Street, San Francisco'));
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  // Its parts only until the address prices it: no "Free" shipping or $0.00 tax that is not so.
  await expect(page.getByTestId('confirmation-subtotal')).toBeVisible();
  await expect(page.getByTestId('confirmation-tax')).toHaveCount(0);
  await expect(page.getByTestId('confirmation-shipping')).toHaveCount(0);
  await fillCaliforniaAddress(page, '94105');
  await expect(page.getByTestId('give-address-tax')).not.toHaveText('$0.00');
  const quoted = await figure(page, 'give-address-total');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(shotsDir, 'checkout-confirmation-address-first.png'), fullPage: true });
  await ask.getByRole('button', { name: singleOrderText.saveAddress }).click();
  await expect(page.getByTestId('confirmation-total')).toHaveText(quoted);
  await expect(page.getByTestId('confirmation-tax')).not.toHaveText('$0.00');
  await expect(page.getByText('Casey Rivera, 1 Market Street, San Francisco, CA 94105, United States')).toBeVisible();
  await enterCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('button', { name: /^Pay now/ })).toHaveText(`Pay now (${quoted})`);
  await page.getByRole('button', { name: /^Pay now/ }).click();
  await expect(page.getByTestId('checkout-status')).toHaveText('Paid');
  const orderNumber = (await page.getByTestId('order-number').textContent())!;
  // My Orders: the single order, paid, under the same number; its page has the transaction id.
  await page.goto('/dashboard/myorders');
  await expect(page.getByRole('row').filter({ hasText: orderNumber })).toContainText('Paid');
  await page.goto(`/dashboard/orders/${orderNumber}`);
  await expect(page.getByRole('row').filter({ hasText: 'Transaction id: pi_' })).toHaveCount(1);
});

test('the Purchase page’s order and a cart checkout of the same part to the same California address are charged the same total', async ({ page, request }) => {
  const [part] = await threeParts(request);
  const buyer = await verifiedCustomer(request, 'same-total');
  await signInThroughLoginPage(page, buyer);

  // The Purchase page: the address's fields, the method, and the four figures before Order Now.
  await page.goto(`/purchase/${part!._id}`);
  await page.getByLabel('Quantity').fill(String(part!.min_quantity));
  await fillCaliforniaAddress(page, '94105');
  await page.getByRole('radio', { name: /Express/ }).check();
  await expect(page.getByTestId('purchase-shipping')).toHaveText('$24.99');
  await expect(page.getByTestId('purchase-tax')).not.toHaveText('$0.00');
  const single = {
    subtotal: await figure(page, 'purchase-subtotal'),
    shipping: await figure(page, 'purchase-shipping'),
    tax: await figure(page, 'purchase-tax'),
    total: await figure(page, 'purchase-total'),
  };
  await expect(page.getByTestId('order-total')).toHaveText(single.total);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(shotsDir, `purchase-priced-${width}.png`), fullPage: true });
  }
  await page.getByRole('button', { name: 'Order Now' }).click();
  await expect(page.getByText('your order is placed.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: 'Pay now' }).click();
  await expect(page.getByTestId('confirmation-total')).toHaveText(single.total);
  await enterCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('button', { name: /^Pay now/ })).toHaveText(`Pay now (${single.total})`);
  await page.getByRole('button', { name: /^Pay now/ }).click();
  await expect(page.getByTestId('checkout-status')).toHaveText('Paid');

  // The same part through the cart and the checkout, to the same address and method.
  const cart = await request.put(`${stackUrls.api}/cart`, { headers: bearer(buyer.token), data: { lines: [{ productId: part!._id, quantity: part!.min_quantity }] } });
  expect(cart.status()).toBe(200);
  await page.goto('/checkout');
  await fillCaliforniaAddress(page, '94105');
  await page.getByRole('radio', { name: /Express/ }).check();
  await expect(page.getByTestId('checkout-shipping')).toHaveText('$24.99');
  await expect(page.getByTestId('checkout-total')).toHaveText(single.total);
  expect({ subtotal: await figure(page, 'checkout-subtotal'), shipping: await figure(page, 'checkout-shipping'), tax: await figure(page, 'checkout-tax'), total: await figure(page, 'checkout-total') }).toEqual(single);
  await enterCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Place order and pay/ }).click();
  await expect(page.getByTestId('checkout-status')).toHaveText('Paid');
  await expect(page.getByTestId('confirmation-total')).toHaveText(single.total);

  // Both orders, paid, for the same total (My Orders' figures).
  const mine = await request.get(`${stackUrls.api}/orders/mine`, { headers: bearer(buyer.token) });
  expect(mine.status()).toBe(200);
  const orders = ((await mine.json()) as { items: { total: number; payment: string }[] }).items;
  expect(orders.map((order) => order.payment)).toEqual(['paid', 'paid']);
  expect(orders[0]!.total).toBe(orders[1]!.total);
});

for (const width of [375, 1280]) {
  test(`My Orders groups each order's parts under its header row, and an order's page shows its lines, at ${width} px: nothing wider than the page, Pay and Delete in view`, async ({ page, request }) => {
    const parts = await threeParts(request);
    const buyer = await verifiedCustomer(request, 'my-orders');
    const checkout = await placeCheckout(request, buyer.token, parts);
    const single = await request.post(`${stackUrls.api}/order`, {
      headers: { Authorization: `Bearer ${buyer.token}` },
      data: { productId: parts[0]!._id, order_quantity: parts[0]!.min_quantity, address: 'Flat 14, Harbour View Apartments, 12 Harbour Road, Portsmouth PO1 3AX, United Kingdom', phone: '+44 7700 900123' },
    });
    expect(single.status()).toBe(201);
    const singleNumber = (await single.json()).order.number as string;
    await page.setViewportSize({ width, height: 900 });
    await signInThroughLoginPage(page, buyer);
    await page.goto('/dashboard/myorders');
    const table = page.getByRole('table', { name: 'Your orders' });
    // Two orders, two groups: the checkout's three lines are one order, its header row and three part rows.
    const groups = table.getByRole('rowgroup', { name: /^Order PCP-/ });
    await expect(groups).toHaveCount(2);
    const checkoutGroup = table.getByRole('rowgroup', { name: `Order ${checkout.orderNumber}` });
    await expect(checkoutGroup.getByRole('row')).toHaveCount(4);
    const orderRow = table.getByRole('row').filter({ hasText: checkout.orderNumber });
    await expect(orderRow).toContainText('Waiting for payment');
    const pay = orderRow.getByRole('link', { name: `Pay for order ${checkout.orderNumber}` });
    await expect(pay).toHaveAttribute('href', `/checkout/${checkout.checkoutId}`);
    // The single order reads as the spec's row: its pay button opens the spec's payment page.
    await expect(table.getByRole('rowgroup', { name: `Order ${singleNumber}` }).getByRole('link', { name: `Pay for ${parts[0]!.name}` })).toHaveAttribute('href', /^\/dashboard\/payment\/[0-9a-f]{24}$/);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // A table from 1,100 px, one card per order below.
    expect(await orderRow.evaluate((row) => getComputedStyle(row).display)).toBe(width < 1100 ? 'grid' : 'table-row');
    // Pay and every Delete in view, inside the table.
    const tableBox = (await table.boundingBox())!;
    for (const control of await table.getByRole('button', { name: /^Delete/ }).all()) {
      const own = (await control.boundingBox())!;
      expect(own.x).toBeGreaterThanOrEqual(tableBox.x);
      expect(own.x + own.width).toBeLessThanOrEqual(tableBox.x + tableBox.width + 0.5);
    }
    await page.screenshot({ path: path.join(shotsDir, `my-orders-checkout-${width}.png`), fullPage: true });

    // The order's page: the spec's columns for each of its three lines, each with its Delete, all in view.
    await orderRow.getByRole('link', { name: checkout.orderNumber, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Order ${checkout.orderNumber}` })).toBeVisible();
    const lines = page.getByRole('table', { name: `The parts of order ${checkout.orderNumber}` });
    await expect(lines.getByRole('row')).toHaveCount(4);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const box = (await lines.boundingBox())!;
    const controls = await page.getByRole('button', { name: /^Delete the order for/ }).all();
    expect(controls).toHaveLength(3);
    for (const control of controls) {
      const own = (await control.boundingBox())!;
      expect(own.x).toBeGreaterThanOrEqual(box.x);
      expect(own.x + own.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
    }
    await page.screenshot({ path: path.join(shotsDir, `order-page-unpaid-${width}.png`), fullPage: true });
    await page.getByRole('link', { name: `Pay for order ${checkout.orderNumber}` }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/${checkout.checkoutId}$`));
    await expect(page.getByRole('button', { name: /^Pay now/ })).toBeVisible();
  });
}
