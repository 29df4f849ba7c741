import { expect, test, type Page } from '../support/test';
import { apiAccessToken, createEmulatorAccount, demoAccounts, signInThroughLoginPage, uniqueEmail } from '../support/auth';
import { stackUrls } from '../support/environment';
import { apiParts } from '../support/storefront';
import { showProfileToast } from '../support/toasts';

const navbar = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const menuLinks = (page: Page) => page.locator('#main-menu').getByRole('link');
const menuToggle = (page: Page) => navbar(page).getByRole('button', { name: /menu$/ });

test.describe('the navbar', () => {
  test('has Products after Home, then the PC Builder, and marks the current page, with or without a query', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(menuLinks(page)).toHaveText(['Home', 'Products', 'PC Builder', 'Blogs', 'Portfolio', 'Login']);
    await expect(menuLinks(page).filter({ hasText: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('#main-menu [aria-current="page"]')).toHaveCount(1);

    await menuLinks(page).filter({ hasText: 'Products' }).click();
    await expect(page).toHaveURL(/\/products$/);
    const products = menuLinks(page).filter({ hasText: 'Products' });
    await expect(products).toHaveAttribute('aria-current', 'page');
    await expect(menuLinks(page).filter({ hasText: 'Home' })).not.toHaveAttribute('aria-current', 'page');

    await page.goto('/products?category=Memory&sort=price-asc');
    await expect(products).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('#main-menu [aria-current="page"]')).toHaveCount(1);
    // Seen, not only announced: the current link differs from the others.
    const look = (name: string) =>
      menuLinks(page)
        .filter({ hasText: name })
        .evaluate((el) => `${getComputedStyle(el).backgroundColor} ${getComputedStyle(el).boxShadow}`);
    expect(await look('Products')).not.toBe(await look('Blogs'));

    // The builder, with a build in its address or open on a saved build's path.
    await menuLinks(page).filter({ hasText: 'PC Builder' }).click();
    await expect(page).toHaveURL(/\/builder$/);
    const builder = menuLinks(page).filter({ hasText: 'PC Builder' });
    await expect(builder).toHaveAttribute('aria-current', 'page');
    await page.goto('/builder/0123456789abcdef01234567');
    await expect(builder).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('#main-menu [aria-current="page"]')).toHaveCount(1);
  });

  test('greets a signed-in person by name, and Sign Out is a quiet button', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInThroughLoginPage(page, demoAccounts.customer);
    await expect(navbar(page).getByTestId('navbar-greeting')).toHaveText('Hi, Demo Customer');
    await expect(navbar(page)).not.toContainText(demoAccounts.customer.email);
    const signOut = navbar(page).getByRole('button', { name: 'Sign Out' });
    await expect(signOut).toBeVisible();
    // No fill: an outline on the dark bar, never the accent colour.
    expect(await signOut.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
  });

  test('the phone menu: the icon turns into a close icon, and Escape closes it and gives focus back', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/blogs');
    const toggle = menuToggle(page);
    await expect(toggle).toHaveAccessibleName('Open menu');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const icon = () => toggle.locator('path').getAttribute('d');
    const hamburger = await icon();
    await expect(menuLinks(page).filter({ hasText: 'Products' })).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAccessibleName('Close menu');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await icon()).not.toBe(hamburger);
    await expect(menuLinks(page)).toHaveText(['Home', 'Products', 'PC Builder', 'Blogs', 'Portfolio', 'Login']);
    await expect(menuLinks(page).filter({ hasText: 'Blogs' })).toHaveAttribute('aria-current', 'page');

    // Escape from inside the menu, as a keyboard user would after tabbing in.
    await menuLinks(page).filter({ hasText: 'Products' }).focus();
    await page.keyboard.press('Escape');
    await expect(menuLinks(page).filter({ hasText: 'Products' })).toBeHidden();
    await expect(toggle).toHaveAccessibleName('Open menu');
    await expect(toggle).toBeFocused();
    expect(await icon()).toBe(hamburger);
  });
});

test('the logo starts where the page content starts, at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const route of ['/blogs', '/products', '/returnPolicy']) {
    await page.goto(route);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    const logo = await page.getByRole('link', { name: 'PC PART PICKER home' }).boundingBox();
    const content = await heading.boundingBox();
    expect(Math.round(logo!.x), route).toBe(Math.round(content!.x));
  }
});

test('footer links are at least 44 px tall on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const links = page.getByRole('contentinfo').getByRole('link');
  await expect(links).toHaveCount(3);
  for (const height of await links.evaluateAll((all) => all.map((a) => a.getBoundingClientRect().height))) {
    expect(height).toBeGreaterThanOrEqual(44);
  }
});

test("the shell's server answers 404 for a path no page renders, and 200 for pages", async ({ page }) => {
  for (const route of ['/', '/blogs', '/products?q=ram', '/dashboard/myorders']) {
    expect((await page.goto(route))!.status(), route).toBe(200);
  }
  const missing = await page.goto('/no-such-page');
  expect(missing!.status()).toBe(404);
  // Still the app: the layout and a not-found page, not a bare error.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(navbar(page)).toBeVisible();
});

