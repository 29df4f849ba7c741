// One cold page load in Chromium: JavaScript over the wire until network idle, requests, LCP and CLS.
// Each load gets a new browser context (a cold profile) and the cache is off.

// Runs in the page before its own scripts: LCP (and which element it was), the first paint, and CLS
// (largest session window, as web-vitals counts it).
// These functions run in the page (serialised by Playwright): they may name nothing of this module.
/** @typedef {{ tag: string, src: string | null, text: string }} LcpElement */
/** @typedef {{ lcp: number | null, lcpElement: LcpElement | null, lcpUrl: string | null, firstPaint: number | null, firstContentfulPaint: number | null, cls: number }} Vitals */
/** @typedef {typeof globalThis & { __benchVitals?: Vitals }} PageGlobal */

/**
 * Scripts a page fetches only once it has loaded and painted, for the sampled loads (the Web Vitals
 * library and the page load's id, shell/src/features/remotes/web-vitals-reporting.ts): not its first load.
 */
const AFTER_FIRST_LOAD = /\/(web-vitals|load-id-answer)\.[0-9a-f]+\.js$/;

const observeVitals = () => {
  /** @type {Vitals} */
  const vitals = { lcp: null, lcpElement: null, lcpUrl: null, firstPaint: null, firstContentfulPaint: null, cls: 0 };
  /** @type {PageGlobal} */ (globalThis).__benchVitals = vitals;
  new PerformanceObserver((list) => {
    // LCP entries (the DOM library does not type them yet).
    for (const entry of /** @type {(PerformanceEntry & { element: (Element & { currentSrc?: string }) | null, url: string })[]} */ (list.getEntries())) {
      vitals.lcp = entry.startTime;
      vitals.lcpUrl = entry.url || null;
      const element = entry.element;
      vitals.lcpElement = element
        ? { tag: element.tagName.toLowerCase(), src: element.currentSrc || element.getAttribute('src') || null, text: (element.textContent ?? '').trim().slice(0, 60) }
        : null;
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-paint') vitals.firstPaint = entry.startTime;
      if (entry.name === 'first-contentful-paint') vitals.firstContentfulPaint = entry.startTime;
    }
  }).observe({ type: 'paint', buffered: true });
  let session = 0;
  let first = 0;
  let last = 0;
  new PerformanceObserver((list) => {
    // Layout-shift entries (the DOM library does not type them yet).
    for (const entry of /** @type {(PerformanceEntry & { hadRecentInput: boolean, value: number })[]} */ (list.getEntries())) {
      if (entry.hadRecentInput) continue;
      if (session > 0 && entry.startTime - last < 1000 && entry.startTime - first < 5000) {
        session += entry.value;
      } else {
        session = entry.value;
        first = entry.startTime;
      }
      last = entry.startTime;
      vitals.cls = Math.max(vitals.cls, session);
    }
  }).observe({ type: 'layout-shift', buffered: true });
};

/**
 * @param {import('@playwright/test').Page} page
 * @param {string} shellUrl
 * @param {{ email: string, password: string }} account
 */
async function signIn(page, shellUrl, account) {
  await page.goto(`${shellUrl}/login`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForFunction(() => Boolean(localStorage.getItem('accessToken')) && !globalThis.location.pathname.endsWith('/login'), null, {
    timeout: 30_000,
  });
  // Off the page signing in led to (its remote may still be loading): none of it is counted in the
  // next load. The session stays in the origin's storage.
  await page.goto('about:blank');
}

/**
 * Resolves once no request has been open for `quietMs`.
 * @param {() => number} openRequests
 * @param {number} quietMs
 */
async function waitForQuietNetwork(openRequests, quietMs, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (openRequests() > 0) quietSince = Date.now();
  }
}

/**
 * Loads `shellUrl + path` once; with `account`, signs in through the login page first (not measured).
 * @param {import('@playwright/test').Browser} browser
 * @param {{ shellUrl: string, path: string, cpuThrottling: number, account?: { email: string, password: string } }} options
 */
