import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '../support/test';
import { demoAccounts, signIn } from '../support/auth';
import { aPart } from '../support/orders';
import { stackUrls } from '../support/environment';
import { repoRoot } from '../support/stack';

const placeholders = [
  { path: '/', heading: 'Welcome to PC PART PICKER', manifest: stackUrls.shop, admin: false },
  { path: '/blogs', heading: 'Blogs', manifest: stackUrls.shop, admin: false },
  { path: '/dashboard', heading: 'My Profile', manifest: stackUrls.dashboard, admin: true },
  { path: '/dashboard/manageproduct', heading: 'Manage Products', manifest: stackUrls.admin, admin: true },
];

for (const { path: route, heading, manifest, admin } of placeholders) {
  test(`${route} is rendered by the remote served at ${new URL(manifest).origin}`, async ({ page }) => {
    if (admin) await signIn(page, demoAccounts.admin);
    const manifests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/mf-manifest.json')) manifests.push(request.url());
    });
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(manifests).toContain(manifest);
    // Layout from the shell around it.
    await expect(page.getByRole('link', { name: 'PC PART PICKER home' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('PC PART PICKER');
  });
}

test('shell and remotes share one auth store', async ({ page }) => {
  // Only the shell's instance hears from the identity provider. A remote with its own copy of
  // the store would stay at "Checking your session…" and never learn who signed in.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByTestId('session-summary')).toHaveText('Log in or create an account to order parts.');

  await signIn(page, demoAccounts.admin);
  const signedIn = `Signed in as ${demoAccounts.admin.email}`;
  await expect(page.getByTestId('session-summary')).toHaveText(signedIn); // mf-shop
  await page.goto('/dashboard');
  await expect(page.getByTestId('session-summary')).toHaveText(signedIn); // mf-dashboard
  await page.goto('/dashboard/manageproduct');
  await expect(page.getByTestId('session-summary')).toHaveText(signedIn); // mf-admin
});

test('client-side navigation moves between remotes without reloading the page', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole('link', { name: 'Blogs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to PC PART PICKER' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test("the shell's build names no remote address: it reads them from /config.json", async ({ request }) => {
  const dist = path.join(repoRoot, 'shell/dist');
  const bundle = readdirSync(dist)
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(path.join(dist, file), 'utf8'))
    .join('\n');
  for (const port of [3001, 3002, 3003]) expect(bundle).not.toContain(`localhost:${port}`);

  const config = await (await request.get('/config.json')).json();
  expect(config.remotes).toEqual({
    mf_shop: stackUrls.shop,
    mf_dashboard: stackUrls.dashboard,
    mf_admin: stackUrls.admin,
  });
});

test('each remote takes the shell’s shared libraries as they are: no version warning on the form pages of the shell and the three remotes', async ({ page, browser, request }) => {
  // A shared singleton provided at a version outside a remote's range still loads, with a runtime
  // warning: @hookform/resolvers/zod was provided as its subpath's 1.0.0 against ^5.
  const warnings: string[] = [];
  const visit = async (on: Page, route: string, heading: string) => {
    await on.goto(route);
    await expect(on.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await on.waitForLoadState('networkidle');
  };
  const listen = (on: Page) =>
    on.on('console', (message) => {
      if (/shared singleton module|does not satisfy/.test(message.text())) warnings.push(message.text());
    });
  listen(page);
  const part = await aPart(request);
  await visit(page, '/login', 'Login');
  await signIn(page, demoAccounts.customer);
  await visit(page, `/purchase/${part._id}`, part.name);
  await expect(page.getByRole('button', { name: 'Order Now' })).toBeVisible();
  await visit(page, '/dashboard/settings', 'Settings');
  // The admin in a browser of its own (the customer's stays signed in).
  const adminPage = await (await browser.newContext()).newPage();
  listen(adminPage);
  await signIn(adminPage, demoAccounts.admin);
  await visit(adminPage, '/dashboard/addproduct', 'Add a Product');
  expect(warnings).toEqual([]);
});
