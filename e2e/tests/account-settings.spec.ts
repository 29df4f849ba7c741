import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { accountText, emailLinkText, ERASED_MARKER, loginReasons, signInText } from '../../contracts/src/core';
import { demoAccounts, signInThroughLoginPage, uniqueEmail, verificationLinksTo, verifiedCustomer } from '../support/auth';
import { stackUrls } from '../support/environment';
import { emailTo } from '../support/mail';
import { apiParts } from '../support/storefront';

// Account settings (issue 46), in the browser against the whole stack: the address book at the
// checkout, a free-text Address taken in, the email change through MailDev, a new password that
// signs another browser out, the data export, closing the account, and signing in on the way to
// paying. Each test has a customer of its own.

const shotsDir = path.resolve(__dirname, '../screenshots');
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const home = { fullName: 'Robin Settings', street: '12 Harbour Road', city: 'Portsmouth', postalCode: 'PO1 3AX', country: 'GB', phone: '+44 7700 900123' };
const office = { fullName: 'Robin Settings', street: '1 Market Street', city: 'San Francisco', postalCode: '94103', country: 'US', region: 'CA', phone: '+1 415 555 0100' };

/** A page's whole length at both widths, checked for sideways scrolling first. */
async function shootBothWidths(page: Page, name: string, ready: () => Promise<void> = async () => {}) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await ready();
    // From the top: a full-page picture taken scrolled down shows the sticky navbar midway.
    await page.evaluate(() => window.scrollTo(0, 0));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** One part with stock, in the customer's cart (through the api). */
async function cartWithOnePart(request: APIRequestContext, token: string) {
  const part = (await apiParts(request)).find((candidate) => candidate.p_quantity >= 50)!;
  expect((await request.put(`${stackUrls.api}/cart`, { headers: bearer(token), data: { lines: [{ productId: part._id, quantity: part.min_quantity }] } })).status()).toBe(200);
  return part;
}

/** Pays at the checkout with the sandbox's good card; answers the order number. */
async function placeAndPay(page: Page): Promise<string> {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration date MM / YY').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Place order and pay/ }).click();
  await expect(page.getByTestId('checkout-status')).toHaveText('Paid');
  return (await page.getByTestId('order-number').textContent())!;
}

/** Adds a saved address on the Settings page, through its form. */
async function addAddress(page: Page, label: string, address: typeof home | typeof office, makeDefault = false) {
  await page.getByRole('button', { name: accountText.addAddress }).click();
  const form = page.getByRole('form', { name: accountText.addAddress });
  await form.getByLabel(accountText.labelLabel).fill(label);
  await form.getByLabel('Full name').fill(address.fullName);
  await form.getByLabel('Street and house number').fill(address.street);
  await form.getByLabel('City').fill(address.city);
  await form.getByLabel('Country').selectOption(address.country);
  if ('region' in address) await form.getByLabel('State').selectOption(address.region);
  await form.getByLabel('Postal code').fill(address.postalCode);
  await form.getByLabel('Phone number').fill(address.phone);
  if (makeDefault) await form.getByLabel('Make it the default address').check();
  await form.getByRole('button', { name: accountText.saveAddress }).click();
  await expect(form).toHaveCount(0);
}

