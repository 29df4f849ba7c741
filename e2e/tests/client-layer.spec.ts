import { expect, test, type Page } from '../support/test';
import { demoAccounts, signInThroughLoginPage } from '../support/auth';
import { stackUrls } from '../support/environment';
import { fillProfileAddress } from '../support/toasts';

// The shared client layer in the real build: one QueryClient for the shell and every remote,
// and a session refresh that cannot loop.

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
const apiPath = (url: string) => (url.startsWith(stackUrls.api) ? new URL(url).pathname : null);

test('admin pages ask the api for the role once per session, whatever the guard and the sidebar need', async ({ page }) => {
  const roleChecks: string[] = [];
  page.on('request', (request) => {
    const path = apiPath(request.url());
    if (path?.startsWith('/admin/') && request.method() === 'GET') roleChecks.push(path);
  });
  await signInThroughLoginPage(page, demoAccounts.admin);
  await page.goto('/dashboard/makeadmin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const link of ['Manage All Orders', 'Manage Products', 'Add a Product', 'My Profile', 'Make Admin']) {
    await sidebar(page).getByRole('link', { name: link }).click();
    await expect(sidebar(page).getByRole('link', { name: link })).toHaveAttribute('aria-current', 'page');
  }
  expect(roleChecks).toEqual(['/admin/admin%40pcparts.dev']);
});

test('a review posted in mf-dashboard is fresh on the home page of mf-shop without a reload', async ({ page }) => {
  await signInThroughLoginPage(page, demoAccounts.customer);
  await page.goto('/');
  const reviews = page.locator('section', { has: page.getByRole('heading', { name: 'Our Customers Reviews' }) });
  await expect(reviews.getByRole('listitem')).toHaveCount(6);

  // Same document from here on: the home page's reviews stay in the shell's QueryClient.
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await sidebar(page).getByRole('link', { name: 'Add a Review' }).click();
  const text = `Fresh across remotes ${Date.now().toString(36)}`;
  await page.getByLabel('Ratings').selectOption('5');
  await page.getByLabel('Review', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByText('your review successfully given')).toBeVisible();

  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(reviews).toContainText(text);
  // No full page load happened: the fresh list came from the invalidated query, not a reload.
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
});

test('a session that cannot be renewed ends once and lands on /login with a sentence', async ({ page }) => {
  await signInThroughLoginPage(page, demoAccounts.customer);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await page.getByRole('button', { name: 'Update Profile' }).click();

  // From now on the api refuses the access token and the token exchange alike.
  const puts: string[] = [];
  await page.route(`${stackUrls.api}/user/**`, async (route) => {
    const request = route.request();
    if (request.method() !== 'PUT') return route.continue();
    puts.push(Object.keys(request.postDataJSON() as object).sort().join(','));
    await route.fulfill({ status: 401, json: { message: 'Your session has expired. Sign in again.' } });
  });
  await fillProfileAddress(page.locator('form#profile-form'), '1 Expired Lane');
  await page.getByLabel('Phone number').fill('+44 7700 900199');
  await page.getByLabel('Profession').fill('Tester');
  await page.getByLabel('LinkedIn profile').fill('https://www.linkedin.com/in/tester');
  await page.getByRole('button', { name: 'Save Profile' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert')).toHaveText('Your session has ended. Please log in again.');
  // The refused save, then exactly one exchange: no loop, no second exchange.
  expect(puts).toEqual(['Address,linkin,phone,profession,shippingAddress', 'email']);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

  // Signing in again goes back to the page the person was on.
  await page.unroute(`${stackUrls.api}/user/**`);
  await page.getByLabel('Email').fill(demoAccounts.customer.email);
  await page.getByLabel('Password').fill(demoAccounts.customer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
