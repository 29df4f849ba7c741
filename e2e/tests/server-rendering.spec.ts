import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expect, onServerHtml, test, type APIRequestContext, type ConsoleMessage, type Page } from '../support/test';
import { centsToDecimal, documentTitle, formatCents, pageMeta, remoteFallbackText } from '../../contracts/src/core';
import { apiAccessToken, createEmulatorAccount, uniqueEmail } from '../support/auth';
import { e2ePorts, e2eReleaseStore, stackUrls } from '../support/environment';
import { startHeldApi, startShellProcess, type ShellProcess } from '../support/shell-process';
import { repoRoot, serveRemote, type RunningServer } from '../support/stack';
import { apiPartList, apiParts, cardsIn } from '../support/storefront';

// Server rendering (docs/architecture/server-rendering.md): the public pages come as HTML that
// paints before any script, hydrate without a warning, render the live remote version, and still
// come (rendered in the browser) when the server cannot render them.

const run = promisify(execFile);
const HOME_TEXT = 'Top quality parts from trusted brands at reasonable prices.';
const latestParts = (page: Page) => page.getByRole('list', { name: 'Latest parts' });
const reviews = (page: Page) => page.getByRole('list', { name: 'Customer reviews' });
const navbar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/**
 * A build saved by a new customer through the api (POST /builds): its id, and the parts it holds.
 * @param parts slot: part name
 */
async function saveBuild(request: APIRequestContext, name: string, cpu: string, parts: Record<string, string>) {
  const catalog = await apiParts(request);
  const chosen = Object.fromEntries(Object.entries(parts).map(([slot, partName]) => [slot, catalog.find((part) => part.name === partName)!]));
  const account = { email: uniqueEmail('shared-build'), password: 'shared-build-1' };
  await createEmulatorAccount(request, account);
  const response = await request.post(`${stackUrls.api}/builds`, {
    headers: { Authorization: `Bearer ${await apiAccessToken(request, account)}` },
    data: { name, cpu, parts: Object.fromEntries(Object.entries(chosen).map(([slot, part]) => [slot, part._id])) },
  });
  expect(response.status()).toBe(201);
  const { _id: id } = (await response.json()) as { _id: string };
  return { id, parts: Object.values(chosen) };
}

