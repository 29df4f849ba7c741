import path from 'node:path';
import { expect, onServerHtml, test, type APIRequestContext, type Page } from '../support/test';
import { cartText, type Part } from '../../contracts/src/core';
import { apiAccessToken, demoAccounts, signInThroughLoginPage } from '../support/auth';
import { stackUrls } from '../support/environment';
import { apiParts } from '../support/storefront';

// The cart as a newcomer meets it: a visitor fills it, signs in, and finds it kept by the account.

const shotsDir = path.resolve(__dirname, '../screenshots');
const cartLink = (page: Page) => page.getByTestId('navbar-cart');

/** Three seeded parts with stock to spare. */
async function threeParts(request: APIRequestContext): Promise<Part[]> {
  const parts = (await apiParts(request)).filter((part) => part.p_quantity >= 50 && part.min_quantity >= 1);
  expect(parts.length).toBeGreaterThanOrEqual(3);
  return parts.slice(0, 3);
}

/** Empties the demo customer's cart in the api, so the test starts from a known account cart. */
async function emptyAccountCart(request: APIRequestContext) {
  const token = await apiAccessToken(request, demoAccounts.customer);
  const response = await request.put(`${stackUrls.api}/cart`, { headers: { Authorization: `Bearer ${token}` }, data: { lines: [] } });
  expect(response.status()).toBe(200);
}

test('a visitor fills the cart with three parts, signs in, and the cart survives in the account', async ({ page, request }) => {
  await emptyAccountCart(request);
  const [first, second, third] = await threeParts(request);
  await page.setViewportSize({ width: 1280, height: 900 });

  // One from its card in the catalog, one from its own page with a quantity, one more from its card.
  await page.goto(`/products?q=${encodeURIComponent(first!.name)}`);
  // Server-rendered: its controls work once the page has hydrated.
  await expect(page.locator('html')).toHaveAttribute('data-app', /hydrated|rendered/);
  const card = (part: Part) => page.getByRole('article').filter({ has: page.getByRole('heading', { name: part.name, exact: true }) });
  await card(first!).getByRole('button', { name: cartText.addPartToCart(first!.name) }).click();
  await expect(page.getByText(`${first!.name} is in your cart.`)).toBeVisible();
  await expect(card(first!).getByRole('link', { name: `In your cart (${first!.min_quantity})` })).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 part');

  await page.goto(`/products/${second!._id}`);
  // Server-rendered: its controls work once the page has hydrated.
  await expect(page.locator('html')).toHaveAttribute('data-app', /hydrated|rendered/);
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  await quantity.fill(String(second!.p_quantity + 1));
  await expect(page.getByText(`Maximum order quantity ${second!.p_quantity}`)).toBeVisible();
  await quantity.fill(String(second!.min_quantity + 1));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 parts');

  await page.goto(`/products?q=${encodeURIComponent(third!.name)}`);
  // Server-rendered: its controls work once the page has hydrated.
  await expect(page.locator('html')).toHaveAttribute('data-app', /hydrated|rendered/);
  await card(third!).getByRole('button', { name: cartText.addPartToCart(third!.name) }).click();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 parts');
  await expect(cartLink(page)).toHaveText('3');

  // The cart page prices what the visitor chose with the shop's prices.
  await cartLink(page).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await expect(page.getByTestId('cart-line')).toHaveCount(3);
  const subtotal = first!.price * first!.min_quantity + second!.price * (second!.min_quantity + 1) + third!.price * third!.min_quantity;
  await expect(page.getByTestId('cart-subtotal')).toHaveText(`$${(subtotal / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`);

  // Signing in keeps it: the lines go to the account's cart, and this browser's is emptied.
  await signInThroughLoginPage(page, demoAccounts.customer);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 parts');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('pcppVisitorCart'))).toBeNull();
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(3);
  await expect(page.getByRole('heading', { name: second!.name })).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: `Quantity of ${second!.name}` })).toHaveValue(String(second!.min_quantity + 1));

  // And another device (a fresh browser) signed in to the same account sees the same cart.
  const other = await page.context().browser()!.newContext();
  try {
    const otherPage = await other.newPage();
    await signInThroughLoginPage(otherPage, demoAccounts.customer, stackUrls.shell);
    await otherPage.goto(`${stackUrls.shell}/cart`);
    await expect(otherPage.getByTestId('cart-line')).toHaveCount(3);
  } finally {
    await other.close();
  }
});

test('a quantity typed on a part\'s page before its code has arrived is kept once the page hydrates', async ({ page, request }) => {
  const [part] = await threeParts(request);
  // The part page's own code (mf-shop's "product" chunk) is held until the figure is typed into the
  // server's HTML, as on a slow connection.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route(/\/product\.[0-9a-f]+\.js$/, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  await page.goto(`/products/${part!._id}`);
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  // Typed into the server's HTML on purpose: the point is that hydration keeps it.
  await onServerHtml(quantity).fill(String(part!.p_quantity + 1));
  await expect.poll(() => asked).toBe(true);
  release();
  // Once hydrated, the form checks the figure on screen: it was neither lost nor put back to the minimum.
  await expect(page.getByText(`Maximum order quantity ${part!.p_quantity}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  await expect(quantity).toHaveValue(String(part!.p_quantity + 1));
});

test('a line the stock no longer covers says so with the api’s sentence and blocks checkout; the stepper fixes it', async ({ page, request }) => {
  await emptyAccountCart(request);
  const [part] = await threeParts(request);
  const token = await apiAccessToken(request, demoAccounts.customer);
  const tooMany = part!.p_quantity + 1;
  await request.put(`${stackUrls.api}/cart`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { lines: [{ productId: part!._id, quantity: tooMany }] },
  });
  await signInThroughLoginPage(page, demoAccounts.customer);
  await page.goto('/cart');
  const line = page.getByTestId('cart-line');
  await expect(line.getByRole('alert')).toHaveText(`Only ${part!.p_quantity} left in stock.`);
  await expect(page.getByRole('button', { name: 'Check out' })).toBeDisabled();
  await page.getByRole('button', { name: `One fewer ${part!.name}` }).click();
  await expect(line.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Check out' })).toBeVisible();
  await emptyAccountCart(request);
});

for (const width of [375, 1280]) {
  test(`the cart at ${width} px`, async ({ page, request }) => {
    await emptyAccountCart(request);
    const parts = await threeParts(request);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    // A visitor's cart, as a newcomer fills it; one line above the stock to show the flag.
    await page.evaluate(
      (lines) => localStorage.setItem('pcppVisitorCart', JSON.stringify({ id: 'screenshot-cart', lines })),
      parts.map((part, index) => ({ productId: part._id, quantity: index === 2 ? part.p_quantity + 5 : part.min_quantity })),
    );
    await page.goto('/cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(3);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(shotsDir, `cart-${width}.png`), fullPage: true });
  });
}
