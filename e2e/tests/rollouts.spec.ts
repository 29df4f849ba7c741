import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { expect, test, type Browser, type Page, type Request } from '../support/test';
import { cohortBucket } from '../../contracts/src/releases';
import { demoAccounts, signIn } from '../support/auth';
import { e2eReleaseStore, stackUrls } from '../support/environment';
import { repoRoot } from '../support/stack';

// Guarded rollouts (docs/releases.md): a new mf-shop reaches a share of the browsers, and the api
// compares what its visitors live through with what the live version's do. A candidate whose "Add to
// cart" throws, or whose every click blocks the main thread far longer than a live click takes,
// rolls back by itself; a healthy one rises through its stages to live. The e2e stack judges every second from 3 cohorts a
// side (playwright.config.ts). Each browser below is a cohort of its own, on the home page.

const run = promisify(execFile);
const scriptEnv = { ...process.env, RELEASES_DIR: e2eReleaseStore };
const shotsDir = path.resolve(__dirname, '../screenshots');
const script = (name: string, args: string[]) =>
  run(process.execPath, [path.join(repoRoot, `tooling/${name}.mjs`), ...args], { cwd: repoRoot, env: scriptEnv });

/**
 * Faults cheap enough to add to a copy of a build: prepended to its entry script (remoteEntry.js,
 * which runs whenever a page loads that version), so every file loads and the fault is the
 * candidate's alone. A thrown error needs a build of its own (faultyShopBuild): from a script of
 * another origin, the browser hides an error's details from the page unless React's handler reports it.
 */
const FAULTS = {
  none: () => '',
  // The faulty build's Add to cart throws from a timer instead of in its handler (faulty-shop-loader.cjs).
  timerThrows: () => "self.__pcppFault = 'timer';",
  // Every click and key blocks the main thread for `blockMs`.
  slowInteractions: (blockMs: number) => `['pointerdown', 'keydown'].forEach(function (type) {
  document.addEventListener(type, function () {
    var end = performance.now() + ${blockMs};
    while (performance.now() < end) {}
  }, true);
});`,
} as const;

/**
 * mf-shop built once more, with its Add to cart click handler throwing, or (in a candidate with the
 * `timerThrows` fault) a timer it sets throwing outside React (e2e/support/faulty-shop.webpack.cjs):
 * the only extra build of the suite, made once for the file. Answers its folder.
 */
let faultyBuild: Promise<string> | undefined;
function faultyShopBuild(): Promise<string> {
  faultyBuild ??= (async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pcpp-mf-shop-faulty-'));
    await run(path.join(repoRoot, 'node_modules/.bin/webpack'), ['--mode', 'production', '--config', path.join(repoRoot, 'e2e/support/faulty-shop.webpack.cjs'), '--output-path', dir], {
      cwd: path.join(repoRoot, 'mf-shop'),
      maxBuffer: 64 * 1024 * 1024,
    });
    return dir;
  })();
  return faultyBuild;
}
test.afterAll(async () => {
  if (faultyBuild) rmSync(await faultyBuild.catch(() => ''), { recursive: true, force: true });
});

/**
 * A copy of a remote's build (its dist, or `build`) with `fault` in its entry, published
 * (`npm run release -- <remote> --from-build`).
 */