test('the checkout offers the two saved addresses, the default chosen; Download my data returns the order', async ({ page, request }) => {
  test.setTimeout(120_000);
  const customer = await verifiedCustomer(request, 'addresses');
  await signInThroughLoginPage(page, customer);
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('heading', { level: 1, name: accountText.settingsTitle })).toBeVisible();
  await expect(page.getByText(accountText.addressesEmpty)).toBeVisible();
  await addAddress(page, 'Home', home);
  await addAddress(page, 'Office', office, true);
  const cards = page.getByTestId('saved-address');
  await expect(cards).toHaveCount(2);
  // The default first, marked.
  await expect(cards.first()).toContainText('Office');
  await expect(cards.first()).toContainText(accountText.defaultBadge);
  await shootBothWidths(page, 'customer-dashboard-settings-addresses', () => expect(cards).toHaveCount(2));

  const part = await cartWithOnePart(request, customer.token);
  await page.goto('/checkout');
  const choices = page.getByTestId('address-choice');
  await expect(choices).toHaveCount(3);
  await expect(page.getByRole('radio', { name: /Office/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Home/ })).not.toBeChecked();
  await expect(page.getByLabel('Street and house number')).toHaveValue(office.street);
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('CA');
  // The other saved address fills the form; shipping and tax follow it.
  await page.getByRole('radio', { name: /Home/ }).check();
  await expect(page.getByLabel('Street and house number')).toHaveValue(home.street);
  await expect(page.getByLabel('Country')).toHaveValue('GB');
  await page.getByRole('radio', { name: /Office/ }).check();
  await expect(page.getByLabel('City')).toHaveValue(office.city);
  await expect(page.getByTestId('checkout-tax')).not.toHaveText('');
  await shootBothWidths(page, 'customer-checkout-saved-addresses', () => expect(choices).toHaveCount(3));
  const number = await placeAndPay(page);
  await expect(page.getByText('Robin Settings, 1 Market Street, San Francisco, CA 94103, United States')).toBeVisible();

  // Download my data: a JSON file holding this order, its line and its payment (no card number).
  await page.goto('/dashboard/settings');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: accountText.exportButton }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^pc-part-picker-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(data.account.email).toBe(customer.email);
  expect(data.addresses.map((entry: { label: string }) => entry.label)).toEqual(['Office', 'Home']);
  const order = data.orders.find((candidate: { number: string }) => candidate.number === number);
  expect(order.lines).toEqual([expect.objectContaining({ productName: part.name, paid: true })]);
  expect(order.payments).toEqual([{ paymentId: expect.stringMatching(/^pi_/), amount: order.total }]);
  // No card number (ids are hex, so a bare '4242' may be part of one).
  expect(JSON.stringify(data)).not.toMatch(/4242(\D?4242){3}/);
  expect(JSON.stringify(data)).not.toContain('last4');
  await expect(page.getByText(accountText.exportDone)).toBeVisible();
  expect((await emailTo(request, customer.email, 'Your data was downloaded')).text).toContain('downloaded');
});

