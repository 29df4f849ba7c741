import path from 'node:path';
import { expect, test, type Locator, type Page } from '../support/test';
import type { Part, PartList } from '../../contracts/src/core';
import { apiAccessToken, createEmulatorAccount, signInThroughLoginPage, uniqueEmail, verifiedCustomer } from '../support/auth';
import { stackUrls } from '../support/environment';
import { apiJson, apiParts, expectNoHorizontalScroll, expectTouchTargets } from '../support/storefront';

// The PC Builder (/builder, mf-shop): a visitor builds an AM5 system with the compatible lists,
// meets a Problem and the wattage sentence, saves after signing in and shares the link.

const shotsDir = path.resolve(__dirname, '../screenshots');
const compatibility = (page: Page) => page.getByRole('list', { name: 'Compatibility' });
const picker = (page: Page, title: string) => page.getByRole('region', { name: title });
const option = (list: Locator, name: string) => list.getByRole('listitem').filter({ has: list.page().getByText(name, { exact: true }) });
const optionNames = (list: Locator) => list.getByRole('listitem').locator('strong');
const state = (page: Page) => page.getByTestId('build-state');

async function choose(page: Page, slotButton: string, title: string, name: string, { showAll = false } = {}) {
  await page.getByRole('button', { name: slotButton, exact: true }).click();
  const list = picker(page, title);
  await expect(list).toBeVisible();
  if (showAll) await list.getByRole('button', { name: /^Show all \(\d+ not compatible\)$/ }).click();
  await option(list, name).getByRole('button', { name: 'Choose' }).click();
  await expect(list).toBeHidden();
}

