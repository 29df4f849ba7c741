import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { cohortBucket } from '../../contracts/src/releases';
import { demoAccounts, signInThroughLoginPage } from '../support/auth';
import { e2eReleaseStore, stackUrls } from '../support/environment';
import { repoRoot } from '../support/stack';

// A new mf-shop reaches half the browsers first. A broken one (its entry throws) is caught by the
// pages' fallback, reported, and rolled back by itself (the e2e stack's limit: 3 failures); a
// healthy one rolled out to 100 % becomes live. The Releases page shows each step.

const run = promisify(execFile);
const scriptEnv = { ...process.env, RELEASES_DIR: e2eReleaseStore };
const shotsDir = path.resolve(__dirname, '../screenshots');
const script = (name: string, args: string[]) =>
  run(process.execPath, [path.join(repoRoot, `tooling/${name}.mjs`), ...args], { cwd: repoRoot, env: scriptEnv });

/** A copy of a remote's build, published with `npm run release -- <remote> --from-build`; `broken`: its entry throws. */
async function publishCopy(remote: 'mf-shop' | 'mf-admin', broken: boolean): Promise<{ version: string; manifestUrl: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `pcpp-${remote}-rollout-`));
  try {
    cpSync(path.join(repoRoot, remote, 'dist'), dir, { recursive: true });
    if (broken) {
      writeFileSync(path.join(dir, 'remoteEntry.js'), `throw new Error("broken on purpose ${Date.now()}");\n`);
      for (const sibling of ['remoteEntry.js.br', 'remoteEntry.js.gz']) unlinkSync(path.join(dir, sibling));
    }
    const { stdout } = await script('release', [remote, '--from-build', dir]);
    const match = new RegExp(`Published ${remote} (\\S+)\\n\\s+(\\S+)`).exec(stdout);
    if (!match) throw new Error(`no version in: ${stdout}`);
    return { version: match[1]!, manifestUrl: match[2]! };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Cohort ids the rollout of `remote` at `percent` serves the candidate (inside) or the live version (outside). */
function cohorts(percent: number, remote: 'mf_shop' | 'mf_admin' = 'mf_shop') {
  const inside: string[] = [];
  const outside: string[] = [];
  for (let i = 0; inside.length < 6 || outside.length < 2; i += 1) {
    const id = `e2e-rollout-${Date.now().toString(36)}-${i}`.padEnd(16, '0');
    (cohortBucket(id, remote) < percent ? inside : outside).push(id);
  }
  return { inside, outside };
}

/** The home page in a browser of its own whose cohort is `cohort`; answers the page, open. */
async function homeAs(browser: Browser, cohort: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'pcpp_cohort', value: cohort, url: stackUrls.shell }]);
  const page = await context.newPage();
  await page.goto(`${stackUrls.shell}/`);
  return page;
}

/**
 * Whether the shell's server already serves the rollout of `manifestUrl`: its pages carry the registry's
 * answer, which it keeps a few seconds, so a rollout reaches pages within that.
 */
async function servesRollout(manifestUrl: string): Promise<boolean> {
  const answer = await fetch(`${stackUrls.shell}/`);
  return (await answer.text()).includes(manifestUrl);
}

const shopSection = (page: Page) => page.locator('section[data-remote="mf_shop"]');
const adminSection = (page: Page) => page.locator('section[data-remote="mf_admin"]');

