import path from 'node:path';
import { expect, test, type Page } from '../support/test';
import { ADVICE_SLOTS, type BuildAdvice, formatCents } from '../../contracts/src/core';
import { apiAccessToken, demoAccounts, signIn } from '../support/auth';
import { stackUrls } from '../support/environment';
import { expectNoHorizontalScroll, expectTouchTargets } from '../support/storefront';

// 'Suggest a build' on the PC Builder: a $1,500 gaming PC around a Ryzen 7 7700, suggested from
// the seeded catalog, used in the builder, added to the cart and paid for; its link renders on
// the server, and its form works without scripts; the panel at 375 and 1280 px, with a suggestion
// and with the sentence when nothing fits.

const shotsDir = path.resolve(__dirname, '../screenshots');
const GAMING = { budget: 150_000, use: 'gaming', cpu: 'ryzen-7-7700' } as const;
const suggestionPath = '/builder?suggest=1&budget=1500&use=gaming&cpu=ryzen-7-7700';
const panel = (page: Page) => page.getByRole('region', { name: 'Suggest a build' });
const suggested = (page: Page) => page.getByRole('list', { name: 'Suggested parts' }).getByRole('listitem');

test('a $1,500 gaming build for a Ryzen 7 7700: suggested with reasons, used in the builder, added to the cart and paid for', async ({ page, request }) => {
  test.setTimeout(150_000);
  // What the api suggests for the same request: the page shows exactly that.
  const answer = await request.post(`${stackUrls.api}/builds/advise`, { data: GAMING });
  expect(answer.status()).toBe(200);
  const advice = (await answer.json()) as BuildAdvice;
  expect(advice.total).toBeLessThanOrEqual(GAMING.budget);
  const names = ADVICE_SLOTS.map((slot) => advice.parts.find((part) => part._id === advice.selection[slot])!.name);
  const totalText = formatCents(advice.total);

  // The customer's account cart starts empty, so the checkout holds exactly the build.
  const token = await apiAccessToken(request, demoAccounts.customer);
  expect((await request.put(`${stackUrls.api}/cart`, { headers: { Authorization: `Bearer ${token}` }, data: { lines: [] } })).status()).toBe(200);
  await signIn(page, demoAccounts.customer);

  await page.goto('/builder');
  await page.getByRole('link', { name: 'Suggest a build' }).click();
  await expect(page).toHaveURL(/\/builder\?suggest=1$/);
  const form = panel(page);
  await expect(form.getByRole('heading', { level: 2, name: 'Suggest a build' })).toBeVisible();
  await form.getByLabel('Budget (USD)').fill('1500');
  await form.getByLabel('Use').selectOption('gaming');
  await form.getByLabel('Your CPU').selectOption('ryzen-7-7700');
  await form.getByRole('button', { name: 'Suggest a build' }).click();
  await expect(page).toHaveURL(new RegExp(`${suggestionPath.replace(/[?]/g, '\\?')}$`));

  // The parts with their reasons, the total, the check and the alternatives.
  await expect(form.getByRole('heading', { level: 3, name: 'The best build for $1,500: gaming, with your AMD Ryzen 7 7700' })).toBeVisible();
  await expect(suggested(page).locator('.name')).toHaveText(names);
  for (const slot of ADVICE_SLOTS) await expect(page.getByTestId(`suggested-${slot}`)).toContainText(advice.reasons[slot]!);
  await expect(page.getByTestId('suggestion-total')).toHaveText(totalText);
  await expect(form.getByText('Compatible', { exact: true })).toBeVisible();
  const alternatives = form.getByRole('list', { name: 'Alternatives' }).getByRole('listitem');
  await expect(alternatives).toHaveCount(advice.alternatives.length);
  await expect(alternatives.first()).toContainText(advice.alternatives[0]!.summary);

  // The same address from the shell's server: the suggestion is in its HTML.
  const html = await request.get(`${stackUrls.shell}${suggestionPath}`);
  expect(html.headers()['x-rendered']).toBe('server');
  const body = await html.text();
  for (const name of names) expect(body).toContain(name.replace(/&/g, '&amp;'));
  expect(body).toContain(totalText);

  // Use this build: the builder holds it, in its address, compatible, at the same total.
  await page.getByRole('link', { name: 'Use this build' }).click();
  await expect(page).toHaveURL(/\/builder\?b=cpu-ryzen-7-7700\.motherboard-[0-9a-f]{24}\.cooler-[0-9a-f]{24}\.memory-[0-9a-f]{24}\.storage-[0-9a-f]{24}\.gpu-[0-9a-f]{24}\.psu-[0-9a-f]{24}$/);
  await expect(panel(page)).toHaveCount(0);
  await expect(page.getByTestId('build-state')).toHaveText('Compatible');
  await expect(page.getByTestId('build-total')).toHaveText(totalText);
  for (const name of names) await expect(page.getByRole('link', { name, exact: true })).toBeVisible();

  // Into the cart, and one checkout paid by card.
  await page.getByRole('button', { name: 'Add build to cart' }).click();
  await expect(page.getByText('The build’s 6 parts are in your cart.')).toBeVisible();
  await expect(page.getByTestId('navbar-cart')).toHaveAccessibleName('Cart, 6 parts');
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(6);
  await page.getByRole('link', { name: 'Check out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await page.getByLabel('Full name').fill('Demo Customer');
  await page.getByLabel('Street and house number').fill('12 Harbour Road');
  await page.getByLabel('City').fill('Portsmouth');
  await page.getByLabel('Postal code').fill('PO1 3AX');
  await page.getByLabel('Country').selectOption('GB');
  await page.getByLabel('Phone number').fill('+44 7700 900123');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration date MM / YY').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Place order and pay/ }).click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f]{24}$/);
  await expect(page.getByTestId('checkout-status')).toHaveText('Paid');
  for (const name of names) await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  await expect(page.getByTestId('confirmation-total')).toHaveText(totalText);
});

test('the suggestion panel at 375 and 1280 px: a suggestion, Add all to cart, and the sentence when nothing fits', async ({ page }) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(suggestionPath);
    await expect(suggested(page)).toHaveCount(ADVICE_SLOTS.length);
    await expectNoHorizontalScroll(page);
    await expectTouchTargets(page);
    await page.screenshot({ path: path.join(shotsDir, `builder-suggestion-${width}.png`), fullPage: true });

    await page.goto('/builder?suggest=1&budget=300&use=gaming&cpu=ryzen-7-7700');
    await expect(panel(page).getByRole('alert')).toHaveText(/^The cheapest compatible build costs \$[\d,]+\.\d\d, more than your \$300 budget\.$/);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: path.join(shotsDir, `builder-suggestion-over-budget-${width}.png`), fullPage: true });
  }
  // A visitor adds the whole suggestion to the cart from the panel.
  await page.goto(suggestionPath);
  await page.getByRole('button', { name: 'Add all to cart' }).click();
  await expect(page.getByText('The build’s 6 parts are in your cart.')).toBeVisible();
  await expect(page.getByTestId('navbar-cart')).toHaveAccessibleName('Cart, 6 parts');
});

test('without scripts, the panel opens from its link and its form asks the server, which answers with the suggestion', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/builder?b=cpu-ryzen-7-7700');
  await page.getByRole('link', { name: 'Suggest a build' }).click();
  await expect(page).toHaveURL(/\/builder\?b=cpu-ryzen-7-7700&suggest=1&cpu=ryzen-7-7700$/);
  // The builder's CPU is the panel's.
  await expect(panel(page).getByLabel('Your CPU')).toHaveValue('ryzen-7-7700');
  await panel(page).getByLabel('Budget (USD)').fill('1500');
  await panel(page).getByLabel('Use').selectOption('gaming');
  await panel(page).getByRole('button', { name: 'Suggest a build' }).click();
  await expect(page).toHaveURL(/\/builder\?b=cpu-ryzen-7-7700&suggest=1&budget=1500&use=gaming&cpu=ryzen-7-7700$/);
  await expect(suggested(page)).toHaveCount(ADVICE_SLOTS.length);
  await expect(page.getByTestId('suggestion-total')).toHaveText(/^\$1,[0-4]\d\d\.\d\d$/);
});
