import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '../support/test';
import type { Part } from '../../contracts/src/core';
import { loginReasons } from '../../contracts/src/messages';
import { formatCents } from '../../contracts/src/money';
import { pageMeta, shortDescription } from '../../contracts/src/pages';
import { documentTitle } from '../../contracts/src/page-title';
import { demoAccounts, signIn } from '../support/auth';
import { aPart } from '../support/orders';
import { apiParts, cardsIn, expectHydrated, expectImagesLoaded, expectNoHorizontalScroll, expectTouchTargets, openInApp, region } from '../support/storefront';
import { stackUrls } from '../support/environment';

/** The facts a part's page and card show, under the spec's labels. */
async function expectFacts(scope: Locator, part: Part) {
  const fact = (label: string) => scope.locator('dt', { hasText: label }).locator('+ dd');
  await expect(fact('Per_Price')).toHaveText(formatCents(part.price));
  await expect(fact('Available Quantity')).toHaveText(String(part.p_quantity));
  await expect(fact('Min Order Quantity')).toHaveText(String(part.min_quantity));
}

const newestPart = async (page: Page) => (await apiParts(page.request)).at(-1)!;

test.describe('a part of its own page', () => {
  test("a card's name opens it: picture, description, facts, its title, and its category leads back to the catalog", async ({ page }) => {
    const part = await newestPart(page);
    await page.goto('/');
    const card = cardsIn(region(page, 'Our Products')).first();
    await card.getByRole('link', { name: part.name, exact: true }).click();
    await expect(page).toHaveURL(`/products/${part._id}`);

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(part.name);
    await expect(page).toHaveTitle(documentTitle(part.name));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', shortDescription(part.description));
    await expect(main).toContainText(part.description);
    const picture = main.getByRole('img', { name: part.name });
    await expect(picture).toHaveAttribute('src', new RegExp(`${part.img}$`));
    await expectImagesLoaded(page);
    // Large: the picture is the page's widest element at a laptop's width.
    expect((await picture.boundingBox())!.width).toBeGreaterThanOrEqual(500);
    await expectFacts(main.getByLabel('Price and stock'), part);

    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(trail.getByRole('listitem').last()).toHaveText(part.name);
    await trail.getByRole('link', { name: part.category, exact: true }).click();
    await expect(page).toHaveURL(`/products?category=${encodeURIComponent(part.category)}`);
    await expect(page.getByLabel('Category')).toHaveValue(part.category);
    await expect(page).toHaveTitle(documentTitle(pageMeta.products.title));
  });

  test("a catalog card's picture opens it too, and Purchase there goes on to the purchase page", async ({ page, request }) => {
    const part = await aPart(request);
    await signIn(page, demoAccounts.customer);
    await page.goto(`/products?q=${encodeURIComponent(part.name)}`);
    const card = cardsIn(page.getByRole('list', { name: 'Parts' })).filter({ hasText: part.name }).first();
    await card.locator('a:has(img)').click();
    await expect(page).toHaveURL(`/products/${part._id}`);
    await page.getByRole('link', { name: 'Purchase', exact: true }).click();
    await expect(page).toHaveURL(`/purchase/${part._id}`);
    await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
    await expect(page).toHaveTitle(documentTitle(`Order ${part.name}`));
  });

  test('an unknown id and a malformed one show the not-found page, titled so', async ({ page }) => {
    for (const id of ['0123456789abcdef01234567', 'not-a-part']) {
      await page.goto(`/products/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await expect(page).toHaveTitle('Page not found — PC PART PICKER');
    }
  });

  test('a failing api says so, and Retry loads the part', async ({ page }) => {
    const part = await newestPart(page);
    const onePart = (url: URL) => url.origin === new URL(stackUrls.api).origin && url.pathname === `/tools/${part._id}`;
    await page.route(onePart, (route) => route.fulfill({ status: 503, json: { message: 'Service unavailable' } }));
    await openInApp(page, `/products/${part._id}`);
    await expect(page.getByRole('status').filter({ hasText: 'Loading the part…' })).toBeVisible();
    const alert = page.getByRole('alert').filter({ hasText: 'We could not load this part.' });
    await expect(alert).toContainText('Service unavailable');
    await page.unroute(onePart);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
  });

  for (const width of [375, 1280]) {
    test(`at ${width} px: no sideways scrolling, 44 px targets, no serious accessibility violation`, async ({ page }) => {
      const part = await newestPart(page);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/products/${part._id}`);
      await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
      await expectImagesLoaded(page);
      await expectNoHorizontalScroll(page);
      await expectTouchTargets(page);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    });
  }
});

