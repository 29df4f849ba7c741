// A CI-sized check of each first page's weight against its budget (tooling/bench/page-budgets.json,
// which `npm run bench` reads too) and of home's hints: catches an uncompressed bundle, a library back
// on the first load, or a preload the page does not use.
import path from 'node:path';
import { expect, test, type Page } from '../support/test';
import { cardsIn } from '../support/storefront';
import { demoAccounts } from '../support/auth';
import { e2eReleaseStore, stackPorts, stackUrls } from '../support/environment';
import { PAGE_BUDGETS, measureBudget, overBudget } from '../../tooling/bench/page-budgets.cjs';
import { AFTER_FIRST_LOAD } from '../../tooling/bench/page-load.cjs';
import { distFolders } from '../../tooling/bench/script-attribution.cjs';
import { releaseStoreFromEnv } from '../../contracts/src/service-config.cjs';

/**
 * Pages still over their budget on this branch (issue 47), held at the bound measured after the
 * levers of issue 47 (their cold loads measured 2026-11-29, with about 1.5 KB of room), so that a
 * step back still fails here. Each test says by how much its page misses the budget itself; a page
 * leaves this list once it meets its budget, and the budgets file keeps the numbers. Lowered
 * 2026-11-29: the catalog's pages load no zod on their first load (−38 to −54 KB), My Profile
 * neither a second zod nor its forms (−56 KB), the admin's pages not react-hook-form (−17 KB).
 */
const MEASURED_BOUNDS_WHILE_OVER_BUDGET: Readonly<Record<string, number>> = {
  '/': 172_000,
  '/products': 182_000,
  '/products/{part}': 186_500,
  '/builder': 202_500,
  '/compare': 179_500,
  '/login': 172_000,
  '/signup': 172_000,
  '/dashboard': 275_500,
  '/dashboard/allOrder': 329_000,
};
/** The api client's library, in a chunk of its own (contracts' api-client.ts). */
const AXIOS_CHUNK = /\/axios\.[0-9a-f]+\.js$/;
/**
 * The Web Vitals library (shell/src/features/remotes/web-vitals-reporting.ts): fetched once the page
 * has loaded and painted, for the sampled page loads only (all of them in the e2e stack), so it is
 * not part of the first load these tests weigh; nor is what it then loads to ask for the page
 * load's id (load-id-answer.ts): AFTER_FIRST_LOAD.
 */
const WEB_VITALS_CHUNK = /\/web-vitals\.[0-9a-f]+\.js$/;
/** zod's classes carry their names in its code: a script with zod in it has this one. */
const ZOD_MARK = '$ZodObject';

interface Loaded {
  url: string;
  type: string;
  bytes: number;
  encoding: string | undefined;
}

/** A cold load of `path` (cache off), with every request the page made and what came over the wire. */
async function coldLoad(page: Page, path: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const requested: string[] = [];
  const byId = new Map<string, Loaded>();
  cdp.on('Network.requestWillBeSent', ({ requestId, request, type, redirectHasExtraInfo }) => {
    if (request.url.startsWith('data:') || redirectHasExtraInfo) return;
    requested.push(request.url);
    byId.set(requestId, { url: request.url, type: type ?? 'Other', bytes: 0, encoding: undefined });
  });
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    const entry = byId.get(requestId);
    if (!entry) return;
    entry.type = type;
    const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]));
    entry.encoding = headers['content-encoding'];
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const entry = byId.get(requestId);
    if (entry) entry.bytes = encodedDataLength;
  });
  await page.goto(path);
  // The six newest parts: the page's own reads have answered.
  await expect(cardsIn(page.getByRole('list', { name: 'Latest parts' }))).toHaveCount(6);
  await page.waitForLoadState('networkidle');
  const preloads = await page.locator('link[rel="preload"]').evaluateAll((links) =>
    links.map((link) => ({ href: (link as HTMLLinkElement).href, as: (link as HTMLLinkElement).as })),
  );
  // What came after the first load, when the page was idle, is not part of it.
  return { requested, loaded: [...byId.values()].filter((entry) => !AFTER_FIRST_LOAD.test(entry.url)), preloads };
}

