import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../support/auth';

// The real popup flow, offline: the shell's host proxies the auth emulator and serves the gapi
// stand-in (tooling/auth-emulator). Nothing here is faked with page.route.
test.describe('Continue With Google (auth emulator popup)', () => {
  test('a new Google account signs in and the shell shows the session', async ({ page }) => {
    await page.goto('/login');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue With Google' }).click();
    const popup = await popupOpened;

    await popup.getByText('Add new account').click();
    await popup.locator('#email-input').fill(uniqueEmail('google'));
    await popup.locator('#display-name-input').fill('Grace Google');
    const popupClosed = popup.waitForEvent('close');
    await popup.locator('#sign-in').click();
    // The SDK closes the popup once the helper iframe has passed the result on.
    await popupClosed;

    const navbar = page.getByRole('navigation', { name: 'Main' });
    await expect(navbar.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(navbar.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
  });

  test('closing the popup shows a sentence in red, never a provider code', async ({ page }) => {
    await page.goto('/login');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue With Google' }).click();
    const popup = await popupOpened;
    await expect(popup.getByText('Add new account')).toBeVisible();
    await popup.close();

    // The SDK notices the closed window on its next poll, then waits out a grace period.
    const error = page.getByRole('alert');
    await expect(error).toHaveText('The Google window was closed before you finished signing in.', { timeout: 20_000 });
    await expect(error).toHaveCSS('color', 'rgb(185, 28, 28)');
    await expect(page.locator('body')).not.toContainText('auth/');
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  });
});
