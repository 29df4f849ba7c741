import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '../support/test';
import { demoAccounts, signIn } from '../support/auth';
import { e2eReleaseStore } from '../support/environment';
import { repoRoot } from '../support/stack';

// A team ships mf-admin on its own to the running shop: publish, promote, roll back, and a broken
// release that pages survive. Nothing else is rebuilt or restarted.

const run = promisify(execFile);
const ORIGINAL = 'are each released on their own';
const CHANGED = 'are each shipped on their own (release check build)';
const scriptEnv = { ...process.env, RELEASES_DIR: e2eReleaseStore };

/** sha256 of every file under a folder, by relative path. */
function hashTree(dir: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  const walk = (current: string) => {
    for (const name of readdirSync(current).sort()) {
      const full = path.join(current, name);
      if (statSync(full).isDirectory()) walk(full);
      else hashes[path.relative(dir, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
    }
  };
  walk(dir);
  return hashes;
}
const distHashes = () => Object.fromEntries(['shell', 'mf-shop', 'mf-dashboard', 'mf-admin'].map((pkg) => [pkg, hashTree(path.join(repoRoot, pkg, 'dist'))]));

/** `npm run release -- mf-admin …`; answers the version it published. */
async function release(args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [path.join(repoRoot, 'tooling/release.mjs'), 'mf-admin', ...args], { cwd: repoRoot, env: scriptEnv });
  const version = /Published mf-admin (\S+)/.exec(stdout)?.[1];
  if (!version) throw new Error(`no version in: ${stdout}`);
  return version;
}

/**
 * mf-admin's sources with one visible change, in a temporary folder beside links to the repository's
 * node_modules and tooling (its webpack config requires ../tooling).
 */
function changedSourceCopy(): { dir: string; cleanup(): void } {
  const temp = mkdtempSync(path.join(os.tmpdir(), 'pcpp-mf-admin-source-'));
  const dir = path.join(temp, 'mf-admin');
  cpSync(path.join(repoRoot, 'mf-admin'), dir, { recursive: true, filter: (source) => !/[\\/](dist|node_modules)$/.test(source) });
  // What a remote's build reads beside it: the packages, the webpack setup, contracts, and the ports (contracts/src/service-config.cjs).
  for (const link of ['node_modules', 'tooling', 'contracts']) symlinkSync(path.join(repoRoot, link), path.join(temp, link));
  // The package's own node_modules (versions npm did not hoist).
  if (existsSync(path.join(repoRoot, 'mf-admin/node_modules'))) symlinkSync(path.join(repoRoot, 'mf-admin/node_modules'), path.join(dir, 'node_modules'));
  const page = path.join(dir, 'src/features/releases/components/releases-page.tsx');
  const source = readFileSync(page, 'utf8');
  expect(source).toContain(ORIGINAL);
  writeFileSync(page, source.replace(ORIGINAL, CHANGED));
  return { dir, cleanup: () => rmSync(temp, { recursive: true, force: true }) };
}

const adminSection = (page: Page) => page.locator('section[data-remote="mf_admin"]');

/** GET /remotes may be cached for a few seconds: reload until the page shows `text`. */
async function reloadUntilVisible(page: Page, text: string) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible({ timeout: 5_000 });
    await expect(page.getByText(text, { exact: false }).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('publish, promote and roll back mf-admin from the Releases page; a broken release falls back', async ({ page }) => {
  test.setTimeout(240_000);
  const before = distHashes();
  const source = changedSourceCopy();
  const published: string[] = [];
  let original = '';
  let restored = false;
  try {
    const building = release(['--source', source.dir]);
    await signIn(page, demoAccounts.admin);
    await page.goto('/dashboard/releases');
    original = (await adminSection(page).getByTestId('live-version').textContent()) ?? '';
    expect(original).toMatch(/\+/);
    await expect(page.getByText(ORIGINAL)).toBeVisible();

    // 1. Publish (a build of mf-admin alone, from the changed copy), then promote from the page.
    const v2 = await building;
    published.push(v2);
    await page.reload();
    await adminSection(page).getByRole('button', { name: `Promote Admin console ${v2}` }).click();
    await expect(adminSection(page).getByTestId('live-version')).toHaveText(v2);
    await reloadUntilVisible(page, CHANGED);
    expect(distHashes()).toEqual(before);

    // 2. Roll back: the old version shows again.
    await adminSection(page).getByRole('button', { name: `Roll back Admin console to ${original}` }).click();
    await expect(adminSection(page).getByTestId('live-version')).toHaveText(original);
    await reloadUntilVisible(page, ORIGINAL);
    await expect(page.getByText(CHANGED)).toHaveCount(0);

    // 3. A broken release (its remoteEntry throws), published from a build folder and promoted.
    const broken = mkdtempSync(path.join(os.tmpdir(), 'pcpp-mf-admin-broken-'));
    cpSync(path.join(e2eReleaseStore, 'mf-admin', v2), broken, { recursive: true });
    writeFileSync(path.join(broken, 'remoteEntry.js'), 'throw new Error("broken on purpose");\n');
    for (const sibling of ['remoteEntry.js.br', 'remoteEntry.js.gz']) unlinkSync(path.join(broken, sibling));
    const v3 = await release(['--from-build', broken]);
    rmSync(broken, { recursive: true });
    published.push(v3);
    await page.reload();
    await adminSection(page).getByRole('button', { name: `Promote Admin console ${v3}` }).click();
    await expect(adminSection(page).getByTestId('live-version')).toHaveText(v3);

    // The page loads the previous version instead and reports the failure, which the page lists.
    await expect(async () => {
      await page.reload();
      await expect(page.getByText(ORIGINAL)).toBeVisible({ timeout: 5_000 });
      await expect(adminSection(page).getByRole('region', { name: 'Admin console errors' })).toContainText(v3, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(distHashes()).toEqual(before);

    // 4. Back to the version that was live, through the script that does what Promote does.
    const { stdout } = await run(process.execPath, [path.join(repoRoot, 'tooling/promote.mjs'), 'mf-admin', original], { cwd: repoRoot, env: scriptEnv });
    expect(stdout).toContain(`mf_admin ${original} is live (previous: ${v3})`);
    restored = true;
  } finally {
    source.cleanup();
    // After a failure: the version that was live goes back live (if it is not already).
    if (!restored && original && published.length > 0) {
      await run(process.execPath, [path.join(repoRoot, 'tooling/promote.mjs'), 'mf-admin', original], { cwd: repoRoot, env: scriptEnv }).catch(() => undefined);
    }
    for (const version of published) rmSync(path.join(e2eReleaseStore, 'mf-admin', version), { recursive: true, force: true });
  }
});
