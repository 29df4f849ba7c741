import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../support/test';
import { demoAccounts, signIn } from '../support/auth';
import { stackUrls } from '../support/environment';
import { fillProfileAddress } from '../support/toasts';

const shotsDir = path.resolve(__dirname, '../screenshots');
const customerLinks = ['My Profile', 'Settings', 'My Orders', 'My Builds', 'My Alerts', 'Add a Review'];
const adminLinks = ['My Profile', 'Settings', 'Overview', 'Make Admin', 'Manage All Orders', 'Manage Products', 'Add a Product', 'Reviews', 'Activity', 'Releases'];

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** A value no earlier run left behind (the stack's database lives as long as `npm start`). */
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe('the sidebar by role', () => {
  test("a customer sees My Profile, My Orders, My Builds and Add a Review, and none of the admin's pages", async ({ page }) => {
    await signIn(page, demoAccounts.customer);
    await page.goto('/dashboard');
    await expect(heading(page, 'My Profile')).toBeVisible();
    await expect(sidebar(page).getByRole('link')).toHaveText(customerLinks);
    await expect(sidebar(page).getByRole('link', { name: 'My Profile' })).toHaveAttribute('aria-current', 'page');

    await sidebar(page).getByRole('link', { name: 'My Orders' }).click();
    await expect(page).toHaveURL(/\/dashboard\/myOrders$/);
    await expect(heading(page, 'My Orders')).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'My Orders' })).toHaveAttribute('aria-current', 'page');
    await expect(sidebar(page).getByRole('link', { name: 'My Profile' })).not.toHaveAttribute('aria-current', 'page');

    // The spec spells it both ways; both are the same page.
    await page.goto('/dashboard/myorders');
    await expect(heading(page, 'My Orders')).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'My Orders' })).toHaveAttribute('aria-current', 'page');
  });

  test('an admin sees the admin pages and not Add a Review; they open from mf-admin in the same frame', async ({
    page,
  }) => {
    const manifests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/mf-manifest.json')) manifests.push(request.url());
    });
    await signIn(page, demoAccounts.admin);
    await page.goto('/dashboard');
    await expect(heading(page, 'My Profile')).toBeVisible();
    await expect(sidebar(page).getByRole('link')).toHaveText(adminLinks);
    await expect(sidebar(page).getByRole('link', { name: 'Add a Review' })).toHaveCount(0);
    await expect(sidebar(page).getByRole('link', { name: 'My Orders' })).toHaveCount(0);

    const pages = [
      { link: 'Overview', url: /\/dashboard\/overview$/ },
      { link: 'Make Admin', url: /\/dashboard\/makeadmin$/ },
      { link: 'Manage All Orders', url: /\/dashboard\/allOrder$/ },
      { link: 'Manage Products', url: /\/dashboard\/manageproduct$/ },
      { link: 'Add a Product', url: /\/dashboard\/addproduct$/ },
      { link: 'Reviews', url: /\/dashboard\/reviews$/ },
      { link: 'Releases', url: /\/dashboard\/releases$/ },
      { link: 'Activity', url: /\/dashboard\/activity$/ },
    ];
    for (const { link, url } of pages) {
      await sidebar(page).getByRole('link', { name: link }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(sidebar(page).getByRole('link', { name: link })).toHaveAttribute('aria-current', 'page');
      await expect(sidebar(page).getByRole('link')).toHaveText(adminLinks);
    }
    expect(manifests).toContain(stackUrls.admin);

    // And back to mf-dashboard's page from mf-admin's frame.
    await sidebar(page).getByRole('link', { name: 'My Profile' }).click();
    await expect(heading(page, 'My Profile')).toBeVisible();
  });
});

test('the demo customer updates the profile: toast, new values at once, and still there after a reload', async ({
  page,
}) => {
  await signIn(page, demoAccounts.customer);
  await page.goto('/dashboard');
  await expect(heading(page, 'My Profile')).toBeVisible();
  await expect(page.getByText('Demo Customer', { exact: true })).toBeVisible();
  await expect(page.getByText(demoAccounts.customer.email, { exact: true }).first()).toBeVisible();

  const values = {
    address: unique('12 Harbour Road'),
    phone: `+44 7700 ${Math.floor(100000 + Math.random() * 899999)}`,
    profession: unique('Systems engineer'),
    linkin: `https://www.linkedin.com/in/${unique('demo').replace(' ', '-')}`,
  };
  const details = page.getByLabel('Profile details');
  const form = page.locator('form#profile-form');

  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(form).toBeVisible();
  // The shared rule: LinkedIn must be a web address.
  await form.getByLabel('LinkedIn profile').fill('my-profile');
  await form.getByRole('button', { name: 'Save Profile' }).click();
  await expect(form.getByText('Provide a full LinkedIn URL, like https://www.linkedin.com/in/your-name')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0)); // the sticky navbar at the top of the picture
  await page.screenshot({ path: path.join(shotsDir, 'dashboard-profile-form-1280.png'), fullPage: true });

  // Address is the saved shipping address (the checkout's), structured; the details show its line.
  await fillProfileAddress(form, values.address);
  await form.getByLabel('Phone number').fill(values.phone);
  await form.getByLabel('Profession').fill(values.profession);
  await form.getByLabel('LinkedIn profile').fill(values.linkin);
  await form.getByRole('button', { name: 'Save Profile' }).click();

  await expect(page.getByText('update Your Profile Information')).toBeVisible();
  await expect(form).toBeHidden();
  for (const value of Object.values(values)) await expect(details).toContainText(value);
  await expect(details.getByRole('link', { name: values.linkin })).toHaveAttribute('href', values.linkin);

  await page.reload();
  await expect(heading(page, 'My Profile')).toBeVisible();
  for (const value of Object.values(values)) await expect(page.getByLabel('Profile details')).toContainText(value);
});