async function measurePageLoad(browser, { shellUrl, path, cpuThrottling, account }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript(observeVitals);
    const page = await context.newPage();
    if (account) await signIn(page, shellUrl, account);

    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottling });
    /** @type {Map<string, string | undefined>} */
    const types = new Map();
    let requests = 0;
    /** @type {Map<string, string>} */
    const addresses = new Map();
    /** Each script of the first load: its address, compressed bytes (CDP's encodedDataLength) and Content-Encoding. */
    /** @type {{ url: string, bytes: number, encoding: string | undefined }[]} */
    const scripts = [];
    /** @type {Set<string>} */
    const inFlight = new Set();
    cdp.on('Network.requestWillBeSent', ({ requestId, type, request }) => {
      if (request.url.startsWith('data:')) return;
      if (!types.has(requestId)) requests += 1;
      types.set(requestId, type);
      addresses.set(requestId, request.url);
      inFlight.add(requestId);
    });
    cdp.on('Network.loadingFailed', ({ requestId }) => inFlight.delete(requestId));
    /** @type {Map<string, string | undefined>} */
    const encodings = new Map();
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      types.set(requestId, type);
      const header = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding');
      encodings.set(requestId, header?.[1]);
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      inFlight.delete(requestId);
      const url = addresses.get(requestId);
      // A request the sign-in page left open is not this load's.
      if (url === undefined || types.get(requestId) !== 'Script' || AFTER_FIRST_LOAD.test(url)) return;
      scripts.push({ url, bytes: encodedDataLength, encoding: encodings.get(requestId) });
    });

    const response = await page.goto(`${shellUrl}${path}`, { waitUntil: 'networkidle', timeout: 60_000 });
    if (!response || response.status() >= 400) throw new Error(`${path} answered ${response?.status()}`);
    // With everything preloaded the network can fall quiet before the first paint (at 4× CPU
    // especially): wait for a paint, then for what the rendered page asks for.
    await page.waitForFunction(() => /** @type {PageGlobal} */ (globalThis).__benchVitals?.lcp !== null, null, { timeout: 60_000 });
    await waitForQuietNetwork(() => inFlight.size, 500);
    if (account && new URL(page.url()).pathname === '/login') throw new Error(`${path} sent the signed-in customer to /login`);
    const vitals = /** @type {Vitals} */ (await page.evaluate(() => /** @type {PageGlobal} */ (globalThis).__benchVitals));
    // When the page's first script (the shell's main.js) began: its first statement marks it.
    const scriptStartMs = await page.evaluate(() => performance.getEntriesByName('shell-script-start')[0]?.startTime ?? null);
    // The parts of LCP: when the largest element's resource (if it has one) had arrived, and when the
    // HTML was parsed (DOM interactive), both from navigation start like the paints.
    const timings = await page.evaluate((lcpUrl) => {
      const resource = lcpUrl ? /** @type {PerformanceResourceTiming | undefined} */ (performance.getEntriesByName(lcpUrl, 'resource')[0]) : undefined;
      const navigation = /** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType('navigation')[0]);
      return {
        lcpResourceEndMs: resource ? resource.responseEnd : null,
        domInteractiveMs: navigation ? navigation.domInteractive : null,
        documentResponseEndMs: navigation ? navigation.responseEnd : null,
      };
    }, vitals.lcpUrl);
    await cdp.detach();
    return {
      jsBytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
      jsFiles: scripts.length,
      scripts,
      requests,
      lcpMs: vitals.lcp,
      cls: vitals.cls,
      firstPaintMs: vitals.firstPaint,
      firstContentfulPaintMs: vitals.firstContentfulPaint,
      scriptStartMs,
      ...timings,
      lcpUrl: vitals.lcpUrl,
      renderedBy: response.headers()['x-rendered'] ?? null,
      lcpElement: vitals.lcpElement,
    };
  } finally {
    await context.close();
  }
}

module.exports = { AFTER_FIRST_LOAD, measurePageLoad };