test('a visitor builds an AM5 system with the compatible lists, is told plainly what is wrong, saves after signing in and shares it', { tag: '@smoke' }, async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const parts = await apiParts(request);
  const named = (name: string) => parts.find((part) => part.name === name)!;
  // A customer of its own (verified, so it can pay), not the demo customer other specs fill the cart
  // of: the account's cart starts empty, so the one checkout below holds exactly the build.
  const customer = await verifiedCustomer(request, 'builder');
  expect((await request.put(`${stackUrls.api}/cart`, { headers: { Authorization: `Bearer ${customer.token}` }, data: { lines: [] } })).status()).toBe(200);

  await page.goto('/builder');
  await expect(page.getByRole('heading', { level: 1, name: 'PC Builder' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Compatible: choose a part to start.' })).toBeVisible();

  // Your CPU, from the reference list.
  await choose(page, 'Choose your CPU', 'Choose your CPU', 'AMD Ryzen 7 7700X');
  await expect(page).toHaveURL(/\/builder\?b=cpu-ryzen-7-7700x$/);

  // The motherboard list holds the AM5 boards only, the ones the catalog's socket facet finds.
  await page.getByRole('button', { name: 'Choose Motherboard' }).click();
  const boards = picker(page, 'Choose a motherboard');
  const am5Boards = await apiJson<PartList>(request, '/tools?category=Motherboard&socket=AM5&sort=price-asc&limit=50');
  await expect(optionNames(boards)).toHaveText(am5Boards.items.map((part) => part.name));
  await option(boards, 'B650 WiFi ATX Motherboard').getByRole('button', { name: 'Choose' }).click();

  // The compatible coolers leave out the LGA1700-only one; Show all lists it with the reason.
  await page.getByRole('button', { name: 'Choose CPU Cooler' }).click();
  const coolers = picker(page, 'Choose a CPU cooler');
  await expect(optionNames(coolers).filter({ hasText: '240 mm AIO Liquid Cooler' })).toHaveCount(1);
  await expect(optionNames(coolers).filter({ hasText: 'Low-Profile LGA1700 Air Cooler' })).toHaveCount(0);
  await coolers.getByRole('button', { name: /^Show all/ }).click();
  const lga1700 = option(coolers, 'Low-Profile LGA1700 Air Cooler');
  await expect(lga1700).toContainText("Not compatible: The Low-Profile LGA1700 Air Cooler fits LGA1700 only, not the B650 WiFi ATX Motherboard's AM5 socket.");
  await lga1700.getByRole('button', { name: 'Choose' }).click();
  const socketProblem = "Problem: The Low-Profile LGA1700 Air Cooler fits LGA1700 only, not the B650 WiFi ATX Motherboard's AM5 socket.";
  await expect(compatibility(page).getByRole('listitem').filter({ hasText: socketProblem })).toHaveText(socketProblem);
  await expect(state(page)).toHaveText('Problems found');
  // Back undoes the choice (the build lives in the address) and returns to the open list.
  await page.goBack();
  await expect(compatibility(page).getByText(socketProblem)).toHaveCount(0);
  await coolers.getByRole('button', { name: 'Show compatible only' }).click();
  await expect(optionNames(coolers).filter({ hasText: 'Low-Profile LGA1700 Air Cooler' })).toHaveCount(0);
  await option(coolers, '240 mm AIO Liquid Cooler').getByRole('button', { name: 'Choose' }).click();
  await expect(coolers).toBeHidden();

  // Memory: DDR5 only (the board and the CPU take DDR5).
  await page.getByRole('button', { name: 'Choose Memory' }).click();
  const kits = picker(page, 'Choose memory');
  await expect(optionNames(kits).filter({ hasText: 'DDR4' })).toHaveCount(0);
  await option(kits, '32 GB DDR5-6000 Kit (2x16 GB)').getByRole('button', { name: 'Choose' }).click();
  await choose(page, 'Choose Storage', 'Choose a drive', '2 TB NVMe PCIe 4.0 SSD');
  await choose(page, 'Choose Video Card', 'Choose a video card', '16 GB Triple-Fan Graphics Card');

  // A power supply too small: hidden from the compatible list, and the wattage sentence says why.
  await page.getByRole('button', { name: 'Choose Power Supply' }).click();
  await expect(optionNames(picker(page, 'Choose a power supply')).filter({ hasText: '550 W 80+ Bronze PSU' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Choose Power Supply' }).click();
  await choose(page, 'Choose Power Supply', 'Choose a power supply', '550 W 80+ Bronze PSU', { showAll: true });
  const wattage =
    "Problem: The 16 GB Triple-Fan Graphics Card (320 W), the AMD Ryzen 7 7700X (105 W) and the other parts draw an estimated 505 W; with 25 % headroom that needs 632 W, more than the 550 W 80+ Bronze PSU's 550 W.";
  await expect(compatibility(page).getByRole('listitem').filter({ hasText: 'draw an estimated' })).toHaveText(wattage);
  await expect(page.getByTestId('build-wattage')).toHaveText('505 W');

  // The api checks the same build the same way (POST /builds/check).
  const b = new URL(page.url()).searchParams.get('b')!;
  const slots = Object.fromEntries(b.split('.').map((entry) => [entry.slice(0, entry.indexOf('-')), entry.slice(entry.indexOf('-') + 1)]));
  const { cpu, ...buildParts } = slots;
  const checked = await request.post(`${stackUrls.api}/builds/check`, { data: { cpu, parts: buildParts } });
  expect(checked.status()).toBe(200);
  const apiCheck = (await checked.json()) as { state: string; results: { level: string; message: string }[]; totalCents: number };
  await expect(compatibility(page).getByRole('listitem')).toHaveText(
    apiCheck.results.map((result) => `${result.level === 'problem' ? 'Problem:' : 'Note:'} ${result.message}`),
  );

  // A supply that fits: compatible, with the total of the six parts (the CPU is yours).
  await page.getByRole('button', { name: 'Change Power Supply' }).click();
  await option(picker(page, 'Choose a power supply'), '850 W 80+ Gold Modular PSU').getByRole('button', { name: 'Choose' }).click();
  await expect(state(page)).toHaveText('Compatible');
  const chosen = ['B650 WiFi ATX Motherboard', '240 mm AIO Liquid Cooler', '32 GB DDR5-6000 Kit (2x16 GB)', '2 TB NVMe PCIe 4.0 SSD', '16 GB Triple-Fan Graphics Card', '850 W 80+ Gold Modular PSU'];
  const total = chosen.reduce((sum, name) => sum + named(name).price, 0);
  const totalText = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(total / 100);
  await expect(page.getByTestId('build-total')).toHaveText(totalText);
  // The whole build into the visitor's cart: the six parts, each at its minimum order.
  await page.getByRole('button', { name: 'Add build to cart' }).click();
  await expect(page.getByText('The build’s 6 parts are in your cart.')).toBeVisible();
  await expect(page.getByTestId('navbar-cart')).toHaveAccessibleName('Cart, 6 parts');

  // Saving needs an account: log in, come back to the same build, save it.
  const visitorUrl = page.url();
  await page.getByRole('button', { name: 'Log in to save' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Log in to save your build')).toBeVisible();
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(visitorUrl);
  const buildName = `AM5 build ${Date.now().toString(36)}`;
  await page.getByLabel('Build name').fill(buildName);
  await page.getByRole('button', { name: 'Save build' }).click();
  await expect(page).toHaveURL(/\/builder\/[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { level: 1, name: buildName })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  const link = await page.getByLabel('Link to this build').inputValue();
  expect(link).toBe(page.url());

  // My Builds lists it with its state and its link.
  await page.goto('/dashboard/myBuilds');
  const card = page.getByRole('listitem').filter({ hasText: buildName });
  await expect(card).toContainText('Compatible');
  await expect(card.getByRole('link', { name: buildName, exact: true })).toHaveAttribute('href', new URL(link).pathname);

  // The build bought in one checkout: the visitor's six lines came through sign-in into the account's
  // (emptied first) cart; one order number, one payment, six paid lines, the build's total.
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
  await expect(page.getByTestId('order-number')).toHaveText(/^PCP-[0-9A-HJKMNP-TV-Z]{6}$/);
  await expect(page.getByTestId('checkout-status')).toHaveText('Paid');
  for (const name of chosen) await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  await expect(page.getByTestId('confirmation-total')).toHaveText(totalText);
  await expect(page.getByTestId('navbar-cart')).toHaveAccessibleName('Cart, 0 parts');

  // The shared link, in a fresh browser signed out: the same build, with today's prices.
  const visitor = await browser.newContext();
  try {
    const shared = await visitor.newPage();
    await shared.goto(link);
    await expect(shared.getByRole('heading', { level: 1, name: buildName })).toBeVisible();
    for (const name of chosen) await expect(shared.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(shared.getByText('AMD Ryzen 7 7700X', { exact: true })).toBeVisible();
    await expect(shared.getByTestId('build-state')).toHaveText('Compatible');
    await expect(shared.getByTestId('build-total')).toHaveText(totalText);
    await expect(shared.getByLabel('Link to this build')).toHaveValue(link);
    // Saving a copy of someone's build needs an account of one's own.
    await expect(shared.getByRole('button', { name: 'Save a copy' })).toHaveCount(0);
    await expect(shared.getByRole('button', { name: 'Log in to save' })).toBeVisible();

    // Its owner deletes it from My Builds (after confirming): the shared link then says it is gone.
    await page.goto('/dashboard/myBuilds');
    await page.getByRole('button', { name: `Delete ${buildName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this build?' });
    await expect(dialog).toContainText(`“${buildName}” and its shared link will be gone.`);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText(`Build “${buildName}” is deleted.`)).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: buildName })).toHaveCount(0);
    await shared.reload();
    await expect(shared.getByText('This build does not exist: its owner may have deleted it.')).toBeVisible();
  } finally {
    await visitor.close();
  }
});

test('the builder at 375 and 1280 px: a build with a Problem and an open list, no sideways scrolling, 44 px targets', async ({ page, request }) => {
  const parts = await apiParts(request);
  const id = (name: string) => parts.find((part: Part) => part.name === name)!._id;
  const b = [
    'cpu-ryzen-7-7700x',
    `motherboard-${id('B650 WiFi ATX Motherboard')}`,
    `cooler-${id('Low-Profile LGA1700 Air Cooler')}`,
    `memory-${id('32 GB DDR5-6000 Kit (2x16 GB)')}`,
    `storage-${id('2 TB NVMe PCIe 4.0 SSD')}`,
    `gpu-${id('16 GB Triple-Fan Graphics Card')}`,
    `psu-${id('550 W 80+ Bronze PSU')}`,
  ].join('.');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/builder?b=${b}`);
    await expect(state(page)).toHaveText('Problems found');
    await expect(page.locator('main img').first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectTouchTargets(page);
    await page.screenshot({ path: path.join(shotsDir, `builder-with-problems-${width}.png`), fullPage: true });

    await page.goto(`/builder?b=${b}&pick=cooler&all=1`);
    await expect(picker(page, 'Choose a CPU cooler').getByRole('listitem').first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectTouchTargets(page);
    await page.screenshot({ path: path.join(shotsDir, `builder-list-open-${width}.png`), fullPage: true });
  }
});

test('My Builds with a compatible build and one with Problems, and the catalog refined by specs, at 375 and 1280 px', async ({ page, request }) => {
  const parts = await apiParts(request);
  const id = (name: string) => parts.find((part: Part) => part.name === name)!._id;
  // A fresh account, so the page shows exactly these two builds.
  const account = { email: uniqueEmail('builds'), password: 'builds-pass-1' };
  await createEmulatorAccount(request, account);
  const token = await apiAccessToken(request, account);
  const save = async (name: string, cpu: string, slots: Record<string, string>) => {
    const response = await request.post(`${stackUrls.api}/builds`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { name, cpu, parts: Object.fromEntries(Object.entries(slots).map(([slot, part]) => [slot, id(part)])) },
    });
    expect(response.status()).toBe(201);
  };
  await save('Intel streaming rig', 'core-i7-14700k', { motherboard: 'B650 WiFi ATX Motherboard', cooler: 'Low-Profile LGA1700 Air Cooler', psu: '550 W 80+ Bronze PSU' });
  await save('AM5 gaming build', 'ryzen-7-7700x', {
    motherboard: 'B650 WiFi ATX Motherboard',
    cooler: '240 mm AIO Liquid Cooler',
    memory: '32 GB DDR5-6000 Kit (2x16 GB)',
    storage: '2 TB NVMe PCIe 4.0 SSD',
    gpu: '16 GB Triple-Fan Graphics Card',
    psu: '850 W 80+ Gold Modular PSU',
  });
  await signInThroughLoginPage(page, account);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dashboard/myBuilds');
    const cards = page.getByRole('list', { name: 'Your builds' }).getByRole('listitem');
    // Last saved first.
    await expect(cards.locator('h2')).toHaveText(['AM5 gaming build', 'Intel streaming rig']);
    await expect(cards.first()).toContainText('Compatible');
    await expect(cards.last()).toContainText(/Problems found \(\d+ problems?/);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: path.join(shotsDir, `my-builds-${width}.png`), fullPage: true });

    await page.goto('/products?category=Motherboard&socket=AM5');
    await expect(page.getByRole('heading', { level: 2, name: /parts in Motherboard \(AM5\)$/ })).toBeVisible();
    await expect(page.locator('main img').first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: path.join(shotsDir, `catalog-facets-${width}.png`), fullPage: true });
  }
});

test('a build with problems asks before it goes into the cart, naming them; Keep building adds nothing, Add anyway adds it', async ({ page, request }) => {
  const parts = await apiParts(request);
  const id = (name: string) => parts.find((part) => part.name === name)!._id;
  // An AM5 board with an LGA1700-only cooler, and a 550 W supply for a 320 W card: two Problems.
  const b = [
    'cpu-ryzen-7-7700x',
    `motherboard-${id('B650 WiFi ATX Motherboard')}`,
    `cooler-${id('Low-Profile LGA1700 Air Cooler')}`,
    `gpu-${id('16 GB Triple-Fan Graphics Card')}`,
    `psu-${id('550 W 80+ Bronze PSU')}`,
  ].join('.');
  const { cpu, ...buildParts } = Object.fromEntries(b.split('.').map((entry) => [entry.slice(0, entry.indexOf('-')), entry.slice(entry.indexOf('-') + 1)]));
  const checked = (await (await request.post(`${stackUrls.api}/builds/check`, { data: { cpu, parts: buildParts } })).json()) as { results: { level: string; message: string }[] };
  const problems = checked.results.filter((result) => result.level === 'problem').map((result) => result.message);
  expect(problems.length).toBeGreaterThanOrEqual(2);

  await page.goto(`/builder?b=${b}`);
  await expect(state(page)).toHaveText('Problems found');
  await expect(page.getByTestId('navbar-cart')).toHaveAccessibleName('Cart, 0 parts');
  await page.getByRole('button', { name: 'Add build to cart' }).click();
  const ask = page.getByRole('dialog', { name: `This build has ${problems.length} problems` });
  await expect(ask.getByTestId('build-cart-problem')).toHaveText(problems);
  await expect(ask).toContainText('Add anyway?');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(shotsDir, `builder-add-anyway-${width}.png`) });
  }
  await ask.getByRole('button', { name: 'Keep building' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByTestId('navbar-cart')).toHaveAccessibleName('Cart, 0 parts');

  await page.getByRole('button', { name: 'Add build to cart' }).click();
  await ask.getByRole('button', { name: 'Add anyway' }).click();
  await expect(page.getByText('The build’s 4 parts are in your cart.')).toBeVisible();
  await expect(page.getByTestId('navbar-cart')).toHaveAccessibleName('Cart, 4 parts');

  // The cart marks the build's parts with its state; the checkout repeats the problems above its button.
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line-build')).toHaveText(Array(4).fill('From your build: Problems found'));
  await page.screenshot({ path: path.join(shotsDir, 'cart-build-problems-1280.png'), fullPage: true });
  const buyer = await verifiedCustomer(request, 'build-problems');
  await signInThroughLoginPage(page, buyer);
  await page.goto('/checkout');
  const repeated = page.getByTestId('checkout-build-problems');
  await expect(repeated).toContainText(`The build in your cart has ${problems.length} problems:`);
  await expect(repeated.getByRole('listitem')).toHaveText(problems);
  expect((await repeated.boundingBox())!.y).toBeLessThan((await page.getByRole('button', { name: /^Place order and pay/ }).boundingBox())!.y);
  await page.setViewportSize({ width: 375, height: 900 });
  await page.screenshot({ path: path.join(shotsDir, 'checkout-build-problems-375.png'), fullPage: true });
});
