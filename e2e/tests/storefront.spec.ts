import path from 'node:path';
import { expect, test, type Locator, type Page } from '../support/test';
import { seedReviews, seedParts } from '../../api/src/db/seed-data';
import type { Part } from '../../contracts/src/core';
import { formatCents } from '../../contracts/src/money';
import {
  apiReviews,
  apiPartList,
  apiParts,
  expectCardNames,
  expectImagesLoaded,
  cardsIn,
  columnCount,
  expectNoHorizontalScroll,
  expectTouchTargets,
  isPartsCall,
  openInApp,
  region,
} from '../support/storefront';

const shotsDir = path.resolve(__dirname, '../screenshots');
const categories = ['Motherboard', 'Memory', 'Storage', 'CPU Cooler', 'Power Supplies', 'Video Card'];

/** A part card shows everything the spec lists, with the api's values. */
async function expectPartCard(card: Locator, part: Part) {
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(part.name);
  // The name is the card's link to the part's page; the picture repeats it for the mouse only.
  await expect(card.getByRole('heading', { level: 3 }).getByRole('link')).toHaveAttribute('href', `/products/${part._id}`);
  await expect(card).toContainText(part.description);
  const picture = card.locator('img');
  await expect(picture).toHaveAttribute('src', new RegExp(`${part.img}$`));
  await expect(picture).toHaveAttribute('alt', part.name);
  await expect(card.locator('a:has(img)')).toHaveAttribute('href', `/products/${part._id}`);
  await expect(card.locator('dt', { hasText: 'Per_Price' }).locator('+ dd')).toHaveText(formatCents(part.price));
  expect(formatCents(part.price)).toMatch(/^\$/);
  await expect(card.locator('dt', { hasText: 'Available Quantity' }).locator('+ dd')).toHaveText(String(part.p_quantity));
  await expect(card.locator('dt', { hasText: 'Min Order Quantity' }).locator('+ dd')).toHaveText(String(part.min_quantity));
  await expect(card.getByRole('link', { name: 'Purchase', exact: true })).toHaveAttribute('href', `/purchase/${part._id}`);
}

const partsOnHome = (page: Page) => region(page, 'Our Products');
const reviewsOnHome = (page: Page) => region(page, 'Our Customers Reviews');