async function publishCandidate(
  fault: keyof typeof FAULTS,
  { remote = 'mf-shop', build, blockMs = 0 }: { remote?: 'mf-shop' | 'mf-admin'; build?: string; blockMs?: number } = {},
): Promise<{ version: string; manifestUrl: string; files: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `pcpp-${remote}-candidate-`));
  try {
    cpSync(build ?? path.join(repoRoot, remote, 'dist'), dir, { recursive: true });
    const entry = path.join(dir, 'remoteEntry.js');
    // A marker makes each copy a version of its own (a version is its files' hash).
    const source = `/* e2e candidate ${Date.now()} */\n;(function () {\n${FAULTS[fault](blockMs)}\n})();\n${readFileSync(entry, 'utf8')}`;
    writeFileSync(entry, source);
    // The static server sends the precompressed siblings as they are: they follow the change.
    writeFileSync(`${entry}.gz`, gzipSync(source, { level: 9 }));
    writeFileSync(`${entry}.br`, brotliCompressSync(source, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
    const { stdout } = await script('release', [remote, '--from-build', dir]);
    const match = new RegExp(`Published ${remote} (\\S+)\\n\\s+(\\S+)`).exec(stdout);
    if (!match) throw new Error(`no version in: ${stdout}`);
    return { version: match[1]!, manifestUrl: match[2]!, files: match[2]!.replace('mf-manifest.json', '') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Cohort ids a rollout of `remote` at `percent` serves the candidate (inside) or the live version
 * (outside; from `outsideFrom` up, for one that must stay outside as the share rises).
 */
function cohorts(percent: number, count = 3, remote: 'mf_shop' | 'mf_admin' = 'mf_shop', outsideFrom = percent) {
  const inside: string[] = [];
  const outside: string[] = [];
  const base = `e2e-guard-${Date.now().toString(36)}`;
  for (let i = 0; inside.length < count || outside.length < count; i += 1) {
    const id = `${base}-${i}`.padEnd(16, '0');
    const bucket = cohortBucket(id, remote);
    if (bucket < percent) inside.push(id);
    else if (bucket >= outsideFrom) outside.push(id);
  }
  return { inside: inside.slice(0, count), outside: outside.slice(0, count) };
}

/** Whether the shell's server serves the rollout of `manifestUrl` yet (it keeps the registry's answer a few seconds). */
async function servesRollout(manifestUrl: string, cohort?: string): Promise<boolean> {
  const answer = await fetch(`${stackUrls.shell}/`, cohort ? { headers: { cookie: `pcpp_cohort=${cohort}` } } : {});
  return (await answer.text()).includes(manifestUrl);
}

const isReport = (request: Request, route: string) => request.method() === 'POST' && new URL(request.url()).pathname === route;

/**
 * The home page in a browser of its own whose cohort is `cohort`: waits until the page reported its
 * mf-shop load (the api then counts the cohort), runs `act`, then leaves the page, which sends its
 * Web Vitals by sendBeacon; answers what the page loaded and the version it reported.
 */
async function visit(browser: Browser, cohort: string, act?: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'pcpp_cohort', value: cohort, url: stackUrls.shell }]);
  const page = await context.newPage();
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  const loaded = page.waitForRequest((request) => isReport(request, '/remotes/loads') && request.postDataJSON()?.remote === 'mf_shop');
  const vitalsLoaded = page.waitForResponse((response) => /\/web-vitals\.[0-9a-f]+\.js$/.test(response.url()));
  await page.goto(`${stackUrls.shell}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to PC PART PICKER' })).toBeVisible();
  const loadReport = await loaded;
  expect((await loadReport.response())?.status()).toBe(204);
  // The vitals' observers are in place (after the first paint, off the critical path).
  await vitalsLoaded;
  await act?.(page);
  // Leaving the page hides it: its vitals go.
  await page.goto('about:blank');
  await context.close();
  return { requested, version: loadReport.postDataJSON().version as string };
}

/** Clicks the first part's "Add to cart" after the page settled, and gives the browser a frame to time it. */
async function addToCart(page: Page) {
  await page.getByRole('button', { name: /^Add .+ to cart$/ }).first().click();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))));
}

const shopSection = (page: Page) => page.locator('section[data-remote="mf_shop"]');
const adminSection = (page: Page) => page.locator('section[data-remote="mf_admin"]');

/** Reloads the Releases page until mf_shop's last rollout says `text` (the verdict runs every second). */
async function lastRolloutSays(page: Page, text: string | RegExp) {
  await expect(async () => {
    await page.reload();
    // The page has its answer (however long a busy machine takes), then says what it says now.
    await expect(shopSection(page).getByTestId('live-version')).toBeVisible();
    await expect(shopSection(page).getByTestId('last-rollout')).toContainText(text, { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
}

async function screenshots(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

let live = '';
const published: string[] = [];

test.beforeEach(async ({ page }) => {
  await signIn(page, demoAccounts.admin);
  await page.goto('/dashboard/releases');
  live = (await shopSection(page).getByTestId('live-version').textContent()) ?? '';
  expect(live).toMatch(/\+/);
});

// After a failure, a rollout still under way ends, the version that was live is live again, and
// the test's versions leave the store.
test.afterEach(async () => {
  if (published.length === 0) return;
  await script('rollback', ['mf-shop']).catch(() => undefined);
  if (live) await script('promote', ['mf-shop', live]).catch(() => undefined);
  for (const version of published.splice(0)) rmSync(path.join(e2eReleaseStore, 'mf-shop', version), { recursive: true, force: true });
});

test('a candidate whose "Add to cart" throws, rolled out to half the browsers, rolls back on runtime errors and the Releases page says why', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const candidate = await publishCandidate('none', { build: await faultyShopBuild() });
  published.push(candidate.version);
  const { stdout } = await script('rollout', ['mf-shop', candidate.version, '50']);
  expect(stdout).toContain(`mf_shop ${candidate.version} rolls out to 50 % of the browsers (live: ${live}).`);
  const { inside, outside } = cohorts(50);
  // The shell's server has the rollout, and has rendered with the candidate's server build once.
  await expect.poll(() => servesRollout(candidate.manifestUrl, inside[0]), { timeout: 20_000 }).toBe(true);

  // Browsers inside the share first: the candidate loads fine, and its Add to cart throws, reported
  // once as its runtime error. (No verdict yet: the live side has no cohort.)
  for (const cohort of inside) {
    const onCandidate = await visit(browser, cohort, async (page) => {
      const reported = page.waitForRequest((request) => isReport(request, '/remotes/errors'));
      await addToCart(page);
      const report = await reported;
      expect(report.postDataJSON()).toMatchObject({
        remote: 'mf_shop',
        version: candidate.version,
        cohort,
        kind: 'runtime',
        message: 'Error: Add to cart failed: the cart store is not ready',
        // Thrown in the shop's own chunk, which React's handler called.
        source: expect.stringMatching(new RegExp(`^${candidate.files.replace(/[.+?]/g, '\\$&')}[^/]+\\.js:\\d+:\\d+$`)),
      });
      expect((await report.response())?.status()).toBe(204);
      await expect(page.getByRole('alert')).toHaveCount(0);
    });
    expect(onCandidate.version).toBe(candidate.version);
  }
  // Then browsers outside it: the live version, whose Add to cart works.
  for (const cohort of outside) {
    const onLive = await visit(browser, cohort, async (page) => {
      await addToCart(page);
      await expect(page.getByRole('link', { name: /in (your )?cart/i }).first()).toBeVisible();
    });
    expect(onLive.version).toBe(live);
    expect(onLive.requested.some((url) => url.startsWith(candidate.files))).toBe(false);
  }

  // Three cohorts of three met the error on the candidate, none on the live version: rolled back.
  await lastRolloutSays(page, `Last rollout: ${candidate.version} at 50 %, rolled back automatically`);
  const last = shopSection(page).getByTestId('last-rollout');
  await expect(last).toContainText('Rolled back automatically: Runtime errors: 100.0 % of cohorts on the candidate against 0.0 % on the live version');
  await expect(last.getByTestId('regression')).toContainText('MeasureRuntime errors');
  await expect(last.getByTestId('regression')).toContainText('Candidate100.0 % from 3 cohorts');
  await expect(shopSection(page).getByTestId('candidate-version')).toHaveCount(0);
  await expect(shopSection(page).getByTestId('live-version')).toHaveText(live);
  const errors = shopSection(page).getByRole('table', { name: 'Shop errors' });
  const row = errors.getByRole('row').filter({ hasText: 'Add to cart failed: the cart store is not ready' }).filter({ hasText: candidate.version });
  await expect(row).toContainText('Runtime error');
  await expect(row.getByRole('cell').nth(2)).toHaveText('3');
  await screenshots(page, 'dashboard-releases-rolled-back-runtime');

  await page.goto('/dashboard/activity');
  await expect(page.locator('main')).toContainText(candidate.version);
  await expect(page.locator('main')).toContainText('Runtime errors: 100.0 % of cohorts on the candidate');
  // Everyone gets the live version again.
  await expect.poll(() => servesRollout(candidate.manifestUrl, inside[0]), { timeout: 20_000 }).toBe(false);
});

test('a candidate whose timer throws outside React is reported whole (its message, not "Script error."), and the Releases page shows where in its source', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const candidate = await publishCandidate('timerThrows', { build: await faultyShopBuild() });
  published.push(candidate.version);
  // The store has the version's scripts, never its source maps (the api reads those apart).
  expect(readdirSync(path.join(e2eReleaseStore, 'mf-shop', candidate.version), { recursive: true }).some((file) => String(file).endsWith('.map'))).toBe(false);
  expect((await fetch(`${candidate.files}remoteEntry.js.map`)).status).toBe(404);
  await script('rollout', ['mf-shop', candidate.version, '50']);
  const { inside } = cohorts(50, 1);
  await expect.poll(() => servesRollout(candidate.manifestUrl, inside[0]), { timeout: 20_000 }).toBe(true);

  const onCandidate = await visit(browser, inside[0]!, async (visited) => {
    // Thrown by a timer of the remote's chunk, outside React: the window's error event has the error
    // whole only because the remote's scripts load with crossorigin and CORS (else "Script error.", no report).
    const reported = visited.waitForRequest((request) => isReport(request, '/remotes/errors'));
    await addToCart(visited);
    const report = await reported;
    expect(report.postDataJSON()).toMatchObject({
      remote: 'mf_shop',
      version: candidate.version,
      kind: 'runtime',
      message: 'Error: Add to cart failed later: the cart timer broke',
      source: expect.stringMatching(new RegExp(`^${candidate.files.replace(/[.+?]/g, '\\$&')}[^/]+\\.js:\\d+:\\d+$`)),
      stack: expect.stringContaining('Add to cart failed later'),
    });
    expect((await report.response())?.status()).toBe(204);
  });
  expect(onCandidate.version).toBe(candidate.version);

  // The Releases page: the error group with where it was thrown in the shop's source, mapped on the server.
  const row = shopSection(page)
    .getByRole('table', { name: 'Shop errors' })
    .getByRole('row')
    .filter({ hasText: 'Add to cart failed later: the cart timer broke' })
    .filter({ hasText: candidate.version });
  await expect(async () => {
    await page.reload();
    await expect(row).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(row).toContainText('Runtime error');
  await expect(row.getByTestId('error-source')).toHaveText(/^at src\/components\/add-to-cart-button\.tsx:\d+:\d+$/);
  await row.getByText('Stack').click();
  await expect(row.getByTestId('error-stack')).toContainText('src/components/add-to-cart-button.tsx:');
  await expect(page.getByText('Script error.')).toHaveCount(0);
  await screenshots(page, 'dashboard-releases-mapped-error');
});

/**
 * The slowest of `times` Add to cart clicks on the live version's home page, as the browser's Event
 * Timing measures it (what INP reports): in milliseconds, on this machine, in this run.
 */
async function liveClickMs(browser: Browser, times = 2): Promise<number> {
  const durations: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${stackUrls.shell}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to PC PART PICKER' })).toBeVisible();
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { clickDurations: number[] }).clickDurations = seen;
      new PerformanceObserver((list) => seen.push(...list.getEntries().map((entry) => entry.duration))).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
    });
    await addToCart(page);
    durations.push(await page.evaluate(() => Math.max(16, ...(window as unknown as { clickDurations: number[] }).clickDurations)));
    await context.close();
  }
  return Math.max(...durations);
}

test('a candidate whose every click blocks the main thread many times longer than a live click takes rolls back on INP', async ({ page, browser }) => {
  test.setTimeout(180_000);
  // The fault is the candidate's beyond doubt on any machine: each click blocked six times as long as
  // the slowest live click measured here and now (the verdict flags a p75 over twice the live one).
  const blockMs = Math.max(300, 6 * (await liveClickMs(browser)));
  const candidate = await publishCandidate('slowInteractions', { blockMs });
  published.push(candidate.version);
  await script('rollout', ['mf-shop', candidate.version, '50']);
  const { inside, outside } = cohorts(50);
  await expect.poll(() => servesRollout(candidate.manifestUrl, inside[0]), { timeout: 20_000 }).toBe(true);

  // Live and candidate pages in turn, each clicked once: the beacons carry each page's INP.
  for (let i = 0; i < 3; i += 1) {
    expect((await visit(browser, outside[i]!, addToCart)).version).toBe(live);
    expect((await visit(browser, inside[i]!, addToCart)).version).toBe(candidate.version);
  }

  await lastRolloutSays(page, `Last rollout: ${candidate.version} at 50 %, rolled back automatically`);
  const last = shopSection(page).getByTestId('last-rollout');
  await expect(last).toContainText('Rolled back automatically: INP p75:');
  const facts = last.getByTestId('regression');
  await expect(facts).toContainText('MeasureINP, 75th percentile');
  // The candidate's p75 carries the block; the live version's is a fraction of it.
  const ms = async (label: string) => Number(/([\d,]+) ms/.exec((await facts.locator('div', { hasText: label }).first().textContent()) ?? '')?.[1]?.replace(/,/g, ''));
  const [candidateP75, liveP75] = [await ms('Candidate'), await ms('Live')];
  expect(candidateP75).toBeGreaterThan(2 * liveP75);
  await expect(shopSection(page).getByTestId('live-version')).toHaveText(live);
  await screenshots(page, 'dashboard-releases-rolled-back-inp');
});

test('a healthy candidate rolled out in stages from the Releases page rises through them to live by itself', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const candidate = await publishCandidate('none');
  published.push(candidate.version);
  await page.reload();
  const shop = shopSection(page);
  await shop.getByLabel('Stages (%)').fill('25, 50, 100');
  // Fifteen seconds a stage (the e2e's patience, not a team's): time enough to read the healthy
  // verdict between stages on a loaded machine.
  await shop.getByLabel('Stage window (minutes)').fill('0.25');
  await shop.getByRole('button', { name: `Roll out Shop ${candidate.version}` }).click();
  await expect(shop.getByTestId('candidate-version')).toHaveText(candidate.version);
  await expect(shop.getByTestId('rollout-stage')).toContainText('Stage 1 of 3 (25 → 50 → 100 %, 15 s each).');

  // A stage rises only once judged healthy: visitors on both sides load their version, no error.
  const { inside, outside } = cohorts(25, 3, 'mf_shop', 50);
  await expect.poll(() => servesRollout(candidate.manifestUrl, inside[0]), { timeout: 20_000 }).toBe(true);
  for (let i = 0; i < 3; i += 1) {
    expect((await visit(browser, outside[i]!)).version).toBe(live);
    expect((await visit(browser, inside[i]!)).version).toBe(candidate.version);
  }
  await expect(async () => {
    await page.reload();
    await expect(shop.getByTestId('live-version')).toBeVisible();
    await expect(shop.getByTestId('verdict')).toContainText('Healthy at the last verdict', { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await expect(shop.getByRole('table', { name: 'Shop rollout health' })).toContainText('0.0 % of 3 cohorts');
  await screenshots(page, 'dashboard-releases-staged');

  // Nobody clicks: it is live after its last stage.
  await lastRolloutSays(page, new RegExp(`Last rollout: ${candidate.version.replace(/[.+]/g, '\\$&')} at \\d+ %, completed`));
  await expect(shop.getByTestId('live-version')).toHaveText(candidate.version);
  await expect(shop.getByTestId('last-rollout')).toContainText('went through every stage healthy');
  await page.goto('/dashboard/activity');
  await expect(page.locator('main')).toContainText(`${candidate.version} stayed healthy`);
});

test('a new mf-admin rolled out to half the browsers: each browser keeps its version, and the Releases page counts the loads of each', async ({ page, browser }) => {
  test.setTimeout(180_000);
  let version = '';
  let original = '';
  try {
    original = (await adminSection(page).getByTestId('live-version').textContent()) ?? '';
    const candidate = await publishCandidate('none', { remote: 'mf-admin' });
    version = candidate.version;
    const { stdout } = await script('rollout', ['mf-admin', version, '50']);
    expect(stdout).toContain(`mf_admin ${version} rolls out to 50 % of the browsers (live: ${original}).`);
    const { inside, outside } = cohorts(50, 1, 'mf_admin');
    await expect.poll(async () => servesRollout(candidate.manifestUrl), { timeout: 20_000 }).toBe(true);

    // An admin whose browser is in the share gets the candidate, one outside it the live version;
    // each load is reported (the e2e stack reports every one: RELEASE_LOAD_SAMPLE_PERCENT=100).
    const candidateFiles = candidate.manifestUrl.replace('mf-manifest.json', '');
    for (const [cohort, getsCandidate] of [[inside[0]!, true], [outside[0]!, false]] as const) {
      const context = await browser.newContext();
      await context.addCookies([{ name: 'pcpp_cohort', value: cohort, url: stackUrls.shell }]);
      const admin = await context.newPage();
      const asked: string[] = [];
      admin.on('request', (request) => asked.push(request.url()));
      await signIn(admin, demoAccounts.admin);
      const reported = admin.waitForRequest((request) => request.url().endsWith('/remotes/loads') && request.postDataJSON()?.remote === 'mf_admin');
      await admin.goto('/dashboard/releases');
      await expect(adminSection(admin).getByTestId('candidate-version')).toHaveText(version);
      expect((await reported).postDataJSON()).toMatchObject({ version: getsCandidate ? version : original, cohort });
      expect(asked.some((url) => url.startsWith(candidateFiles))).toBe(getsCandidate);
      // The same browser keeps its version across reloads.
      asked.length = 0;
      await admin.reload();
      await expect(adminSection(admin).getByTestId('candidate-version')).toHaveText(version);
      expect(asked.some((url) => url.startsWith(candidateFiles))).toBe(getsCandidate);
      await context.close();
    }

    // The team sees the numbers of each version, then completes the rollout: the candidate is live.
    await page.reload();
    await expect(adminSection(page).getByTestId('candidate-stats')).toContainText(/^[1-9]\d* loads?, 0 failed/);
    await expect(adminSection(page).getByTestId('live-stats')).toContainText(/^[1-9]\d* loads?, 0 failed/);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(shotsDir, `dashboard-releases-admin-rollout-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await adminSection(page).getByRole('button', { name: 'Complete' }).click();
    await expect(adminSection(page).getByTestId('live-version')).toHaveText(version);
  } finally {
    if (original) await script('promote', ['mf-admin', original]).catch(() => undefined);
    if (version) rmSync(path.join(e2eReleaseStore, 'mf-admin', version), { recursive: true, force: true });
  }
});