const repoRoot = path.resolve(__dirname, '../..');
/** Where each origin's scripts (and their hidden source maps) are: a failure names what is largest. */
const distByOrigin = distFolders(repoRoot, stackPorts, releaseStoreFromEnv({ ...process.env, RELEASES_DIR: e2eReleaseStore }, repoRoot));

for (const budget of PAGE_BUDGETS) {
  test(`${budget.path}: its first load's JavaScript comes compressed and within its budget`, async ({ browser }) => {
    const measure = await measureBudget(browser, { budget, shellUrl: stackUrls.shell, apiUrl: stackUrls.api, distByOrigin, accounts: demoAccounts });
    // Each script of the load, for whoever reads a failure.
    test.info().annotations.push({ type: 'scripts', description: measure.scripts.map((script) => `${script.bytes} ${script.url}`).join('\n') });
    expect(measure.uncompressed).toEqual([]);
    expect(measure.bytes).toBeGreaterThan(50_000);
    const overOwnBudget = overBudget(measure, budget.budgetBytes);
    const heldBound = MEASURED_BOUNDS_WHILE_OVER_BUDGET[budget.path];
    if (heldBound === undefined) {
      expect(overOwnBudget, overOwnBudget ?? '').toBeNull();
    } else {
      // Still over its budget: said in the report, and held at the bound measured.
      test.info().annotations.push({ type: 'over budget (issue 47)', description: overOwnBudget ?? `${budget.path} now meets its budget: take it off the list` });
      const overHeld = overBudget(measure, heldBound, `bound of ${heldBound.toLocaleString('en-US')} held while it misses its budget of ${budget.budgetBytes.toLocaleString('en-US')}`);
      expect(overHeld, overHeld ?? '').toBeNull();
    }
  });
}

test('the api client (axios) is not loaded for the first paint; it comes at the first key or touch', async ({ page }) => {
  const { loaded } = await coldLoad(page, '/');
  expect(loaded.filter((entry) => AXIOS_CHUNK.test(entry.url))).toEqual([]);
  const axiosLoaded = page.waitForResponse((response) => AXIOS_CHUNK.test(response.url()) && response.ok());
  await page.keyboard.press('Shift');
  await axiosLoaded;
});

test('the Web Vitals library comes only after the page loaded and painted, never before', async ({ page }) => {
  const order: string[] = [];
  page.on('load', () => order.push('load'));
  page.on('request', (request) => {
    if (WEB_VITALS_CHUNK.test(request.url())) order.push('web-vitals');
  });
  const vitals = page.waitForResponse((response) => WEB_VITALS_CHUNK.test(response.url()) && response.ok());
  await page.goto('/');
  await vitals;
  expect(order).toEqual(['load', 'web-vitals']);
  // Nothing announced it to the page's first load either.
  const announced = await page.locator('link[rel="preload"], link[rel="modulepreload"]').evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  expect(announced.filter((href) => WEB_VITALS_CHUNK.test(href))).toEqual([]);
});

test('zod is not on the first load: the schemas that check api answers load with the first call', async ({ page }) => {
  const carriesZod = async (urls: string[]) => {
    const bodies = await Promise.all(urls.map(async (url) => (await page.request.get(url)).text()));
    return urls.filter((_, index) => bodies[index]!.includes(ZOD_MARK));
  };
  const { loaded } = await coldLoad(page, '/');
  expect(await carriesZod(loaded.filter((entry) => entry.type === 'Script').map((entry) => entry.url))).toEqual([]);

  // The catalog opened in the page reads the api, and its answer is checked: zod comes now.
  await expect(page.locator('html')).toHaveAttribute('data-app', 'hydrated');
  const later: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') later.push(response.url());
  });
  await page.getByRole('navigation').getByRole('link', { name: 'Products', exact: true }).click();
  await expect(cardsIn(page.getByRole('list', { name: 'Parts' }))).toHaveCount(12);
  expect(await carriesZod(later)).not.toEqual([]);
});