for (const width of [375, 1280]) {
  test(`a toast sits below the navbar and is announced, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInThroughLoginPage(page, demoAccounts.customer);
    const toast = await showProfileToast(page);
    await expect(toast).toHaveRole('alert');
    // Inside a polite live region that was there before the toast came.
    await expect(page.locator('section.Toastify')).toHaveAttribute('aria-live', 'polite');

    const box = (await toast.boundingBox())!;
    const controls = navbar(page).locator('a:visible, button:visible');
    expect(await controls.count()).toBeGreaterThan(0);
    for (const control of await controls.all()) {
      const c = (await control.boundingBox())!;
      const overlaps = box.x < c.x + c.width && c.x < box.x + box.width && box.y < c.y + c.height && c.y < box.y + box.height;
      expect(overlaps, `toast covers "${await control.textContent()}"`).toBe(false);
    }
    // The site's look: its font and corner radius.
    const style = await toast.evaluate((el) => ({ font: getComputedStyle(el).fontFamily, radius: getComputedStyle(el).borderRadius }));
    expect(style.font).toContain('system-ui');
    expect(style.radius).toBe('10px');
  });
}

test('the navbar stays one row with a 30-character name, an order to pay and a cart count, at 1280 and 375 px', async ({ page, request }) => {
  // The walkthrough's finding: at 1280 px "1 to pay" and the cart went to a second row.
  const displayName = 'Maximiliana Featherstonehaughe';
  expect(displayName).toHaveLength(30);
  const account = { email: uniqueEmail('long-name'), password: 'long-name-pass-1' };
  const { localId } = await createEmulatorAccount(request, account);
  const update = await request.post(`${stackUrls.authEmulator}/identitytoolkit.googleapis.com/v1/projects/demo-pcparts/accounts:update`, {
    headers: { Authorization: 'Bearer owner' },
    data: { localId, emailVerified: true, displayName },
  });
  expect(update.status()).toBe(200);
  const headers = { Authorization: `Bearer ${await apiAccessToken(request, account)}` };
  const [first, second] = (await apiParts(request)).filter((part) => part.p_quantity >= 50).slice(-2);
  const placed = await request.post(`${stackUrls.api}/checkout`, {
    headers: { ...headers, 'Idempotency-Key': `e2e-navbar-${Date.now()}` },
    data: {
      lines: [{ productId: first!._id, quantity: first!.min_quantity }],
      address: { fullName: displayName, street: '12 Harbour Road', city: 'Portsmouth', postalCode: 'PO1 3AX', country: 'GB', phone: '+44 7700 900123' },
    },
  });
  expect(placed.status()).toBe(201);
  expect((await request.put(`${stackUrls.api}/cart`, { headers, data: { lines: [{ productId: second!._id, quantity: second!.min_quantity }] } })).status()).toBe(200);
  await signInThroughLoginPage(page, account);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/blogs');
    await expect(navbar(page).getByTestId('navbar-payments-due')).toBeVisible();
    await expect(navbar(page).getByTestId('navbar-cart')).toHaveAccessibleName('Cart, 1 part');
    if (width === 1280) {
      const greeting = navbar(page).getByTestId('navbar-greeting');
      await expect(greeting).toHaveText(`Hi, ${displayName}`);
      await expect(greeting).toHaveAttribute('title', displayName);
      expect(await greeting.evaluate((el) => getComputedStyle(el).textOverflow)).toBe('ellipsis');
    }
    // Every item shown in the bar: the logo, the links (from 768 px), the payments due, the cart, the menu toggle.
    const boxes = await navbar(page).evaluate((nav) =>
      [nav.querySelector('a'), ...nav.querySelectorAll('#main-menu > li'), ...(nav.children[1]?.children ?? [])]
        .filter((el): el is Element => el !== null && el.getClientRects().length > 0)
        .map((el) => {
          const { top, bottom, left, right } = el.getBoundingClientRect();
          return { text: el.textContent?.trim() || el.getAttribute('aria-label') || el.tagName, top, bottom, left, right };
        }),
    );
    expect(boxes.length, `${width} px`).toBeGreaterThanOrEqual(width === 1280 ? 11 : 4);
    // One row: every item shares a band of height with every other.
    const band = Math.min(...boxes.map((box) => box.bottom)) - Math.max(...boxes.map((box) => box.top));
    expect(band, `${width} px: ${JSON.stringify(boxes)}`).toBeGreaterThan(0);
    // Nothing overlapping, nothing past the edge.
    const byLeft = [...boxes].sort((a, b) => a.left - b.left);
    for (let i = 1; i < byLeft.length; i++) {
      expect(byLeft[i]!.left, `${width} px: "${byLeft[i]!.text}" overlaps "${byLeft[i - 1]!.text}"`).toBeGreaterThanOrEqual(byLeft[i - 1]!.right - 0.5);
    }
    expect(byLeft.at(-1)!.right).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${__dirname}/../screenshots/navbar-long-name-${width}.png`, clip: { x: 0, y: 0, width, height: 120 } });
  }
});
