import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions, e2ePorts, e2eReleaseStore, stackPorts, stackUrls } from './support/environment';

const repoRoot = path.resolve(__dirname, '..');

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: stackUrls.shell,
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
  },
  // The whole stack, exactly as `npm start` runs it, from the production builds.
  webServer: {
    command: 'node tooling/start.mjs',
    cwd: repoRoot,
    url: `${stackUrls.shell}/config.json`,
    timeout: 180_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
    stderr: 'pipe',
    // SIGINT lets start.mjs stop its children; a SIGKILL would orphan them.
    gracefulShutdown: { signal: 'SIGINT', timeout: 20_000 },
    env: {
      // The test's own shell instances (see support/stack.ts) call the api from these origins too.
      CORS_ORIGINS: [stackPorts.shell, stackPorts.shop, stackPorts.dashboard, stackPorts.admin, e2ePorts.shell]
        .map((port) => `http://localhost:${port}`)
        .join(','),
      // The releases the tests publish go to a store of their own.
      RELEASES_DIR: e2eReleaseStore,
      // The tests order as the one demo customer dozens of times within the hold, and leave many
      // unpaid: the hold caps (3 orders, 10 units of a part) are the api suites' to test.
      MAX_UNPAID_ORDERS: '1000',
      MAX_HELD_UNITS_PER_PART: '100000',
    },
  },
});