test('the home page asks once for each thing its HTML preloads, and every script it runs was preloaded', async ({ page, baseURL }) => {
  const { requested, loaded, preloads } = await coldLoad(page, '/');
  const preloaded = preloads.map((link) => link.href);
  // Its remote and its hero are among them (shell/src/server/http/page-hints.ts); its reads are not: the
  // server rendered the page with them and sent them along, so the browser never asks.
  expect(preloaded.some((href) => href.endsWith('/remoteEntry.js'))).toBe(true);
  expect(preloads.filter((link) => link.as === 'image')).toHaveLength(1);
  expect(requested.filter((url) => /\/(tools|reviews)\?/.test(url))).toEqual([]);
  expect(preloaded.filter((href) => /\/(tools|reviews)\?/.test(href))).toEqual([]);
  // A preload the page did not match would show as a second request for the same address.
  const twice = preloaded.filter((href) => requested.filter((url) => url === href).length !== 1);
  expect(twice).toEqual([]);
  // No script ran that the HTML did not announce (a stale startup-scripts.json would show here).
  const scripts = loaded.filter((entry) => entry.type === 'Script').map((entry) => entry.url);
  const unannounced = scripts.filter((url) => !preloaded.includes(url) && url !== `${baseURL}/main.js`);
  expect(unannounced).toEqual([]);
  // The runtime config came inline: no round trip for it.
  expect(requested.filter((url) => url.endsWith('/config.json'))).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('a phone neither preloads nor downloads the hero picture it never shows', async ({ page }) => {
    const { requested } = await coldLoad(page, '/');
    expect(requested.filter((url) => url.endsWith('/images/parts/16-gb-triple-fan-graphics-card.svg'))).toEqual([]);
  });

  test('a phone loads the pictures far below the first screen only as it nears them', async ({ page }) => {
    const { requested } = await coldLoad(page, '/');
    const pictures = page.getByRole('list', { name: 'Latest parts' }).locator('img');
    await expect(pictures).toHaveCount(6);
    const last = pictures.last();
    // The sixth card is several screens down: its picture was not asked for.
    expect(requested).not.toContain(await last.evaluate((img: HTMLImageElement) => img.src));
    expect(await last.evaluate((img: HTMLImageElement) => img.complete)).toBe(false);
    await last.scrollIntoViewIfNeeded();
    await expect.poll(() => last.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });
});

test("the home page paints whole: the remote's loading fallback never shows on a cold load", async ({ page }) => {
  // Behind a fallback, React would hold the remote's content back for its reveal throttle (~300 ms).
  await page.addInitScript(() => {
    const seen = { fallback: false };
    Object.assign(window, { __remoteFallbackSeen: seen });
    new MutationObserver(() => {
      const statuses = [...document.querySelectorAll('main [role="status"]')];
      if (statuses.some((status) => status.textContent === 'Loading…')) seen.fallback = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await coldLoad(page, '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to PC PART PICKER' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __remoteFallbackSeen: { fallback: boolean } }).__remoteFallbackSeen.fallback)).toBe(false);
});

test("the catalog's first row of pictures loads at once, the rest as they near the screen; home's below its hero too", async ({ page }) => {
  await page.goto('/products');
  const pictures = page.getByRole('list', { name: 'Parts' }).locator('img');
  await expect(pictures.nth(5)).toBeAttached();
  const loading = await pictures.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).loading));
  expect(loading.slice(0, 3)).toEqual(['auto', 'auto', 'auto']);
  expect(new Set(loading.slice(3))).toEqual(new Set(['lazy']));

  await page.goto('/');
  await expect(cardsIn(page.getByRole('list', { name: 'Latest parts' }))).toHaveCount(6);
  const home = await page.locator('main img').evaluateAll((imgs) =>
    imgs.map((img) => ({ src: (img as HTMLImageElement).getAttribute('src'), loading: (img as HTMLImageElement).loading, priority: img.getAttribute('fetchpriority') })),
  );
  // The hero's picture (the largest paint) loads first; the six categories and six parts below it wait.
  expect(home.filter((img) => img.priority === 'high')).toEqual([expect.objectContaining({ loading: 'auto' })]);
  expect(home.filter((img) => img.loading === 'lazy')).toHaveLength(12);
});
