import path from 'node:path';
import { expect, test, type Page } from '../support/test';
import { demoAccounts, googleStandInPopup, signInThroughLoginPage, uniqueEmail } from '../support/auth';
import { stackUrls } from '../support/environment';

// "Continue With Google" offline: the real SDK popup flow against the auth emulator, with the
// shop's own stand-in for Google's page (tooling/auth-emulator). It signs in any address that has
// no password, unverified, and never one that has; the emulator's own page (an account list, a
// redirect to any URL) is not on the shop's origin. Nothing here is faked with page.route.

const verifyBanner = (page: Page) => page.getByRole('region', { name: 'Verify your email' });
const shotsDir = path.resolve(__dirname, '../screenshots');

test.describe('Continue With Google (the demo stand-in)', () => {
  test('a new Google account signs in, as an unverified customer until its emailed link is opened', async ({ page }) => {
    const email = uniqueEmail('google');
    const { closed } = await googleStandInPopup(page, { email, displayName: 'Grace Google' });
    await closed;
    const navbar = page.getByRole('navigation', { name: 'Main' });
    await expect(navbar.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
    await expect(page.getByTestId('session-summary')).toHaveText(`Signed in as ${email}`);
    // The stand-in vouches for nothing: the address is verified like any other.
    await page.goto('/dashboard');
    await expect(verifyBanner(page)).toContainText(email);
  });

  test('an address that has a password is never opened with Google: the window says so, and the password still works', async ({ page }) => {
    const { popup } = await googleStandInPopup(page, { email: demoAccounts.customer.email, displayName: 'Not the customer' });
    await expect(popup.getByRole('alert')).toHaveText(
      'An account with this email signs in with its password. Close this window and log in with your password.',
    );
    await popup.screenshot({ path: path.join(shotsDir, 'google-stand-in-refused.png'), fullPage: true });
    await popup.close();
    await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

    await signInThroughLoginPage(page, demoAccounts.customer);
    await expect(page.getByTestId('session-summary')).toHaveText(`Signed in as ${demoAccounts.customer.email}`);
  });

  test('the Google page is the shop’s own: no account list, a strict policy, and a javascript: redirect never runs', async ({ page, request }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const evil = encodeURIComponent('javascript:alert(document.domain)');
    for (const authType of ['signInViaRedirect', 'signInViaPopup']) {
      const url = `/emulator/auth/handler?apiKey=demo-api-key&appName=%5BDEFAULT%5D&authType=${authType}&providerId=google.com&eventId=1&redirectUrl=${evil}`;
      const answer = await page.goto(url);
      const policy = answer?.headers()['content-security-policy'] ?? '';
      expect(policy).toMatch(/script-src 'self'(;|$)/);
      expect(policy).not.toContain('unsafe-inline');
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in with Google' })).toBeVisible();
      // The emulator's page listed every Google account of the project and offered "Add new account".
      await expect(page.getByText(demoAccounts.customer.email)).toHaveCount(0);
      await expect(page.getByText(demoAccounts.admin.email)).toHaveCount(0);
      await expect(page.getByText('Add new account')).toHaveCount(0);
      // Whatever can be submitted goes nowhere but its own error.
      const email = page.getByLabel('Email');
      if (await email.isVisible()) {
        await email.fill(uniqueEmail('no-redirect'));
        await page.getByRole('button', { name: 'Sign in' }).click();
      }
      await expect(page.getByRole('alert')).not.toBeEmpty();
      await page.waitForTimeout(500);
      expect(new URL(page.url()).pathname).toBe('/emulator/auth/handler');
    }
    expect(dialogs).toEqual([]);
    // Not the emulator's page, on the shop's origin or anywhere the shop sends people.
    const served = await (await request.get(`${stackUrls.shell}/emulator/auth/handler?apiKey=demo-api-key&providerId=google.com`)).text();
    expect(served).not.toMatch(/js-reuse-account|Auth Emulator|redirectUrl/);
  });

  test('closing the popup gives the form back within a second, with a sentence in red, never a provider code', async ({ page }) => {
    // The page's clock is the test's: "within a second" is a second of the page's timers, not of
    // this machine's (the SDK's own checks, every 2 s and then 8 s more, never get their turn).
    await page.clock.install();
    await page.goto('/login');
    const google = page.getByRole('button', { name: 'Continue With Google' });
    const popupOpened = page.waitForEvent('popup');
    await google.click();
    const popup = await popupOpened;
    await expect(popup.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
    await expect(page.getByText('Signing you in…')).toBeVisible();
    await expect(google).toBeDisabled();

    // Stopped a moment ahead of the page's now (which runs on while this call travels).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
    await popup.close();
    await page.clock.runFor(999);
    await expect(google).toBeEnabled();
    await expect(page.getByText('Signing you in…')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
    await page.clock.resume();
    const error = page.getByRole('alert');
    await expect(error).toHaveText('The Google window was closed before you finished signing in.');
    await expect(error).toHaveCSS('color', 'rgb(185, 28, 28)');
    await expect(page.locator('body')).not.toContainText('auth/');

    // A second try works, and the first attempt's late verdict from the SDK changes nothing.
    const { closed } = await googleStandInPopup(page, { email: uniqueEmail('second-try') });
    await closed;
    await expect(page).not.toHaveURL(/\/login$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
