import path from 'node:path';
import { expect, test, type Page } from '../support/test';
import { applyEmailedCode, createEmulatorAccount, demoAccounts, signInThroughLoginPage, uniqueEmail, verificationLinksTo } from '../support/auth';
import { stackUrls } from '../support/environment';
import { aPart, placeOrderThroughPage } from '../support/orders';
import { expectNoHorizontalScroll } from '../support/storefront';

const WRONG_CREDENTIALS = 'The email or the password is not right.';
const shotsDir = path.resolve(__dirname, '../screenshots');
const verifyBanner = (page: Page) => page.getByRole('region', { name: 'Verify your email' });

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Opens /login with router state, as a page that sends a signed-out visitor there does. */
async function openLoginWithState(page: Page, state: Record<string, unknown>) {
  await page.goto('/blogs');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // React Router keeps a navigation's state under `usr` and follows popstate, as on Back.
  await page.evaluate((usr) => {
    window.history.pushState({ usr, key: 'e2e', idx: 1 }, '', '/login');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, state);
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
}

/** The shop's verification emails to this address, in the demo mail inbox (MailDev). */
const verificationEmailsTo = (page: Page, email: string) => verificationLinksTo(page.request, email);

test.describe('honest sign-in', () => {
  test('a wrong password and an unknown email get the same sentence', async ({ page, request }) => {
    const account = { email: uniqueEmail('known'), password: 'right-pass-1' };
    await createEmulatorAccount(request, account);
    await page.goto('/login');

    await logIn(page, account.email, 'wrong-pass-1');
    await expect(page.getByRole('alert')).toHaveText(WRONG_CREDENTIALS);
    const forWrongPassword = await page.getByRole('alert').textContent();

    await logIn(page, uniqueEmail('nobody'), 'wrong-pass-1');
    // The alert is replaced when the second attempt fails; wait for that answer, not the first one.
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
    await expect(page.getByRole('alert')).toHaveText(WRONG_CREDENTIALS);
    expect(await page.getByRole('alert').textContent()).toBe(forWrongPassword);
    await expect(page.locator('body')).not.toContainText('No account');
  });

  test('a password of spaces alone is refused, on Sign Up and on Login', async ({ page }) => {
    const email = uniqueEmail('blank');
    await page.goto('/signup');
    await page.getByLabel('Name').fill('Blank Password');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('      ');
    await page.getByLabel('Password').press('Enter');
    await expect(page.getByText('Password cannot be only spaces')).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/signup$/);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

    await page.goto('/login');
    await logIn(page, email, '       ');
    await expect(page.getByText('Password cannot be only spaces')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('Login says why the visitor was sent there, then goes back to the purchase page', async ({ page, request }) => {
    const part = await aPart(request);
    const reason = `Log in to order ${part.name}`;
    await openLoginWithState(page, { from: { pathname: `/purchase/${part._id}` }, reason });
    const notice = page.getByRole('status').filter({ hasText: reason });
    await expect(notice).toHaveText(reason);
    // Above the form.
    const noticeBox = (await notice.boundingBox())!;
    const emailBox = (await page.getByLabel('Email').boundingBox())!;
    expect(noticeBox.y + noticeBox.height).toBeLessThanOrEqual(emailBox.y);

    await logIn(page, demoAccounts.customer.email, demoAccounts.customer.password);
    await expect(page).toHaveURL(new RegExp(`/purchase/${part._id}$`));
    await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
  });

  test('Login ignores a reason that is not text', async ({ page }) => {
    await openLoginWithState(page, { reason: { html: '<b>x</b>' } });
    await expect(page.getByRole('status')).toHaveCount(0);
    await openLoginWithState(page, { reason: 42 });
    await expect(page.getByRole('status')).toHaveCount(0);
  });

  test('after sign-up: a welcome by name, a banner until verified, Send again mails the link once more', async ({ page }) => {
    const email = uniqueEmail('welcome');
    await page.goto('/signup');
    await page.getByLabel('Name').fill('Wendy Welcome');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('welcome-pass-1');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Welcome, Wendy Welcome!')).toBeVisible();
    await expect(page.getByText(`We sent a verification email to ${email}. Check your inbox`)).toBeVisible();
    await expect.poll(async () => (await verificationEmailsTo(page, email)).length).toBe(1);

    await page.goto('/dashboard');
    const banner = verifyBanner(page);
    await expect(banner).toContainText(`Verify your email address: open the link we sent to ${email}.`);
    // Demo mode: it says where the link is, and links there.
    await expect(banner).toContainText(`Demo mode: the shop’s emails, this link included, arrive in the demo mail inbox at ${stackUrls.mailInbox}.`);
    await expect(banner.getByRole('link', { name: stackUrls.mailInbox })).toHaveAttribute('href', stackUrls.mailInbox);
    await banner.getByRole('button', { name: 'Send again' }).click();
    await expect(banner.getByRole('status')).toHaveText(`We sent the verification email again to ${email}.`);
    await expect.poll(async () => (await verificationEmailsTo(page, email)).length).toBe(2);

    // On every dashboard page, until dismissed.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Orders' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    await expect(banner).toHaveCount(0);
  });

  test('the banner goes once the email is verified in another tab; a verified account never sees it', async ({ page, request }) => {
    const account = { email: uniqueEmail('verify-later'), password: 'verify-pass-1' };
    await createEmulatorAccount(request, account);
    await signInThroughLoginPage(page, account);
    await page.goto('/dashboard');
    await expect(verifyBanner(page)).toBeVisible();
    await verifyBanner(page).getByRole('button', { name: 'Send again' }).click();
    await expect.poll(async () => (await verificationEmailsTo(page, account.email)).length).toBe(1);
    const [link] = await verificationEmailsTo(page, account.email);

    // The email's link, opened in a second tab, as from a mail client.
    const mailTab = await page.context().newPage();
    expect(new URL(link!).pathname).toBe('/auth/action');
    await mailTab.goto(link!);
    await expect(mailTab.getByRole('status')).toHaveText('Your email address is verified. Thank you!');
    // No reload and no focus: the first tab learns it through the identity both tabs share.
    await expect(verifyBanner(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    // Signed out once the page drops the access token (after the identity provider's session):
    // leaving before then, the next page would find that session still stored.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await signInThroughLoginPage(page, demoAccounts.customer);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(verifyBanner(page)).toHaveCount(0);
  });
});

test('verified on another device: the banner goes when the person comes back to the window', async ({ page, request }) => {
  const account = { email: uniqueEmail('other-device'), password: 'device-pass-1' };
  await createEmulatorAccount(request, account);
  await signInThroughLoginPage(page, account);
  await page.goto('/dashboard');
  await expect(verifyBanner(page)).toBeVisible();
  await verifyBanner(page).getByRole('button', { name: 'Send again' }).click();
  await expect.poll(async () => (await verificationEmailsTo(page, account.email)).length).toBe(1);
  const [link] = await verificationEmailsTo(page, account.email);
  // Verified elsewhere: the code applied at the identity provider, not in this browser.
  await applyEmailedCode(request, link!);

  await expect(verifyBanner(page)).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(verifyBanner(page)).toHaveCount(0);
});

test.describe('page titles', () => {
  test('the sign-in pages', async ({ page }) => {
    for (const [route, title] of [
      ['/login', 'Login — PC PART PICKER'],
      ['/signup', 'Sign Up — PC PART PICKER'],
      ['/forgot-password', 'Reset your password — PC PART PICKER'],
      ['/auth/action?mode=verifyEmail', 'Account action — PC PART PICKER'],
    ] as const) {
      await page.goto(route);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\w/);
    }
  });

  test("the customer's dashboard pages", async ({ page, request }) => {
    await signInThroughLoginPage(page, demoAccounts.customer);
    const part = await aPart(request);
    await placeOrderThroughPage(page, part, part.min_quantity);
    // My Orders opens the order's own page, which has the spec's Pay for its line.
    await page.goto('/dashboard/myOrders');
    await page.getByRole('table', { name: 'Your orders' }).getByRole('rowgroup').filter({ hasText: part.name }).first().getByRole('link', { name: /^PCP-[0-9A-Z]{6}$/ }).click();
    const heading = page.getByRole('heading', { level: 1, name: /^Order PCP-/ });
    const number = (await heading.textContent())!.replace('Order ', '');
    const orderPath = new URL(page.url()).pathname;
    const paymentPath = new URL((await page.getByRole('link', { name: `Pay for ${part.name}` }).getAttribute('href'))!, page.url()).pathname;
    for (const [route, title, description] of [
      [orderPath, `Order ${number} — PC PART PICKER`, `Your order ${number}: its parts, parcels, refunds and returns.`],
      ['/dashboard', 'My Profile — PC PART PICKER', 'Your profile, address and contact details.'],
      ['/dashboard/myOrders', 'My Orders — PC PART PICKER', 'Your orders, their payment and their status.'],
      ['/dashboard/addReview', 'Add Your Review — PC PART PICKER', 'Tell other customers what you think of the shop.'],
      [paymentPath, 'Payment — PC PART PICKER', 'Pay for your order by card.'],
      ['/dashboard/no-such-page', 'Page not found — PC PART PICKER', 'This dashboard page does not exist.'],
    ] as const) {
      await page.goto(route);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', description);
    }
  });
});

test.describe('screenshots of the sign-in pages', () => {
  for (const width of [375, 1280]) {
    test(`at ${width} px`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 900 });
      const shot = async (name: string) => {
        await expectNoHorizontalScroll(page);
        await page.screenshot({ path: path.join(shotsDir, `sign-in-${name}-${width}.png`), fullPage: true });
      };
      const part = await aPart(request);
      await openLoginWithState(page, { from: { pathname: `/purchase/${part._id}` }, reason: `Log in to order ${part.name}` });
      await shot('login-reason');
      await logIn(page, uniqueEmail('nobody'), 'wrong-pass-1');
      await expect(page.getByRole('alert')).toHaveText(WRONG_CREDENTIALS);
      await shot('login-error');

      await page.goto('/signup');
      await page.getByLabel('Password').fill('      ');
      // Enter, not a click: the error shown on leaving the field moves the button under the pointer.
      await page.getByLabel('Password').press('Enter');
      await expect(page.getByText('Password cannot be only spaces')).toBeVisible();
      await expect(page.getByText('name is required')).toBeVisible();
      await shot('signup-errors');

      const email = uniqueEmail('banner-shot');
      await page.getByLabel('Name').fill('Maximilian-Alexander Featherstonehaugh-Worthington III');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('banner-pass-1');
      await page.getByRole('button', { name: 'Sign up' }).click();
      await expect(page.getByText('Welcome, Maximilian-Alexander')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shot('welcome');
      await page.goto('/dashboard');
      await expect(verifyBanner(page)).toBeVisible();
      await verifyBanner(page).getByRole('button', { name: 'Send again' }).click();
      await expect(verifyBanner(page).getByRole('status')).not.toBeEmpty();
      await page.waitForLoadState('networkidle');
      await shot('dashboard-verify-banner');
    });
  }
});
