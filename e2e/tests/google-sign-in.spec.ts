import { expect, test, type Page } from '@playwright/test';
import { demoAccounts, signInThroughLoginPage, uniqueEmail } from '../support/auth';

async function signInWithGooglePopup(page: Page, email: string, displayName: string) {
  await page.goto('/login');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue With Google' }).click();
  const popup = await popupOpened;
  await popup.getByText('Add new account').click();
  await popup.locator('#email-input').fill(email);
  await popup.locator('#display-name-input').fill(displayName);
  const popupClosed = popup.waitForEvent('close');
  await popup.locator('#sign-in').click();
  // The SDK closes the popup once the helper iframe has passed the result on.
  await popupClosed;
}

function accessTokenSubject(page: Page) {
  return page.evaluate(() => {
    const token = localStorage.getItem('accessToken');
    return token ? (JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).sub as string) : null;
  });
}

// The real popup flow, offline: the shell's host proxies the auth emulator and serves the gapi
// stand-in (tooling/auth-emulator). Nothing here is faked with page.route.
test.describe('Continue With Google (auth emulator popup)', () => {
  test('a new Google account signs in and the shell shows the session', async ({ page }) => {
    await signInWithGooglePopup(page, uniqueEmail('google'), 'Grace Google');

    const navbar = page.getByRole('navigation', { name: 'Main' });
    await expect(navbar.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(navbar.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
  });

  test('an account made with email and password can also sign in with Google, as the same user', async ({ page }) => {
    const email = uniqueEmail('both-ways');
    await page.goto('/signup');
    await page.getByLabel('Name').fill('Both Ways');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('both-ways-1');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => accessTokenSubject(page)).toBeTruthy();
    const userId = await accessTokenSubject(page);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

    // Same email through Google: the identity provider opens the same account, so the api
    // hands out a token for the same user.
    await signInWithGooglePopup(page, email, 'Both Ways');
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect.poll(() => accessTokenSubject(page)).toBe(userId);
  });

  test('the demo customer signs in with Google from the popup, and the password still works after', async ({ page }) => {
    await page.goto('/login');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue With Google' }).click();
    const popup = await popupOpened;
    const popupClosed = popup.waitForEvent('close');
    // The demo accounts come with a Google identity, listed by the emulator's popup.
    await popup.getByText(demoAccounts.customer.email).click();
    await popupClosed;
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(page.getByTestId('session-summary')).toHaveText(`Signed in as ${demoAccounts.customer.email}`);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await signInThroughLoginPage(page, demoAccounts.customer);
    await expect(page.getByTestId('session-summary')).toHaveText(`Signed in as ${demoAccounts.customer.email}`);
  });

  test('closing the popup gives the form back within a second, with a sentence in red, never a provider code', async ({ page }) => {
    await page.goto('/login');
    const google = page.getByRole('button', { name: 'Continue With Google' });
    const popupOpened = page.waitForEvent('popup');
    await google.click();
    const popup = await popupOpened;
    await expect(popup.getByText('Add new account')).toBeVisible();
    await expect(page.getByText('Signing you in…')).toBeVisible();
    await expect(google).toBeDisabled();

    await popup.close();
    const closedAt = Date.now();
    // The SDK alone would notice ~10 s later (it polls every 2 s, then waits 8 s for an answer).
    await expect(google).toBeEnabled({ timeout: 1_000 });
    await expect(page.getByText('Signing you in…')).toHaveCount(0, { timeout: 1_000 });
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled({ timeout: 1_000 });
    expect(Date.now() - closedAt).toBeLessThan(1_000);
    const error = page.getByRole('alert');
    await expect(error).toHaveText('The Google window was closed before you finished signing in.');
    await expect(error).toHaveCSS('color', 'rgb(185, 28, 28)');
    await expect(page.locator('body')).not.toContainText('auth/');

    // A second try works, and the first attempt's late verdict from the SDK changes nothing.
    const again = page.waitForEvent('popup');
    await google.click();
    const secondPopup = await again;
    const secondClosed = secondPopup.waitForEvent('close');
    await secondPopup.getByText(demoAccounts.customer.email).click();
    await secondClosed;
    await expect(page).not.toHaveURL(/\/login$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
