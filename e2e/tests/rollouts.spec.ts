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

/** A copy of mf-shop's build, published with `npm run release -- mf-shop --from-build`; `broken`: its entry throws. */
async function publishShop(broken: boolean): Promise<{ version: string; manifestUrl: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pcpp-mf-shop-rollout-'));
  try {
    cpSync(path.join(repoRoot, 'mf-shop/dist'), dir, { recursive: true });
    if (broken) {
      writeFileSync(path.join(dir, 'remoteEntry.js'), `throw new Error("broken on purpose ${Date.now()}");\n`);
      for (const sibling of ['remoteEntry.js.br', 'remoteEntry.js.gz']) unlinkSync(path.join(dir, sibling));
    }
    const { stdout } = await script('release', ['mf-shop', '--from-build', dir]);
    const match = /Published mf-shop (\S+)\n\s+(\S+)/.exec(stdout);
    if (!match) throw new Error(`no version in: ${stdout}`);
    return { version: match[1]!, manifestUrl: match[2]! };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Cohort ids the rollout at `percent` serves the candidate (inside) or the live version (outside). */
function cohorts(percent: number) {
  const inside: string[] = [];
  const outside: string[] = [];
  for (let i = 0; inside.length < 6 || outside.length < 2; i += 1) {
    const id = `e2e-rollout-${Date.now().toString(36)}-${i}`.padEnd(16, '0');
    (cohortBucket(id, 'mf_shop') < percent ? inside : outside).push(id);
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

/** Whether the shell's server names `manifestUrl` in the page it serves to `cohort`'s browser. */
async function servedManifest(cohort: string, manifestUrl: string): Promise<boolean> {
  const answer = await fetch(`${stackUrls.shell}/`, { headers: { cookie: `pcpp_cohort=${cohort}` } });
  return (await answer.text()).includes(manifestUrl);
}

const shopSection = (page: Page) => page.locator('section[data-remote="mf_shop"]');

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
    const broken = await publishShop(true);
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

    // 2. Browsers outside the share get the live version, with nothing to report. The shell's
    // server keeps the registry's answer a few seconds: the rollout reaches pages within that.
    const { inside, outside } = cohorts(50);
    await expect
      .poll(async () => servedManifest(inside[0]!, broken.manifestUrl), { timeout: 20_000 })
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
      .poll(async () => servedManifest(inside[0]!, broken.manifestUrl), { timeout: 20_000 })
      .toBe(false);
    const after = await homeAs(browser, inside[0]!);
    await expect(after.getByRole('heading', { level: 1, name: 'Welcome to PC PART PICKER' })).toBeVisible();
    await after.context().close();

    // 5. A healthy version, rolled out from the Releases page, then to 100 %: it is live.
    const healthy = await publishShop(false);
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