test('a profile whose Address the spec saved as free text opens filled, asking to check it', async ({ page, request }) => {
  const customer = await verifiedCustomer(request, 'free-text');
  // The spec's own call: the four fields, Address one line of text.
  const saved = await request.put(`${stackUrls.api}/user/${customer.email}`, {
    headers: bearer(customer.token),
    data: { Address: '7 Old Lane, Bath BA1 1AA', phone: '+44 7700 900999', profession: 'Baker', linkin: 'https://www.linkedin.com/in/robin' },
  });
  expect(saved.status()).toBe(200);
  await signInThroughLoginPage(page, customer);
  await page.goto('/dashboard');
  const details = page.getByLabel('Profile details');
  // Shown as typed (not as a structured address with blanks).
  await expect(details.getByText('7 Old Lane, Bath BA1 1AA', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Update Profile' }).click();
  const form = page.locator('form#profile-form');
  await expect(form.getByLabel('Street and house number')).toHaveValue('7 Old Lane, Bath BA1 1AA');
  await expect(form.getByLabel('Phone number')).toHaveValue('+44 7700 900999');
  await expect(form.getByRole('note')).toHaveText(accountText.checkThisAddress);
  await shootBothWidths(page, 'customer-dashboard-profile-free-text', () => expect(form.getByRole('note')).toBeVisible());
  // Settings shows it as the default, to check.
  await page.goto('/dashboard/settings');
  await expect(page.getByTestId('saved-address')).toContainText(accountText.checkBadge);
});

test('a customer changes their email through the link in MailDev, signs in with the new one and sees the order placed before', async ({ page, request }) => {
  test.setTimeout(120_000);
  const customer = await verifiedCustomer(request, 'mover');
  const part = await cartWithOnePart(request, customer.token);
  const placed = await request.post(`${stackUrls.api}/checkout`, {
    headers: { ...bearer(customer.token), 'Idempotency-Key': `mover-${Date.now()}` },
    data: { lines: [{ productId: part._id, quantity: part.min_quantity }], address: home },
  });
  expect(placed.status()).toBe(201);
  const { orderNumber: number } = (await placed.json()) as { orderNumber: string };
  const newEmail = uniqueEmail('moved');

  await signInThroughLoginPage(page, customer);
  await page.goto('/dashboard/settings');
  const form = page.getByRole('form', { name: accountText.emailTitle });
  await form.getByLabel(accountText.newEmailLabel).fill(newEmail);
  await form.getByLabel(accountText.passwordLabel).fill(customer.password);
  await form.getByRole('button', { name: accountText.changeEmail }).click();
  await expect(form.getByRole('status')).toHaveText(accountText.emailLinkSent(newEmail));

  // The old address is told, with a way to say it was not them (its page asks once more; not pressed here).
  const notice = await emailTo(request, customer.email, 'Your email address is about to change');
  const undo = /(http\S+\/auth\/action\?mode=undoEmailChange&token=\S+)/.exec(notice.text)![1]!;
  await page.goto(undo.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('button', { name: accountText.undoButton })).toBeVisible();
  await shootBothWidths(page, 'auth-action-undo-email-change');
  const confirm = await emailTo(request, newEmail, 'Confirm your new email address');
  const link = /(http\S+\/auth\/action\?mode=verifyAndChangeEmail&oobCode=\S+)/.exec(confirm.text)![1]!;
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { level: 1, name: accountText.emailChangedTitle })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(accountText.emailChangedSignIn(newEmail));
  await shootBothWidths(page, 'auth-action-email-changed');

  await signInThroughLoginPage(page, { email: newEmail, password: customer.password });
  await page.goto('/dashboard/myorders');
  await expect(page.getByRole('link', { name: number, exact: true })).toBeVisible();
  await page.goto('/dashboard/settings');
  await expect(page.getByText(accountText.emailCurrent(newEmail))).toBeVisible();
  expect((await emailTo(request, customer.email, 'Your email address was changed')).text).toContain(newEmail);
});

test('a new password signs out another browser signed in before, at its next api call', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const customer = await verifiedCustomer(request, 'rekey');
  const other = await (await browser.newContext()).newPage();
  await signInThroughLoginPage(other, customer);
  await other.goto('/dashboard/myorders');
  await expect(other.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  // Sessions end by the second, as Firebase compares them.
  await page.waitForTimeout(1100);

  await signInThroughLoginPage(page, customer);
  await page.goto('/dashboard/settings');
  const form = page.getByRole('form', { name: accountText.passwordTitle });
  await form.getByLabel(accountText.currentPasswordLabel).fill(customer.password);
  await form.getByLabel(accountText.newPasswordLabel).fill('a-brand-new-one');
  await form.getByRole('button', { name: accountText.changePassword }).click();
  await expect(form.getByRole('status')).toHaveText(accountText.passwordChanged);
  // This browser stays signed in.
  await page.goto('/dashboard/myorders');
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();

  // The other browser's next call (My Builds, opened in the page) is refused and it is signed out.
  await other.getByRole('link', { name: 'My Builds' }).click();
  await expect(other).toHaveURL(/\/login$/);
  await expect.poll(() => other.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await signInThroughLoginPage(other, { email: customer.email, password: 'a-brand-new-one' });
  expect((await emailTo(request, customer.email, 'Your password was changed')).text).toContain('signed out');
});

test('Sign out everywhere ends this session too, with the list of what ends', async ({ page, request }) => {
  const customer = await verifiedCustomer(request, 'everywhere');
  await signInThroughLoginPage(page, customer);
  await page.goto('/dashboard/settings');
  await page.getByRole('button', { name: accountText.signOutEverywhere }).click();
  const dialog = page.getByRole('dialog');
  for (const line of accountText.sessionsWhat) await expect(dialog).toContainText(line);
  await dialog.getByRole('button', { name: accountText.signOutEverywhere }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toHaveText(accountText.signedOutEverywhere);
});

test('Close my account leaves the paid order in All Orders with the marker, and the account can no longer sign in', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const customer = await verifiedCustomer(request, 'leaver');
  await cartWithOnePart(request, customer.token);
  await signInThroughLoginPage(page, customer);
  await page.goto('/checkout');
  await page.getByLabel('Full name').fill('Lee Leaver');
  await page.getByLabel('Street and house number').fill(home.street);
  await page.getByLabel('City').fill(home.city);
  await page.getByLabel('Country').selectOption('GB');
  await page.getByLabel('Postal code').fill(home.postalCode);
  await page.getByLabel('Phone number').fill(home.phone);
  const number = await placeAndPay(page);

  await page.goto('/dashboard/settings');
  const form = page.getByRole('form', { name: accountText.closeTitle });
  await form.getByLabel(accountText.closeConfirmEmailLabel).fill('someone.else@example.com');
  await form.getByRole('button', { name: accountText.closeButton }).click();
  await expect(form.getByText(accountText.closeConfirmMismatch)).toBeVisible();
  await form.getByLabel(accountText.closeConfirmEmailLabel).fill(customer.email);
  await form.getByLabel(accountText.passwordLabel).fill(customer.password);
  await form.getByRole('button', { name: accountText.closeButton }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(accountText.closeWhat[1]!);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(shotsDir, `customer-dashboard-settings-close-dialog-${width}.png`) });
  }
  await dialog.getByRole('button', { name: accountText.closeButton }).click();
  // Signed out, on the login page, which says why.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toHaveText(accountText.accountClosed);

  // The admin's All Orders keeps the paid order, with the marker where the customer was.
  await signInThroughLoginPage(page, demoAccounts.admin);
  await page.goto(`/dashboard/allOrder?q=${number}`);
  const row = page.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText(ERASED_MARKER);
  await expect(row).not.toContainText('Lee Leaver');
  await expect(row).not.toContainText(customer.email);
  await page.goto(`/dashboard/allOrder/${number}`);
  await expect(page.getByText('Lee Leaver')).toHaveCount(0);

  // The account is gone: its password no longer signs in (a browser of its own).
  const again = await (await browser.newContext()).newPage();
  await again.goto('/login');
  await again.getByLabel('Email').fill(customer.email);
  await again.getByLabel('Password').fill(customer.password);
  await again.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(again.getByRole('alert')).toHaveText(signInText.wrongCredentials);
});

