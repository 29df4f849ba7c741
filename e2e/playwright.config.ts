import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions, e2eDatabaseUriFile, e2eLogFile, e2ePorts, e2eReleaseStore, otlpReceiverUrl, stackPorts, stackUrls } from './support/environment';

const repoRoot = path.resolve(__dirname, '..');

// The registry `npm start` keeps beside the release store (tooling/services/local-services.mjs):
// each run starts from the builds, as CI's fresh clone does. Only in the runner, before the stack
// starts (workers load this file too, and the stack is up by then).
if (!process.env.TEST_WORKER_INDEX) {
  rmSync(`${e2eReleaseStore}.registry.json`, { force: true });
  rmSync(e2eLogFile, { force: true });
}

/**
 * The specs split in two projects by what they touch (docs/development.md, "Which project a spec
 * belongs to"). Two workers run `isolated` a file each at once; `shared-state` runs after it, alone,
 * one file after another, as the whole suite ran before.
 */
const isolatedSpecs = [
  // Public pages read, never changed: the catalog and the reviews stay as they are while these run
  // (every spec that adds, edits or counts parts or reviews is shared-state).
  'accessibility',
  'compare',
  'layout-stability',
  'page-weight',
  'product-pages',
  'remotes',
  // The api and its reference asked, nothing written but a token exchange.
  'api-identity',
  'api-reference',
  // Sign-in, sign-up and passwords: fresh accounts, their own emails found by their own unique address.
  'accounts',
  'google-sign-in',
  'honest-sign-in',
  'lazy-sign-in',
  'password-reset',
  // A customer of their own each (their orders, addresses, cart, builds and All Orders searched by
  // their number or email). The demo customer here only signs in, opens its pages, posts a review it
  // finds among the newest, and saves its profile in dashboard.spec.ts alone (the toast of
  // shell-layout.spec.ts saves it too: shared-state); it never counts its orders or pays its "first" one.
  'account-settings',
  'builder',
  'client-layer',
  'dashboard',
  'order-tables',
];

const sharedStateSpecs = [
  // Releases: publish, promote, roll out and back, read the Releases page, or start a second stack.
  'registry-restart',
  'releases',
  'rollouts',
  // Servers of their own on the fixed e2e ports (support/environment.ts, e2ePorts): two at once would collide.
  'remote-failure',
  'server-rendering',
  // The catalog changed or compared whole: parts added, edited, imported or given stars, prices and
  // stock read back as figures, the newest parts and reviews matched against the api.
  'admin',
  'alerts-price-history',
  'manage-products',
  'part-reviews',
  'storefront',
  'whole-orders',
  // Global figures: the Overview (orders dated back in the database), held stock on Manage Products'
  // first row, the home page's first review and the review count.
  'holds',
  'overview',
  'reviews-moderation',
  // The demo customer's own state: its cart emptied and counted, its saved address and profile, its
  // newest unpaid order of a part paid from My Orders' first row, a part's stock before and after.
  'build-advisor',
  'cart',
  'checkout',
  'orders',
  'payments',
  'screenshots',
  'security',
  'shell-layout',
  // Every span the receiver and every line the log file hold, and a part's page the cache has not seen.
  'telemetry',
];

// Every spec belongs to one project: a new one is placed by the rule above, not left out.
const specsOnDisk = readdirSync(path.join(__dirname, 'tests'))
  .filter((file) => file.endsWith('.spec.ts'))
  .map((file) => file.replace(/\.spec\.ts$/, ''));
