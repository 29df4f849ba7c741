import path from 'node:path';
import { expect, test, type Browser, type Page } from '../support/test';
import { demoDatabaseBanner, documentTitle, pageMeta } from '../../contracts/src/core';
import { demoAccounts, signIn } from '../support/auth';
import { stackUrls } from '../support/environment';

// Admins moderate reviews in mf-admin; the home page (mf-shop) follows at once. The stack runs on
// the in-memory database (`npm start` without MONGODB_URI), so admins see the demo-data banner.

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
const reviewsOnHome = (page: Page) => page.getByRole('region', { name: 'Our Customers Reviews', exact: true });
const banner = (page: Page) => page.getByRole('note', { name: 'Demo database' });
const shotsDir = path.resolve(__dirname, '../screenshots');

/** The demo customer posts a review through the api, as the Add Review page does; it is the newest. */
async function postReviewAsCustomer(browser: Browser, text: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, demoAccounts.customer);
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await page.request.post(`${stackUrls.api}/addReview`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { ratings: '1', review: text },
  });
  expect(response.status()).toBe(201);
  await context.close();
}

test('an admin hides a review and it leaves the home page at once; Show brings it back', async ({ page, browser }) => {
  const text = `Junk review ${Date.now().toString(36)}`;
  await postReviewAsCustomer(browser, text);

  await signIn(page, demoAccounts.admin);
  await page.goto('/');
  await expect(reviewsOnHome(page)).toContainText(text);

  // Same document from here on: the home page's list stays in the shell's QueryClient.
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await sidebar(page).getByRole('link', { name: 'Reviews' }).click();
  await expect(page).toHaveTitle(documentTitle(pageMeta.reviews.title));
  const row = page.getByRole('row').filter({ hasText: text });
  await expect(row).toContainText('Demo Customer');
  await expect(row).toContainText('customer@pcparts.dev');
  await expect(row).toContainText('Shown');
  await row.getByRole('button', { name: 'Hide: the review by Demo Customer' }).click();
  await expect(page.getByText('The review by Demo Customer is hidden from the home page.')).toBeVisible();
  await expect(row).toContainText('Hidden');

  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(reviewsOnHome(page).getByRole('article').first()).toBeVisible();
  await expect(reviewsOnHome(page)).not.toContainText(text);
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);

  // A visitor's fresh page never gets it either.
  const visitor = await browser.newPage();
  await visitor.goto('/');
  await expect(reviewsOnHome(visitor).getByRole('article')).toHaveCount(6);
  await expect(reviewsOnHome(visitor)).not.toContainText(text);

  // The log says who hid what.
  await page.goBack();
  await sidebar(page).getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('row').filter({ hasText: text }).first()).toContainText('hid the review of Demo Customer');

  await sidebar(page).getByRole('link', { name: 'Reviews' }).click();
  await row.getByRole('button', { name: 'Show: the review by Demo Customer' }).click();
  await expect(row).toContainText('Shown');
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(reviewsOnHome(page).getByRole('article').first()).toContainText(text);
  await visitor.reload();
  await expect(reviewsOnHome(visitor).getByRole('article').first()).toContainText(text);
  await visitor.close();
});

test('admins see the demo-data banner on the admin pages until they dismiss it; customers never do', async ({ page, browser }) => {
  await signIn(page, demoAccounts.admin);
  await page.goto('/dashboard/reviews');
  await expect(banner(page)).toHaveText(new RegExp(`^${demoDatabaseBanner.text}`));
  await expect(banner(page)).toContainText('Changes are not kept after a restart in this demo.');
  await sidebar(page).getByRole('link', { name: 'Manage Products' }).click();
  await expect(banner(page)).toBeVisible();
  await banner(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner(page)).toHaveCount(0);
  // Dismissed for the session: other admin pages, and a reload.
  await sidebar(page).getByRole('link', { name: 'Reviews' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Reviews: \d+$/ })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /^Reviews: \d+$/ })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);

  const context = await browser.newContext();
  const customer = await context.newPage();
  await signIn(customer, demoAccounts.customer);
  for (const route of ['/dashboard', '/dashboard/myOrders', '/dashboard/addReview', '/', '/dashboard/reviews']) {
    await customer.goto(route);
    await expect(customer.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(customer.getByText(demoDatabaseBanner.text)).toHaveCount(0);
  }
  await context.close();
});

test('every admin page has its own title', async ({ page }) => {
  await signIn(page, demoAccounts.admin);
  const pages = [
    ['/dashboard/makeadmin', pageMeta.makeAdmin],
    ['/dashboard/allOrder', pageMeta.allOrders],
    ['/dashboard/addproduct', pageMeta.addProduct],
    ['/dashboard/manageproduct', pageMeta.manageProducts],
    ['/dashboard/activity', pageMeta.activity],
    ['/dashboard/reviews', pageMeta.reviews],
  ] as const;
  for (const [route, meta] of pages) {
    await page.goto(route);
    await expect(page).toHaveTitle(documentTitle(meta.title));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', meta.description);
  }
});

test('the Reviews page with the banner, at 375 and 1280 px', async ({ page }) => {
  await signIn(page, demoAccounts.admin);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard/reviews');
    await expect(page.getByRole('table', { name: 'Reviews' })).toBeVisible();
    await expect(banner(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(shotsDir, `dashboard-reviews-banner-${width}.png`), fullPage: true });
  }
});
