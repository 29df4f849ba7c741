#!/usr/bin/env node
// CI's second browser (`.ci/run`, after `npm test`): the e2e tests tagged @smoke once more, in
// Debian's Chromium where it is installed, so a change that works only in the bundled Chromium the
// suite runs in (tooling/chromium-launch-options.cjs) is caught. Where it is not installed it says
// so and passes. SECOND_CHROMIUM_PATH names another binary. Needs the build `npm test` made.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const browser = process.env.SECOND_CHROMIUM_PATH || '/usr/bin/chromium';

/** @param {string} file */
function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

if (!isExecutable(browser)) {
  console.log(`Second browser: ${browser} is not installed here; the smoke set ran only in the bundled Chromium.`);
  process.exit(0);
}
console.log(`Second browser: the @smoke e2e tests in ${browser}`);
const result = spawnSync(
  process.execPath,
  // --no-deps: only the smoke tests, not the whole `isolated` project the `shared-state` ones depend on
  // (a dependency runs whole, whatever --grep says); one worker, so they run one after another, alone.
  [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', '-c', 'e2e/playwright.config.ts', '--grep', '@smoke', '--no-deps', '--workers=1'],
  { cwd: root, stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: browser, CI: process.env.CI || 'true' } },
);
process.exit(result.status ?? 1);