test('a visitor who presses Purchase is told why to log in, and comes back to the purchase page', { tag: '@smoke' }, async ({ page, request }) => {
  const part = await aPart(request);
  await page.goto(`/products/${part._id}`);
  // The reason travels in the app's router state: a click on the server's HTML before it hydrates is a
  // plain link to the purchase page, whose guard sends the visitor to log in (and back) without it.
  await expect(page.locator('html')).toHaveAttribute('data-app', 'hydrated');
  const purchase = page.getByRole('link', { name: 'Purchase', exact: true });
  await expectHydrated(purchase);
  await purchase.click();
  await expect(page).toHaveURL('/login');
  // mf-shop hands the reason over in the router state; the login page shows it.
  expect(await page.evaluate(() => (history.state as { usr?: { reason?: string } } | null)?.usr?.reason)).toBe(
    loginReasons.toOrder(part.name),
  );
  await expect(page.getByText(loginReasons.toOrder(part.name))).toBeVisible();
  await page.getByLabel('Email').fill(demoAccounts.customer.email);
  await page.getByLabel('Password').fill(demoAccounts.customer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(`/purchase/${part._id}`);
  await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
});

test('every mf-shop page has its own document title', async ({ page, request }) => {
  const part = await aPart(request);
  const publicPages: [string, string][] = [
    ['/', pageMeta.home.title],
    ['/products', pageMeta.products.title],
    ['/products?category=Memory', pageMeta.products.title],
    [`/products/${part._id}`, part.name],
    ['/blogs', pageMeta.blogs.title],
    ['/portfolio', pageMeta.portfolio.title],
    ['/returnPolicy', pageMeta.returnPolicy.title],
    ['/no-such-page', pageMeta.notFound.title],
    ['/products/0123456789abcdef01234567', pageMeta.notFound.title],
  ];
  for (const [route, title] of publicPages) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page, route).toHaveTitle(documentTitle(title));
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description, route).toBeTruthy();
  }
  expect(documentTitle(pageMeta.blogs.title)).toBe('Blogs — PC PART PICKER');

  await signIn(page, demoAccounts.customer);
  await page.goto(`/purchase/${part._id}`);
  await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
  await expect(page).toHaveTitle(documentTitle(`Order ${part.name}`));
  // Moving between pages inside the app renames the tab too.
  await page.getByRole('navigation').getByRole('link', { name: 'Blogs' }).first().click();
  await expect(page).toHaveTitle('Blogs — PC PART PICKER');
});

test.describe('cards and the small things', () => {
  test('price and quantity rows line up across each row of cards at 1280 px, whatever the description', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const [route, list] of [
      ['/products', 'Parts'],
      ['/', 'Latest parts'],
    ] as const) {
      await page.goto(route);
      const cards = cardsIn(page.getByRole('list', { name: list }));
      await expect(cards.first()).toBeVisible();
      const boxes = await cards.evaluateAll((articles) =>
        articles.map((article) => ({
          top: Math.round(article.getBoundingClientRect().top),
          description: Math.round(article.querySelector('h3 + p')!.getBoundingClientRect().bottom),
          price: Math.round(article.querySelector('dl > div')!.getBoundingClientRect().top),
          purchase: Math.round([...article.querySelectorAll('a')].at(-1)!.getBoundingClientRect().top),
        })),
      );
      const rows = groupBy(boxes, (box) => box.top);
      expect(rows.length, `${route}: more than one row`).toBeGreaterThan(1);
      let uneven = 0;
      for (const row of rows) {
        expect(new Set(row.map((box) => box.price)).size, `${route}: price rows of one row share a top`).toBe(1);
        expect(new Set(row.map((box) => box.purchase)).size, `${route}: Purchase buttons of one row share a top`).toBe(1);
        if (new Set(row.map((box) => box.description)).size > 1) uneven += 1;
      }
      // The check means something: some row has descriptions of different lengths.
      expect(uneven, `${route}: a row with uneven descriptions`).toBeGreaterThan(0);
    }
  });

  test('the catalog search placeholder is shown whole on a 375 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/products');
    const search = page.getByLabel('Search parts');
    await expect(search).toBeVisible();
    // Typed in as text, the placeholder must fit the field's text area (a search field keeps room for its clear button).
    const { placeholder, overflow } = await search.evaluate((input: HTMLInputElement) => {
      input.value = input.placeholder;
      const overflow = input.scrollWidth - input.clientWidth;
      input.value = '';
      return { placeholder: input.placeholder, overflow };
    });
    expect(placeholder.length).toBeGreaterThan(5);
    expect(overflow, `"${placeholder}" overflows by ${overflow} px`).toBeLessThanOrEqual(0);
  });

  for (const width of [375, 768, 1024, 1280]) {
    test(`the statistics heading leaves no word alone on its last line at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      const heading = region(page, 'An Ultimate Brand in Market for 10 Years').getByRole('heading', { level: 2 });
      await expect(heading).toBeVisible();
      const tops = await heading.evaluate((h2) => {
        const node = h2.firstChild!;
        return [...node.textContent!.matchAll(/\S+/g)].map((match) => {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          return Math.round(range.getBoundingClientRect().top);
        });
      });
      const lines = groupBy(tops, (top) => top).map((line) => line.length);
      if (lines.length > 1) expect(lines.at(-1), `words per line: ${lines.join(', ')}`).toBeGreaterThan(1);
    });
  }

  test('the category pictures come with the shop: they show while the api does not answer', async ({ page }) => {
    const api = new URL(stackUrls.api).origin;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route((url) => url.origin === api, async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await openInApp(page, '/');
    const tiles = region(page, 'The Products We Manufacture').locator('img');
    await expect(tiles).toHaveCount(6);
    await expect(region(page, 'Our Products').getByRole('status')).toBeVisible();
    await expect
      .poll(() => tiles.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)))
      .toBe(true);
    for (const src of await tiles.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src))) {
      expect(new URL(src).origin).not.toBe(api);
    }
    release();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('every picture of the storefront states its size, so nothing moves when it arrives', async ({ page }) => {
    const part = await newestPart(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const route of ['/', '/products', `/products/${part._id}`, '/no-such-page']) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
      const pictures = await page.locator('main img, main svg[role="img"]').evaluateAll((els) =>
        els.map((el) => ({ tag: el.tagName, width: el.getAttribute('width'), height: el.getAttribute('height') })),
      );
      expect(pictures.length, route).toBeGreaterThan(0);
      for (const picture of pictures) {
        expect(Number(picture.width), `${route} ${picture.tag}`).toBeGreaterThan(0);
        expect(Number(picture.height), `${route} ${picture.tag}`).toBeGreaterThan(0);
      }
    }
  });
});

/** Items sharing a key, in order of first appearance. */
function groupBy<T, K>(items: T[], key: (item: T) => K): T[][] {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return [...groups.values()];
}