test('a visitor sent from Check out to sign in is told why, and comes back to the checkout after signing up and verifying', async ({ page, request }) => {
  test.setTimeout(120_000);
  const part = (await apiParts(request)).find((candidate) => candidate.p_quantity >= 50)!;
  await page.goto('/');
  await page.evaluate(
    (line) => localStorage.setItem('pcppVisitorCart', JSON.stringify({ id: `visitor-${Date.now()}`, lines: [line] })),
    { productId: part._id, quantity: part.min_quantity },
  );
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Check out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: loginReasons.toCheckOut })).toBeVisible();
  await shootBothWidths(page, 'login-from-checkout', () => expect(page.getByText(loginReasons.toCheckOut)).toBeVisible());

  // Sign up from there: back at the checkout, the cart kept.
  await page.getByRole('link', { name: 'Create New Account' }).click();
  const email = uniqueEmail('on-the-way');
  await page.getByLabel('Name').fill('Sam Onway');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('on-the-way-1');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByTestId('navbar-cart')).toHaveAccessibleName(/Cart, [1-9]\d* parts?/);

  // The verification link brings them back to the checkout, verified.
  await expect.poll(async () => (await verificationLinksTo(request, email)).length).toBeGreaterThan(0);
  const [link] = await verificationLinksTo(request, email);
  await page.goto(link!.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('status')).toHaveText(/verified/);
  await page.getByRole('link', { name: emailLinkText.backToCheckout }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('button', { name: /^Place order and pay/ })).toBeVisible();
});

test('a customer who signed up with parts in the cart is offered "Back to checkout" once verified; one with none, the shop', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const part = (await apiParts(request)).find((candidate) => candidate.p_quantity >= 50)!;
  const signUpAndVerify = async (onPage: Page, email: string) => {
    await onPage.goto('/signup');
    await onPage.getByLabel('Name').fill('Vera Waiting');
    await onPage.getByLabel('Email').fill(email);
    await onPage.getByLabel('Password').fill('cart-waits-1');
    await onPage.getByRole('button', { name: 'Sign up' }).click();
    await expect(onPage).not.toHaveURL(/\/signup$/);
    await expect.poll(async () => (await verificationLinksTo(request, email)).length).toBeGreaterThan(0);
    const [link] = await verificationLinksTo(request, email);
    await onPage.goto(link!.replace(/^https?:\/\/[^/]+/, ''));
    await expect(onPage.getByRole('status')).toHaveText(emailLinkText.emailVerified);
  };

  // Parts in the cart, the sign-up not on the way to the checkout: the verified page leads there anyway.
  await page.goto('/');
  await page.evaluate(
    (line) => localStorage.setItem('pcppVisitorCart', JSON.stringify({ id: `visitor-${Date.now()}`, lines: [line] })),
    { productId: part._id, quantity: part.min_quantity },
  );
  await signUpAndVerify(page, uniqueEmail('cart-waits'));
  await expect(page.getByTestId('navbar-cart')).toHaveAccessibleName(/Cart, [1-9]\d* parts?/);
  await shootBothWidths(page, 'email-verified-cart-waiting', () => expect(page.getByRole('link', { name: emailLinkText.backToCheckout })).toBeVisible());
  await page.getByRole('link', { name: emailLinkText.backToCheckout }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('button', { name: /^Place order and pay/ })).toBeVisible();

  // An empty cart: back to the shop.
  const empty = await (await browser.newContext()).newPage();
  await signUpAndVerify(empty, uniqueEmail('no-cart'));
  await expect(empty.getByRole('link', { name: emailLinkText.continueShopping })).toBeVisible();
  await expect(empty.getByRole('link', { name: emailLinkText.backToCheckout })).toHaveCount(0);
});