const unplaced = specsOnDisk.filter((name) => isolatedSpecs.includes(name) === sharedStateSpecs.includes(name));
if (unplaced.length > 0) {
  throw new Error(`e2e/playwright.config.ts: put each of ${unplaced.join(', ')} in exactly one of isolatedSpecs and sharedStateSpecs (docs/development.md says which).`);
}
const specFiles = (names: string[]) => names.map((name) => `**/tests/${name}.spec.ts`);

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  // Room for the longest walkthroughs (screenshots of the admin console: 35 s here) on a machine
  // twice as busy; a test that hangs still fails within a minute and a half.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // A file's tests run in order in one worker (some build on the one before).
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: stackUrls.shell,
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'isolated', testMatch: specFiles(isolatedSpecs) },
    { name: 'shared-state', testMatch: specFiles(sharedStateSpecs), dependencies: ['isolated'], workers: 1 },
  ],
  webServer: [
    // The project's own OTLP/HTTP receiver: the stack's traces arrive there (telemetry.spec.ts reads them).
    {
      command: `node tooling/telemetry/otlp-receiver.cjs --port ${e2ePorts.otlpReceiver}`,
      cwd: repoRoot,
      url: `${otlpReceiverUrl}/spans?traceId=none`,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
    },
    // The whole stack, exactly as `npm start` runs it, from the production builds, traced.
    {
      command: 'node tooling/start.mjs',
      cwd: repoRoot,
      url: `${stackUrls.shell}/config.json`,
      // The auth emulator alone may take minutes to start on a busy machine (tooling/services/auth-emulator.mjs).
      timeout: 420_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      stderr: 'pipe',
      // SIGINT lets start.mjs stop its children; a SIGKILL would orphan them.
      gracefulShutdown: { signal: 'SIGINT', timeout: 20_000 },
      env: {
        // The test's own shell instances (see support/stack.ts) call the api from these origins too.
        CORS_ORIGINS: [stackPorts.shell, stackPorts.shop, stackPorts.dashboard, stackPorts.admin, e2ePorts.shell, e2ePorts.shellProcess]
          .map((port) => `http://localhost:${port}`)
          .join(','),
        // The releases the tests publish go to a store of their own.
        RELEASES_DIR: e2eReleaseStore,
        // The in-memory database's address, for the tests that date orders in the past (support/database.ts).
        DATABASE_URI_FILE: e2eDatabaseUriFile,
        // The tests order as the one demo customer dozens of times within the hold, and leave many
        // unpaid: the hold caps (3 orders, 10 units of a part, half a part's stock held by orders paid
        // later) are the api suites' to test.
        MAX_UNPAID_ORDERS: '1000',
        MAX_HELD_UNITS_PER_PART: '100000',
        ORDER_HOLD_SHARE_PERCENT: '100',
        // Every test browser shares one address: each cohort weighs one here (the default: an address
        // weighs as one cohort), a verdict needs 3 cohorts a side from 1 address (the default: 30 and
        // 30), rollouts are judged every second (the default: 60 s), and nothing is rate-limited away.
        RELEASE_VERDICT_INTERVAL_SECONDS: '1',
        RELEASE_VERDICT_MIN_ADDRESSES: '1',
        RELEASE_VERDICT_MIN_COHORTS: '3',
        RELEASE_VERDICT_MIN_VITALS: '3',
        RELEASE_VERDICT_COHORTS_PER_ADDRESS: '1000',
        RELEASE_REPORTS_PER_ADDRESS: '10000',
        RELEASE_REPORTS_PER_COHORT: '1000',
        // The limits kept per client address count every test browser as one client, and two workers
        // sign in, send verification emails and ask for builds twice as often: ten times the defaults
        // (the per-account limits stay as they are; the api suites test them all).
        RATE_LIMIT_SIGN_IN: '1000',
        RATE_LIMIT_VERIFICATION_EMAILS_PER_ADDRESS: '100',
        RATE_LIMIT_ACCOUNT_CHANGES_PER_ADDRESS: '600',
        RATE_LIMIT_BUILD_ADVICE: '300',
        // Three pages a side make a noisy p75: a regression here is twice the live version's (the INP
        // test's candidate blocks each click six times as long as a live click takes), so a healthy
        // candidate's LCP never trips it.
        RELEASE_VITALS_MARGIN_PERCENT: '100',
        // The tests check what the pages hold, not how fast a shared machine renders them (the bench
        // does): the server may take its time before it sends a page's first HTML, so a busy machine
        // still sends the pages whole (the default budget is 300 ms).
        SSR_BUDGET_MS: '2000',
        // The same for a remote's manifest (300 ms by default): at a load of 8 one took longer.
        SSR_FETCH_TIMEOUT_MS: '2000',
        // Every successful load during a rollout, and every page's Web Vitals, are reported (the defaults: 10 %).
        RELEASE_LOAD_SAMPLE_PERCENT: '100',
        RELEASE_VITALS_SAMPLE_PERCENT: '100',
        // Traces to the receiver above, sent within a fifth of a second (the default waits 5 s); the
        // api's and the shell's logs to one file a test reads (telemetry.spec.ts).
        OTEL_EXPORTER_OTLP_ENDPOINT: otlpReceiverUrl,
        OTEL_BSP_SCHEDULE_DELAY: '200',
        LOG_FILE: e2eLogFile,
      },
    },
  ],
});