test('a broken mf-shop rolled out to half the browsers falls back, is reported and rolls back by itself; a healthy one at 100 % goes live', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const published: string[] = [];
  let original = '';
  try {
    await signInThroughLoginPage(page, demoAccounts.admin);
    await page.goto('/dashboard/releases');
    original = (await shopSection(page).getByTestId('live-version').textContent()) ?? '';
    expect(original).toMatch(/\+/);

    // 1. A broken version, to half the browsers, through the script.
    const broken = await publishCopy('mf-shop', true);
    published.push(broken.version);
    const { stdout } = await script('rollout', ['mf-shop', broken.version, '50']);
    expect(stdout).toContain(`mf_shop ${broken.version} rolls out to 50 % of the browsers (live: ${original}).`);
    await page.reload();
    await expect(shopSection(page).getByTestId('candidate-version')).toHaveText(broken.version);
    await expect(shopSection(page).getByTestId('rollout-share')).toHaveText('50 %');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(shotsDir, `dashboard-releases-rollout-${width}.png`), fullPage: true });
    }

    // 2. Browsers outside the share get the live version, with nothing to report.
    const { inside, outside } = cohorts(50);
    await expect
      .poll(async () => servesRollout(broken.manifestUrl), { timeout: 20_000 })
      .toBe(true);
    const liveBrowser = await homeAs(browser, outside[0]!);
    await expect(liveBrowser.getByRole('heading', { level: 1, name: 'Welcome to PC PART PICKER' })).toBeVisible();
    await liveBrowser.context().close();

    // 3. Browsers inside it load the candidate, which throws: each shows the page through the live
    // version all the same, and reports the candidate's failure, until the rollout rolls back.
    for (const cohort of inside.slice(0, 3)) {
      const context = await browser.newContext();
      await context.addCookies([{ name: 'pcpp_cohort', value: cohort, url: stackUrls.shell }]);
      const candidatePage = await context.newPage();
      const reported = candidatePage.waitForRequest(
        (request) => request.url().endsWith('/remotes/errors') && request.postDataJSON()?.version === broken.version,
      );
      const loadedCandidate = candidatePage.waitForRequest((request) => request.url().startsWith(broken.manifestUrl.replace('mf-manifest.json', '')));
      await candidatePage.goto(`${stackUrls.shell}/`);
      await loadedCandidate;
      await expect(candidatePage.getByRole('heading', { level: 1, name: 'Welcome to PC PART PICKER' })).toBeVisible();
      await expect(candidatePage.getByRole('alert')).toHaveCount(0);
      const report = await reported;
      expect(report.postDataJSON()).toMatchObject({ remote: 'mf_shop', version: broken.version, cohort });
      expect((await report.response())?.status()).toBe(204);
      await context.close();
    }

    // 4. The third failure passed the limit: the rollout ended by itself, and the page says why.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    const last = shopSection(page).getByTestId('last-rollout');
    await expect(last).toContainText(`Last rollout: ${broken.version} at 50 %, rolled back automatically`);
    await expect(last).toContainText('Rolled back automatically: 3 of 3 loads failed (100.0 %)');
    await expect(shopSection(page).getByTestId('candidate-version')).toHaveCount(0);
    await expect(shopSection(page).getByTestId('live-version')).toHaveText(original);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(shotsDir, `dashboard-releases-rolled-back-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/dashboard/activity');
    await expect(page.locator('main')).toContainText(`rolled back the rollout of mf_shop ${broken.version}`);

    // Everyone gets the live version again: the cohort that got the candidate no longer loads it.
    await expect
      .poll(async () => servesRollout(broken.manifestUrl), { timeout: 20_000 })
      .toBe(false);
    const after = await homeAs(browser, inside[0]!);
    await expect(after.getByRole('heading', { level: 1, name: 'Welcome to PC PART PICKER' })).toBeVisible();
    await after.context().close();

    // 5. A healthy version, rolled out from the Releases page, then to 100 %: it is live.
    const healthy = await publishCopy('mf-shop', false);
    published.push(healthy.version);
    await page.goto('/dashboard/releases');
    await shopSection(page).getByLabel('Share (%)').fill('50');
    await shopSection(page).getByRole('button', { name: `Roll out Shop ${healthy.version}` }).click();
    await expect(shopSection(page).getByTestId('candidate-version')).toHaveText(healthy.version);
    await shopSection(page).getByRole('button', { name: 'Complete' }).click();
    await expect(shopSection(page).getByTestId('live-version')).toHaveText(healthy.version);
    await expect(shopSection(page).getByTestId('last-rollout')).toContainText(`Last rollout: ${healthy.version} at 50 %, completed`);
    const live = await homeAs(browser, outside[0]!);
    await expect(live.getByRole('heading', { level: 1, name: 'Welcome to PC PART PICKER' })).toBeVisible();
    await live.context().close();
  } finally {
    // After a failure, a rollout still under way ends; the version that was live goes back live,
    // and the test's versions leave the store.
    if (original) {
      await page.goto('/dashboard/releases').catch(() => undefined);
      if ((await shopSection(page).getByTestId('candidate-version').count().catch(() => 0)) > 0) await script('rollback', ['mf-shop']).catch(() => undefined);
      await script('promote', ['mf-shop', original]).catch(() => undefined);
    }
    for (const version of published) rmSync(path.join(e2eReleaseStore, 'mf-shop', version), { recursive: true, force: true });
  }
});

test('a new mf-admin rolled out to half the browsers: each browser keeps its version, and the Releases page counts the loads of each', async ({ page, browser }) => {
  test.setTimeout(180_000);
  let version = '';
  let original = '';
  try {
    await signInThroughLoginPage(page, demoAccounts.admin);
    await page.goto('/dashboard/releases');
    original = (await adminSection(page).getByTestId('live-version').textContent()) ?? '';
    const candidate = await publishCopy('mf-admin', false);
    version = candidate.version;
    const { stdout } = await script('rollout', ['mf-admin', version, '50']);
    expect(stdout).toContain(`mf_admin ${version} rolls out to 50 % of the browsers (live: ${original}).`);
    const { inside, outside } = cohorts(50, 'mf_admin');
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
      await signInThroughLoginPage(admin, demoAccounts.admin);
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