test.describe('home page', () => {
  test('hero, statistics band and the six categories', async ({ page, request }) => {
    const pageErrors: Error[] = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to PC PART PICKER' })).toBeVisible();
    const hero = page.getByRole('region', { name: 'Welcome to PC PART PICKER' });
    await expect(hero).toContainText('Top quality parts from trusted brands at reasonable prices.');
    await expect(hero).toContainText('technical assistance');
    await expect(hero).toContainText('customer support');
    await expect(hero.getByTestId('session-summary')).toHaveText('Log in or create an account to order parts.');

    const stats = region(page, 'An Ultimate Brand in Market for 10 Years');
    for (const [figure, label] of [
      ['500+', 'Complete Projects'],
      ['1000+', 'Happy Clients'],
      ['10K+', 'Positive Feedbacks'],
      ['1M+', 'Annual Revenue'],
    ]) {
      await expect(stats.getByRole('listitem').filter({ hasText: label })).toHaveText(`${figure}${label}`);
    }

    const manufacture = region(page, 'The Products We Manufacture');
    const links = manufacture.getByRole('link');
    await expect(links).toHaveText(categories);
    const pictures = new Set<string>();
    for (const [index, category] of categories.entries()) {
      const link = links.nth(index);
      await expect(link).toHaveAttribute('href', `/products?category=${encodeURIComponent(category)}`);
      const picture = link.locator('img');
      await expect(picture).toHaveJSProperty('complete', true);
      expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      pictures.add((await picture.getAttribute('src'))!);
    }
    expect(pictures.size, 'each category has its own picture').toBe(6);

    // "Shop by category" jumps to the categories, below the sticky navbar.
    await hero.getByRole('link', { name: 'Shop by category' }).click();
    await expect(page).toHaveURL('/#categories');
    await expect.poll(() => manufacture.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeGreaterThanOrEqual(60);
    await expect(manufacture.getByRole('heading', { level: 2 })).toBeInViewport();

    await links.filter({ hasText: 'CPU Cooler' }).click();
    await expect(page).toHaveURL('/products?category=CPU%20Cooler');
    await expect(page.getByLabel('Category')).toHaveValue('CPU Cooler');
    const coolers = await apiPartList(request, 'category=CPU%20Cooler&limit=50');
    expect(coolers.items.map((part) => part.name)).toEqual(
      expect.arrayContaining(seedParts.filter((part) => part.category === 'CPU Cooler').map((part) => part.name)),
    );
    await expectCardNames(page.getByRole('list', { name: 'Parts' }), coolers.items.map((part) => part.name));
    expect(pageErrors).toEqual([]);
  });

  test("'Our Products' shows the six newest parts of the api, each card complete", async ({ page, request }) => {
    const parts = await apiParts(request);
    // The seeded catalog is there, newest last, as the spec's plain GET /tools returns it.
    expect(parts.map((part) => part.name)).toEqual(expect.arrayContaining(seedParts.map((part) => part.name)));
    const latest = parts.slice(-6).reverse();

    await page.goto('/');
    const list = partsOnHome(page).getByRole('list', { name: 'Latest parts' });
    await expect(cardsIn(list)).toHaveCount(6);
    await expectCardNames(list, latest.map((part) => part.name));
    for (const [index, part] of latest.entries()) await expectPartCard(cardsIn(list).nth(index), part);

  });

  test("'Our Customers Reviews' shows the last six reviews with stars a screen reader can read", async ({ page, request }) => {
    const reviews = await apiReviews(request);
    expect(reviews.map((review) => review.name)).toEqual(expect.arrayContaining(seedReviews.map((review) => review.name)));
    const latest = reviews.slice(-6).reverse();

    await page.goto('/');
    const list = reviewsOnHome(page).getByRole('list', { name: 'Customer reviews' });
    await expect(cardsIn(list)).toHaveCount(6);
    await expectCardNames(list, latest.map((review) => review.name));
    for (const [index, review] of latest.entries()) {
      const card = cardsIn(list).nth(index);
      await expect(card).toContainText(review.review);
      await expect(card.getByRole('img', { name: `Rated ${review.ratings} out of 5`, exact: true })).toBeVisible();
    }
  });

  test("the 'Delivery' block and its link to the returns policy", async ({ page }) => {
    await page.goto('/');
    const delivery = region(page, 'Delivery');
    await expect(delivery).toContainText('Dispatched within 5 days');
    await expect(delivery).toContainText('tracking id');
    await expect(delivery.getByRole('link', { name: '+1 (415) 555-0134' })).toHaveAttribute('href', 'tel:+14155550134');
    await expect(delivery.getByRole('link', { name: 'support@pcpartpicker.dev' })).toHaveAttribute(
      'href',
      'mailto:support@pcpartpicker.dev',
    );
    await delivery.getByRole('link', { name: 'Returns Policy' }).click();
    await expect(page).toHaveURL('/returnPolicy');
    await expect(page.getByRole('heading', { level: 1, name: 'Returns Policy' })).toBeVisible();
    // A new page starts at its top.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a slow api shows the spinner, then the grid', async ({ page }) => {
    await page.route(isPartsCall, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await openInApp(page, '/');
    const spinner = partsOnHome(page).getByRole('status');
    await expect(spinner).toHaveText('Loading the latest parts…');
    await expect(cardsIn(partsOnHome(page))).toHaveCount(0);
    await expect(cardsIn(partsOnHome(page))).toHaveCount(6);
    await expect(spinner).toHaveCount(0);
  });

  test('a failing api keeps the spinner a moment, then says so with Retry', async ({ page }) => {
    // Counted as each attempt is refused, before the page can know it failed.
    let attempts = 0;
    await page.route(isPartsCall, (route) => {
      attempts += 1;
      return route.abort('connectionrefused');
    });
    await openInApp(page, '/');
    await expect.poll(() => attempts).toBeGreaterThan(0);
    const products = partsOnHome(page);
    await expect(products.getByRole('status')).toHaveText('Loading the latest parts…');

    const alert = products.getByRole('alert');
    await expect(alert).toContainText('We could not load our products.');
    // The spinner stayed while the read was tried once more (a blip never flashes an error): the
    // message came only after the second attempt failed too.
    expect(attempts, 'the read was tried again before the message').toBe(2);
    await expect(alert).toContainText('Cannot reach the server. Check your connection and try again.');
    // The rest of the page is unaffected.
    await expect(cardsIn(reviewsOnHome(page))).toHaveCount(6);

    await page.unroute(isPartsCall);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(cardsIn(products)).toHaveCount(6);
    await expect(alert).toHaveCount(0);
  });
});

test.describe('catalog /products', () => {
  const partsList = (page: Page) => page.getByRole('list', { name: 'Parts' });

  test('opens newest first, twelve to a page, with links to every page', async ({ page, request }) => {
    const first = await apiPartList(request, 'page=1&limit=12');
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
    await expect(cardsIn(partsList(page))).toHaveCount(first.items.length);
    await expectCardNames(partsList(page), first.items.map((part) => part.name));
    await expectPartCard(cardsIn(partsList(page)).first(), first.items[0]!);
    await expect(page.getByRole('heading', { level: 2, name: `${first.total} parts` })).toBeVisible();

    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pager.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await pager.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL('/products?page=2');
    const second = await apiPartList(request, 'page=2&limit=12');
    await expectCardNames(partsList(page), second.items.map((part) => part.name));
    await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('filters by category, searches, sorts and pages, all in the URL', async ({ page, request }) => {
    await page.goto('/products');
    await expect(cardsIn(partsList(page)).first()).toBeVisible();

    // Category
    await page.getByLabel('Category').selectOption('Memory');
    await expect(page).toHaveURL('/products?category=Memory');
    const memory = await apiPartList(request, 'category=Memory&limit=50');
    await expect(cardsIn(partsList(page))).toHaveCount(memory.total);
    await expectCardNames(partsList(page), memory.items.map((part) => part.name));

    // Search inside the category: nothing matches, and the page says so.
    await page.getByLabel('Search parts').fill('quiet');
    await page.getByLabel('Search parts').press('Enter');
    await expect(page).toHaveURL('/products?category=Memory&q=quiet');
    await expect(page.getByText('No parts in Memory match “quiet”.')).toBeVisible();

    // Another category keeps the search text: name or description, any case.
    await page.getByLabel('Category').selectOption('CPU Cooler');
    await expect(page).toHaveURL('/products?category=CPU%20Cooler&q=quiet');
    await expectCardNames(partsList(page), ['Quiet Single-Tower Air Cooler']);
    await page.getByLabel('Category').selectOption('');
    await expect(page).toHaveURL('/products?q=quiet');
    // Best match first: the part named Quiet, then the parts whose description says quiet.
    const quiet = await apiPartList(request, 'q=quiet&page=1&limit=12');
    expect(quiet.items[0]!.name).toBe('Quiet Single-Tower Air Cooler');
    expect(quiet.total).toBeGreaterThan(1);
    await expectCardNames(partsList(page), quiet.items.map((part) => part.name));
    await expect(page.getByLabel('Sort by')).toHaveValue('relevance');

    // Back restores the previous filters, in the list and in the controls.
    await page.goBack();
    await expect(page).toHaveURL('/products?category=CPU%20Cooler&q=quiet');
    await expect(page.getByLabel('Category')).toHaveValue('CPU Cooler');
    await expect(page.getByLabel('Search parts')).toHaveValue('quiet');
    await expectCardNames(partsList(page), ['Quiet Single-Tower Air Cooler']);

    await page.getByRole('link', { name: 'Clear all filters' }).click();
    await expect(page).toHaveURL('/products');
    await expect(page.getByLabel('Search parts')).toHaveValue('');

    // Sort by price, both ways, and page through the sorted list.
    await page.getByLabel('Sort by').selectOption('price-asc');
    await expect(page).toHaveURL('/products?sort=price-asc');
    const cheapest = await apiPartList(request, 'sort=price-asc&page=1');
    await expectCardNames(partsList(page), cheapest.items.map((part) => part.name));
    const prices = cheapest.items.map((part) => part.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL('/products?sort=price-asc&page=2');
    const cheapest2 = await apiPartList(request, 'sort=price-asc&page=2');
    await expectCardNames(partsList(page), cheapest2.items.map((part) => part.name));
    expect(cheapest2.items[0]!.price).toBeGreaterThanOrEqual(prices.at(-1)!);

    // A new sort starts again at page 1.
    await page.getByLabel('Sort by').selectOption('price-desc');
    await expect(page).toHaveURL('/products?sort=price-desc');
    const dearest = await apiPartList(request, 'sort=price-desc&page=1');
    await expectCardNames(partsList(page), dearest.items.map((part) => part.name));
    await expect(cardsIn(partsList(page)).first().locator('dt', { hasText: 'Per_Price' }).locator('+ dd')).toHaveText(
      formatCents(dearest.items[0]!.price),
    );
  });

  test('refines by specs with counts, and finds specs and names with one typo', { tag: '@smoke' }, async ({ page, request }) => {
    await page.goto('/products?category=Motherboard');
    const socket = page.getByLabel('Socket');
    const boards = await apiPartList(request, 'category=Motherboard&limit=50');
    const am5 = boards.facets.find((facet) => facet.param === 'socket')!.values.find((value) => value.value === 'AM5')!;
    await expect(socket.locator('option', { hasText: `AM5 (${am5.count})` })).toHaveCount(1);
    await socket.selectOption('AM5');
    await expect(page).toHaveURL('/products?category=Motherboard&socket=AM5');
    const am5Boards = await apiPartList(request, 'category=Motherboard&socket=AM5&limit=50');
    expect(am5Boards.total).toBe(am5.count);
    await expectCardNames(partsList(page), am5Boards.items.map((part) => part.name));
    await expect(page.getByRole('heading', { level: 2, name: `${am5.count} parts in Motherboard (AM5)` })).toBeVisible();

    // A spec value and a name with a typo, as a shopper types them.
    await page.goto('/products');
    await page.getByLabel('Search parts').fill('32gb');
    await page.getByLabel('Search parts').press('Enter');
    const kits = await apiPartList(request, 'q=32gb&page=1&limit=12');
    expect(kits.items.slice(0, 2).map((part) => part.name).sort()).toEqual(['32 GB DDR4-3600 Kit (2x16 GB)', '32 GB DDR5-6000 Kit (2x16 GB)']);
    await expectCardNames(partsList(page), kits.items.map((part) => part.name));
    await page.getByLabel('Search parts').fill('motherbaord');
    await page.getByLabel('Search parts').press('Enter');
    await expect(page).toHaveURL('/products?q=motherbaord');
    await expectCardNames(partsList(page), (await apiPartList(request, 'q=motherbaord&page=1&limit=12')).items.map((part) => part.name));
    await expect(cardsIn(partsList(page))).toHaveCount(Math.min(12, boards.total));
  });

  test('a shared link opens the same results, with the controls set', async ({ page, request }) => {
    await page.goto('/products?category=CPU%20Cooler&q=quiet&sort=price-asc&page=2');
    await expect(page.getByLabel('Category')).toHaveValue('CPU Cooler');
    await expect(page.getByLabel('Search parts')).toHaveValue('quiet');
    await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');
    // One part matches, so there is no page 2: say so and offer the first page.
    await expect(page.getByText('There is no page 2: these filters fill one page.')).toBeVisible();
    await page.getByRole('link', { name: 'Go to the first page' }).click();
    await expect(page).toHaveURL('/products?category=CPU%20Cooler&q=quiet&sort=price-asc');
    await expectCardNames(partsList(page), ['Quiet Single-Tower Air Cooler']);

    // A link written with "+" for the space, as forms write it, works too.
    await page.goto('/products?category=Video+Card&sort=price-desc');
    const cards = await apiPartList(request, 'category=Video%20Card&sort=price-desc');
    await expectCardNames(partsList(page), cards.items.map((part) => part.name));

    // Nonsense in a link is dropped, not an error.
    await page.goto('/products?category=GPU&page=zero');
    await expect(page.getByLabel('Category')).toHaveValue('');
    await expect(cardsIn(partsList(page)).first()).toBeVisible();
  });

  test('a failing api says so with Retry', async ({ page }) => {
    await page.route(isPartsCall, (route) => route.fulfill({ status: 503, json: { message: 'Service unavailable' } }));
    await openInApp(page, '/products?category=Storage');
    const alert = page.getByRole('alert');
    await expect(page.getByRole('status').filter({ hasText: 'Loading parts…' })).toBeVisible();
    await expect(alert).toContainText('We could not load the catalog.');
    await expect(alert).toContainText('Service unavailable');
    await page.unroute(isPartsCall);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(cardsIn(partsList(page)).first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'Parts' }).getByText('Storage', { exact: true }).first()).toBeVisible();
  });
});

test.describe('responsive grids', () => {
  for (const [width, columns] of [
    [375, 1],
    [768, 2],
    [1280, 3],
  ] as const) {
    test(`${width} px wide: ${columns} column${columns > 1 ? 's' : ''}, no sideways scrolling, 44 px touch targets`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      const products = partsOnHome(page).getByRole('list', { name: 'Latest parts' });
      const reviews = reviewsOnHome(page).getByRole('list', { name: 'Customer reviews' });
      await expect(cardsIn(products)).toHaveCount(6);
      await expect(cardsIn(reviews)).toHaveCount(6);
      expect(await columnCount(products)).toBe(columns);
      expect(await columnCount(reviews)).toBe(columns);
      await expectImagesLoaded(page);
      await expectNoHorizontalScroll(page);
      await expectTouchTargets(page);
      await page.screenshot({ path: path.join(shotsDir, `storefront-home-${width}.png`), fullPage: true });

      await page.goto('/products');
      const parts = page.getByRole('list', { name: 'Parts' });
      await expect(cardsIn(parts).first()).toBeVisible();
      expect(await columnCount(parts)).toBe(columns);
      await expectImagesLoaded(page);
      await expectNoHorizontalScroll(page);
      await expectTouchTargets(page);
      await page.screenshot({ path: path.join(shotsDir, `storefront-products-${width}.png`), fullPage: true });

      for (const [route, name] of [
        ['/blogs', 'blogs'],
        ['/portfolio', 'portfolio'],
        ['/returnPolicy', 'return-policy'],
        ['/no-such-page', 'not-found'],
      ] as const) {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoHorizontalScroll(page);
        await expectTouchTargets(page);
        await page.screenshot({ path: path.join(shotsDir, `storefront-${name}-${width}.png`), fullPage: true });
      }
    });
  }
});

test.describe('the other pages', () => {
  test('/blogs has six questions with their answers', async ({ page }) => {
    await page.goto('/blogs');
    await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
    const posts = page.getByRole('article');
    await expect(posts).toHaveCount(6);
    await expect(posts.getByRole('heading', { level: 2 })).toHaveCount(6);
    for (const heading of await posts.getByRole('heading', { level: 2 }).allTextContents()) expect(heading).toMatch(/\?$/);
    await expect(posts.filter({ hasText: 'Module Federation' }).first()).toContainText('singleton');
    await expect(posts.filter({ hasText: 'recompute order totals' })).toContainText('database');
  });

  test('/portfolio has education, the seven skill bars and project links', async ({ page }) => {
    await page.goto('/portfolio');
    await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
    await expect(region(page, 'Education').getByRole('heading', { level: 3 }).first()).toBeVisible();
    const meters = page.getByRole('meter');
    await expect(meters).toHaveCount(7);
    const values = await meters.evaluateAll((els) => els.map((el) => Number(el.getAttribute('aria-valuenow'))));
    expect(values).toEqual([95, 90, 75, 80, 70, 80, 100]);
    await expect(page.getByRole('meter', { name: 'React' })).toHaveAttribute('aria-valuenow', '80');
    // Each bar is as wide as its percentage.
    const widths = await meters.evaluateAll((els) =>
      els.map((el) => Math.round((100 * el.firstElementChild!.getBoundingClientRect().width) / el.getBoundingClientRect().width)),
    );
    expect(widths).toEqual([95, 90, 75, 80, 70, 80, 100]);
    const projects = region(page, 'Projects');
    await projects.getByRole('link', { name: 'Read the blog' }).click();
    await expect(page).toHaveURL('/blogs');
  });

  test('/returnPolicy is a real policy', async ({ page }) => {
    await page.goto('/returnPolicy');
    await expect(page.getByRole('heading', { level: 1, name: 'Returns Policy' })).toBeVisible();
    for (const heading of ['Changed your mind', 'How to return a part', 'Refunds', 'What we cannot take back']) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.getByRole('main')).toContainText('30 days');
  });

  test('any other path shows the not-found picture, which links home', async ({ page }) => {
    await page.goto('/this/does/not-exist');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    const picture = page.getByRole('link', { name: 'Page not found: back to the home page' });
    await expect(picture.locator('svg')).toBeVisible();
    await picture.click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to PC PART PICKER' })).toBeVisible();
  });
});