test('the demo customer adds a review and finds it on the home page', async ({ page }) => {
  await signIn(page, demoAccounts.customer);
  await page.goto('/dashboard');
  await sidebar(page).getByRole('link', { name: 'Add a Review' }).click();
  await expect(page).toHaveURL(/\/dashboard\/addReview$/);
  await expect(heading(page, 'Add Your Review')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Demo Customer');
  await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Ratings').locator('option')).toHaveText([
    'Choose a rating',
    '0 stars',
    '1 star',
    '2 stars',
    '3 stars',
    '4 stars',
    '5 stars',
  ]);

  await page.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByText('ratings is required')).toBeVisible();
  await expect(page.getByText('review is required')).toBeVisible();

  const text = unique('Quiet cooler and fast delivery, review');
  await page.getByLabel('Ratings').selectOption('4');
  await page.getByLabel('Review', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByText('your review successfully given')).toBeVisible();
  await expect(page.getByLabel('Review', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Ratings')).toHaveValue('');

  await page.getByRole('link', { name: 'See it on the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  const reviews = page.locator('section', { has: page.getByRole('heading', { name: 'Our Customers Reviews' }) });
  await expect(reviews).toContainText(text);
  await expect(reviews).toContainText('Demo Customer');
});

test('at 375 px the sidebar folds behind a toggle that opens and closes it', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, demoAccounts.customer);
  await page.goto('/dashboard');
  await expect(heading(page, 'My Profile')).toBeVisible();

  const toggle = page.getByRole('button', { name: 'Dashboard menu' });
  const addReview = sidebar(page).getByRole('link', { name: 'Add a Review' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(addReview).toBeHidden();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(addReview).toBeVisible();
  await expect(sidebar(page).getByRole('link')).toHaveText(customerLinks);
  await page.screenshot({ path: path.join(shotsDir, 'dashboard-menu-open-375.png'), fullPage: true });

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(addReview).toBeHidden();

  // Choosing a page closes the menu.
  await toggle.click();
  await addReview.click();
  await expect(heading(page, 'Add Your Review')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  // The profile form on a phone, with a field's error showing.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await page.getByLabel('LinkedIn profile').fill('my-profile');
  await page.getByLabel('LinkedIn profile').blur();
  await expect(page.getByText('Provide a full LinkedIn URL, like https://www.linkedin.com/in/your-name')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.evaluate(() => window.scrollTo(0, 0)); // the sticky navbar at the top of the picture
  await page.screenshot({ path: path.join(shotsDir, 'dashboard-profile-form-375.png'), fullPage: true });

  // At a laptop's width the sidebar is always there and the toggle is not.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(toggle).toBeHidden();
  await expect(addReview).toBeVisible();
});

const pagesByRole = {
  customer: ['/dashboard', '/dashboard/settings', '/dashboard/myOrders', '/dashboard/addReview'],
  admin: ['/dashboard', '/dashboard/overview', '/dashboard/makeadmin', '/dashboard/allOrder', '/dashboard/manageproduct', '/dashboard/addproduct'],
} as const;

for (const role of ['customer', 'admin'] as const) {
  for (const width of [375, 1280]) {
    test(`the ${role}'s dashboard pages at ${width} px have no serious or critical accessibility violation`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, demoAccounts[role]);
      for (const route of pagesByRole[role]) {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('status')).toHaveCount(0); // the profile and the menu have loaded
        if (width === 375) await page.getByRole('button', { name: 'Dashboard menu' }).click();
        const results = await new AxeBuilder({ page }).analyze();
        const blocking = results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => ({ route, rule: violation.id, targets: violation.nodes.map((node) => node.target.join(' ')) }));
        expect(blocking).toEqual([]);
      }
    });
  }
}