/** The shell's server has loaded the live remote's server build (it does so as it starts). */
async function waitForServerRendering(baseURL: string) {
  await expect(async () => {
    const response = await fetch(`${baseURL}/`);
    await response.arrayBuffer();
    expect(response.headers.get('x-rendered')).toBe('server');
  }).toPass({ timeout: 30_000 });
}

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });
  test.beforeAll(async ({ baseURL }) => waitForServerRendering(baseURL!));

  test('the home page shows the hero, the six latest parts and the reviews', async ({ page, request }) => {
    const response = await page.goto('/');
    expect(response?.headers()['x-rendered']).toBe('server');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to PC PART PICKER' })).toBeVisible();
    await expect(page.getByText(HOME_TEXT)).toBeVisible();
    const newest = (await apiPartList(request, 'sort=newest&limit=6')).items.map((part) => part.name);
    await expect(cardsIn(latestParts(page)).getByRole('heading', { level: 3 })).toHaveText(newest);
    await expect(cardsIn(reviews(page))).not.toHaveCount(0);
    await expect(navbar(page).getByRole('link', { name: 'Products' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('Returns Policy');
    await expect(page).toHaveTitle(documentTitle(pageMeta.home.title));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', pageMeta.home.description);
  });

  test('the catalog filtered to Memory shows its parts, under its canonical address', async ({ page, request }) => {
    await page.goto('/products?category=Memory');
    const memory = await apiPartList(request, 'category=Memory&sort=newest&page=1&limit=12');
    await expect(page.getByRole('heading', { level: 2, name: `${memory.total} parts in Memory` })).toBeVisible();
    await expect(cardsIn(page.getByRole('list', { name: 'Parts' })).getByRole('heading', { level: 3 })).toHaveText(
      memory.items.map((part) => part.name),
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/products\?category=Memory$/);
  });

  test("the catalog's Search button applies the chosen category and order too", async ({ page, request }) => {
    await page.goto('/products');
    await page.getByLabel('Category').selectOption('Memory');
    await page.getByLabel('Sort by').selectOption('price-asc');
    await page.getByRole('button', { name: 'Search' }).click();
    // A GET form sends every field, the empty ones too (the facets' "Any"): the page reads past them.
    await expect(page).toHaveURL(/\/products\?q=&category=Memory&sort=price-asc(&|$)/);
    const memory = await apiPartList(request, 'category=Memory&sort=price-asc&page=1&limit=12');
    await expect(cardsIn(page.getByRole('list', { name: 'Parts' })).getByRole('heading', { level: 3 })).toHaveText(
      memory.items.map((part) => part.name),
    );
    await expect(page.getByLabel('Category')).toHaveValue('Memory');
  });

  test("a part's page shows the part; its JSON-LD holds the price; link previews get its picture", async ({ page, request }) => {
    const part = (await apiParts(request))[0]!;
    await page.goto(`/products/${part._id}`);
    await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: formatCents(part.price) })).toBeVisible();
    await expect(page).toHaveTitle(documentTitle(part.name));
    const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text));
    const product = data.find((item) => item['@type'] === 'Product');
    expect(product).toMatchObject({
      name: part.name,
      sku: part._id,
      offers: { '@type': 'Offer', price: centsToDecimal(part.price), priceCurrency: 'USD' },
    });
    expect(product.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
    const trail = data.find((item) => item['@type'] === 'BreadcrumbList');
    expect(trail.itemListElement.map((crumb: { name: string }) => crumb.name)).toEqual(['All Products', part.category, part.name]);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', new URL(part.img, stackUrls.api).href);
    await expect(page.locator('meta[property="product:price:amount"]')).toHaveAttribute('content', centsToDecimal(part.price));
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/products/${part._id}$`));
  });

  test("a shared build's page shows its parts; its link preview names them and the total", async ({ page, request }) => {
    const { id, parts } = await saveBuild(request, 'Shared AM5 build', 'ryzen-7-7700x', {
      motherboard: 'B650 WiFi ATX Motherboard',
      memory: '32 GB DDR5-6000 Kit (2x16 GB)',
    });
    const response = await page.goto(`/builder/${id}`);
    expect(response?.headers()['x-rendered']).toBe('server');
    await expect(page.getByRole('heading', { level: 1, name: 'Shared AM5 build' })).toBeVisible();
    for (const part of parts) await expect(page.getByRole('link', { name: part.name, exact: true })).toBeVisible();
    await expect(page).toHaveTitle(documentTitle('Shared AM5 build'));
    const total = formatCents(parts.reduce((sum, part) => sum + part.price, 0));
    const description = `Shared AM5 build: AMD Ryzen 7 7700X, ${parts.map((part) => part.name).join(', ')}. Total ${total} at today's prices.`;
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', description);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', new URL(parts[0]!.img, stackUrls.api).href);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/builder/${id}$`));
    await expect(page.getByTestId('build-total')).toHaveText(total);
    // The builder itself comes whole too.
    await page.goto('/builder');
    await expect(page.getByRole('heading', { level: 1, name: 'PC Builder' })).toBeVisible();
    await expect(page).toHaveTitle(documentTitle(pageMeta.builder.title));
  });

  test('an unknown part is a 404 that search engines drop', async ({ page }) => {
    const response = await page.goto('/products/0123456789abcdef01234567');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  test('at 375 and 1280 px the pages need no script to be whole: the phone menu is open, no sideways scrolling', async ({ page, request }) => {
    const part = (await apiParts(request))[0]!;
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [route, name] of [['/', 'home'], ['/products?category=Memory', 'products-memory'], [`/products/${part._id}`, 'product']] as const) {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // Without scripts the toggle cannot open the phone menu: it is open, and Login is there.
        await expect(navbar(page).getByRole('link', { name: 'Login' })).toBeVisible();
        await expect(page.getByText('Checking your session…')).toBeHidden();
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        await page.screenshot({ path: path.join(repoRoot, 'e2e/screenshots', `no-javascript-${name}-${width}.png`), fullPage: true });
      }
    }
  });

  test('/sitemap.xml lists every part; /robots.txt keeps the dashboard and admin pages out', async ({ request, baseURL }) => {
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toContain('application/xml');
    const xml = await sitemap.text();
    const listed = new Set([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]));
    for (const part of await apiParts(request)) expect(listed).toContain(`${baseURL}/products/${part._id}`);
    expect(listed).toContain(`${baseURL}/`);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /dashboard\n');
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});

/** Console errors and warnings, and any message about hydration, from here on. */
function watchConsole(page: Page) {
  const messages: string[] = [];
  const keep = (message: ConsoleMessage) => {
    const text = message.text();
    // A 404 page's own status shows as a failed load of the document.
    if (text.includes('the server responded with a status of 404')) return;
    if (message.type() === 'error' || /hydrat/i.test(text)) messages.push(`${message.type()}: ${text}`);
  };
  page.on('console', keep);
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

// A phone hydrates several times slower than this machine: the data the HTML brought must still be
// fresh once it has (the cached pages among them, rendered up to a minute before).
for (const cpuSlowdown of [1, 4]) {
  test(`every public page hydrates without a warning, and the browser does not ask for the data the HTML brought (CPU ${cpuSlowdown}× slower)`, { tag: cpuSlowdown === 1 ? '@smoke' : [] }, async ({ page, request, baseURL }) => {
    await waitForServerRendering(baseURL!);
    if (cpuSlowdown > 1) await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const part = (await apiParts(request))[0]!;
    const build = await saveBuild(request, `Hydrated build ${cpuSlowdown}`, 'core-i7-14700k', { psu: '550 W 80+ Bronze PSU' });
    const messages = watchConsole(page);
    const apiReads: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      // Pictures (the demo's /images, an admin's /uploads) are not data the HTML could have brought, nor
      // is the load id a page sampled for its Web Vitals asks the registry for after its first paint
      // (GET /remotes: one HTML serves many page loads, so it carries none).
      if (url.origin === new URL(stackUrls.api).origin && req.resourceType() !== 'image' && url.pathname !== '/remotes') apiReads.push(`${url.pathname}${url.search}`);
    });
    const routes = ['/', '/products', '/products?category=Memory', `/products/${part._id}`, '/builder', `/builder/${build.id}`, '/blogs', '/portfolio', '/returnPolicy', '/no-such-page'];
    for (const route of routes) {
      const response = await page.goto(route);
      expect(response?.headers()['x-rendered'], route).toBe('server');
      await expect(page.locator('html'), route).toHaveAttribute('data-app', 'hydrated');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(messages, route).toEqual([]);
    }
    // Each page's reads came with its HTML (dehydrated), so the browser asked the api for none of them.
    expect(apiReads).toEqual([]);
    // After hydration the page works: a client-side navigation reads what the new page needs.
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(cardsIn(latestParts(page))).toHaveCount(6);
    expect(messages).toEqual([]);
  });
}

test('a choice made on the server HTML before it hydrates is not lost: the catalog applies it once hydrated', async ({ page, baseURL }) => {
  await waitForServerRendering(baseURL!);
  // The shop's code comes late, so the visitor picks a category while the page is still the server's HTML.
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/remoteEntry\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const messages = watchConsole(page);
  await page.goto('/products', { waitUntil: 'domcontentloaded' });
  await onServerHtml(page.getByLabel('Category')).selectOption('Memory');
  await expect(page.locator('html')).not.toHaveAttribute('data-app', /./);
  release();
  await expect(page.locator('html')).toHaveAttribute('data-app', 'hydrated');
  await expect(page).toHaveURL('/products?category=Memory');
  await expect(page.getByRole('heading', { level: 2, name: /parts? in Memory$/ })).toBeVisible();
  await expect(page.getByLabel('Category')).toHaveValue('Memory');
  expect(messages).toEqual([]);
});

test("the tests' own click on the server's HTML waits until React owns the button, then does what it says", async ({ page, baseURL }) => {
  await waitForServerRendering(baseURL!);
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/remoteEntry\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/products', { waitUntil: 'domcontentloaded' });
  const compare = page.getByRole('button', { name: /^Compare/ }).first();
  await expect(compare).toBeVisible();
  // e2e/support/test.ts: the click waits, since a click on the plain HTML would be lost.
  let clicked = false;
  const click = compare.click().then(() => (clicked = true));
  // Long enough for an unguarded click to have landed (and been lost) many times over.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  await expect(page.locator('html')).not.toHaveAttribute('data-app', /./);
  expect(clicked).toBe(false);
  release();
  await click;
  await expect(page.locator('html')).toHaveAttribute('data-app', 'hydrated');
  await expect(compare).toHaveAttribute('aria-pressed', 'true');
});

test('Skip to content comes first; after a client-side navigation focus moves to the new heading and the title is announced', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'hydrated');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  await navbar(page).getByRole('link', { name: 'Products' }).click();
  const heading = page.getByRole('heading', { level: 1, name: 'All Products' });
  await expect(heading).toBeFocused();
  await expect(page.getByTestId('route-announcer')).toHaveText(documentTitle(pageMeta.products.title));
  await expect(page.getByTestId('route-announcer')).toHaveAttribute('aria-live', 'polite');
});

test.describe("the shell's own server", () => {
  const servers: { close(): Promise<void> }[] = [];
  let shell: ShellProcess | undefined;
  test.afterEach(async () => {
    await shell?.close();
    shell = undefined;
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  for (const rendering of ['on', 'off'] as const) {
    test(`with every api answer held back, the navbar and the footer show before any of them, then the page's data (server rendering ${rendering})`, async ({ page }) => {
      const api = await startHeldApi(e2ePorts.slowApi);
      servers.push(api);
      // The parts' uploaded photos keep the real api's address (the proxy stands in front of its data
      // only), so that origin is an image origin of this shell, as a bucket's is in production.
      shell = await startShellProcess(e2ePorts.shellProcess, { PUBLIC_API_URL: api.url, SERVER_RENDERING: rendering, S3_PUBLIC_URL: stackUrls.api });
      // A shop that has been up a moment: its server has read the registry once already.
      await (await fetch(`${shell.url}/blogs`)).text();
      const messages = watchConsole(page);
      const browserReads: string[] = [];
      page.on('request', (req) => {
        if (req.url().startsWith(`${api.url}/tools?`)) browserReads.push(req.url());
      });
      // From here the api answers nothing until the test says so: whatever shows meanwhile did not wait for it.
      api.hold();
      await page.goto(`${shell.url}/`, { waitUntil: 'commit' });
      await expect(navbar(page).getByRole('link', { name: 'Products' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText('Returns Policy');
      // The page's own spinner while its data is held at the api.
      await expect(page.getByRole('status').filter({ hasText: 'Loading the latest parts…' })).toBeVisible();
      await expect.poll(() => api.waiting().some((path) => path.startsWith('/tools?'))).toBe(true);
      await expect(latestParts(page)).toHaveCount(0);
      api.release();
      await expect(cardsIn(latestParts(page))).toHaveCount(6);
      if (rendering === 'on') {
        // The late section came streamed from the server (React's reveal script allowed by the page's
        // policy), not read again by the browser.
        expect(browserReads).toEqual([]);
        expect(messages).toEqual([]);
      }
    });
  }

  test("mf-shop down: the shell's server still answers its pages (the layout and the fallback with Retry), and renders them again once it is back", async ({ page }) => {
    // Nothing listens at the shop's port yet; no registry: the runtime config's remotes are the live ones.
    shell = await startShellProcess(e2ePorts.shellProcess, {
      MF_SHOP_MANIFEST_URL: `http://localhost:${e2ePorts.shop}/mf-manifest.json`,
      REMOTE_REGISTRY_URL: 'http://127.0.0.1:9/remotes',
    });
    for (const route of ['/', '/products?category=Memory', '/blogs']) {
      const response = await page.goto(`${shell.url}${route}`);
      expect(response?.status(), route).toBe(200);
      expect(response?.headers()['x-rendered'], route).toBe('browser');
      await expect(page.getByRole('alert')).toContainText(remoteFallbackText.title);
      await expect(navbar(page).getByRole('link', { name: 'Products' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText('Returns Policy');
    }
    expect(shell.logs()).toMatch(/\[server rendering\] \/: rendered in the browser: .*could not be read/);

    // Back up: the browser's Retry brings the page, and the server renders it again (within its short
    // memory of the failed read), without a restart.
    const remote = await serveRemote(path.join(repoRoot, 'mf-shop/dist'), e2ePorts.shop);
    servers.push(remote);
    await page.getByRole('button', { name: remoteFallbackText.retry }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
    await expect(async () => {
      const response = await fetch(`${shell!.url}/`);
      expect(await response.text()).toContain(HOME_TEXT);
      expect(response.headers.get('x-rendered')).toBe('server');
    }).toPass({ timeout: 30_000 });
  });

  test("a remote whose server build throws still serves the page, rendered in the browser, and the log says why", async ({ page }) => {
    // mf-shop deployed with a server build that throws as it loads.
    const deployed = mkdtempSync(path.join(os.tmpdir(), 'pcpp-shop-broken-server-'));
    cpSync(path.join(repoRoot, 'mf-shop/dist'), deployed, { recursive: true });
    writeFileSync(path.join(deployed, 'server/remoteEntry.js'), 'throw new Error("this server build is broken on purpose");\n');
    const remote: RunningServer = await serveRemote(deployed, e2ePorts.shop);
    servers.push({ close: async () => (await remote.close(), rmSync(deployed, { recursive: true, force: true })) });
    shell = await startShellProcess(e2ePorts.shellProcess, {
      MF_SHOP_MANIFEST_URL: `${remote.url}/mf-manifest.json`,
      // No registry: the runtime config's remotes are the live ones.
      REMOTE_REGISTRY_URL: 'http://127.0.0.1:9/remotes',
    });
    const response = await page.goto(`${shell.url}/`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['x-rendered']).toBe('browser');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to PC PART PICKER' })).toBeVisible();
    await expect(cardsIn(latestParts(page))).toHaveCount(6);
    await expect(page.locator('html')).toHaveAttribute('data-app', 'rendered');
    expect(shell.logs()).toMatch(/\[server rendering\] \/: rendered in the browser: .*this server build is broken on purpose/);
  });
});

/** A copy of a build with `from` replaced by `to` in every script (browser and server), its compressed copies rewritten. */
function changedCopy(dir: string, from: string, to: string): { dir: string; changed: number } {
  const copy = mkdtempSync(path.join(os.tmpdir(), 'pcpp-shop-promoted-'));
  cpSync(dir, copy, { recursive: true });
  let changed = 0;
  const walk = (current: string) => {
    for (const name of readdirSync(current)) {
      const full = path.join(current, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.js') && readFileSync(full, 'utf8').includes(from)) {
        const text = readFileSync(full, 'utf8').replaceAll(from, to);
        writeFileSync(full, text);
        for (const [suffix, compress] of [['.br', brotliCompressSync], ['.gz', gzipSync]] as const) {
          try {
            statSync(`${full}${suffix}`);
            writeFileSync(`${full}${suffix}`, compress(text));
          } catch {
            // No compressed copy (the server build has none).
          }
        }
        changed += 1;
      }
    }
  };
  walk(copy);
  return { dir: copy, changed };
}

test('a promoted mf-shop version is the one rendered on the server and in the browser', async ({ browser, page, baseURL }) => {
  test.setTimeout(120_000);
  await waitForServerRendering(baseURL!);
  const scriptEnv = { ...process.env, RELEASES_DIR: e2eReleaseStore };
  const live = await (await fetch(`${stackUrls.api}/remotes`)).json();
  const original = /\/mf-shop\/([^/]+)\/mf-manifest\.json$/.exec(live.remotes.mf_shop)?.[1] ?? `${JSON.parse(readFileSync(path.join(repoRoot, 'mf-shop/package.json'), 'utf8')).version}+local`;
  const NEW_TEXT = 'Version two is rendered on the server too.';
  const copy = changedCopy(path.join(repoRoot, 'mf-shop/dist'), HOME_TEXT, NEW_TEXT);
  // The text is in both the browser build and the server build.
  expect(copy.changed).toBeGreaterThanOrEqual(2);
  let version = '';
  try {
    const { stdout } = await run(process.execPath, [path.join(repoRoot, 'tooling/release.mjs'), 'mf-shop', '--from-build', copy.dir], { cwd: repoRoot, env: scriptEnv });
    version = /Published mf-shop (\S+)/.exec(stdout)?.[1] ?? '';
    expect(version).not.toBe('');
    await run(process.execPath, [path.join(repoRoot, 'tooling/promote.mjs'), 'mf-shop', version], { cwd: repoRoot, env: scriptEnv });

    // The server's HTML (read with scripts off) has the promoted version's text once the shell has
    // read the registry again (it keeps its answer a few seconds).
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await expect(async () => {
      const response = await plain.goto(`${baseURL}/`);
      expect(response?.headers()['x-rendered']).toBe('server');
      await expect(plain.getByText(NEW_TEXT)).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await noScript.close();

    // The browser loads that same version, and hydrates the server's HTML without a warning.
    const messages = watchConsole(page);
    const entries: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/remoteEntry.js')) entries.push(req.url());
    });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-app', 'hydrated');
    await expect(page.getByText(NEW_TEXT)).toBeVisible();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toContain(`/mf-shop/${version}/remoteEntry.js`);
    expect(messages).toEqual([]);
  } finally {
    if (version) {
      await run(process.execPath, [path.join(repoRoot, 'tooling/promote.mjs'), 'mf-shop', original], { cwd: repoRoot, env: scriptEnv }).catch(() => undefined);
      // The tests after this one see the original version again, on the server too.
      await expect(async () => {
        expect(await (await fetch(`${baseURL}/`)).text()).toContain(HOME_TEXT);
      }).toPass({ timeout: 30_000 });
      rmSync(path.join(e2eReleaseStore, 'mf-shop', version), { recursive: true, force: true });
    }
    rmSync(copy.dir, { recursive: true, force: true });
  }
});
