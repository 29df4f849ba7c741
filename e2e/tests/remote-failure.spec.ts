import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expect, test, type Page } from '../support/test';
import { remoteFallbackText } from '../../contracts/src/messages';
import { demoAccounts, signInThroughLoginPage } from '../support/auth';
import { e2ePorts } from '../support/environment';
import { repoRoot, serveRemote, serveShell, type RunningServer } from '../support/stack';

const shellUrl = `http://localhost:${e2ePorts.shell}`;
const adminManifest = `http://localhost:${e2ePorts.admin}/mf-manifest.json`;

async function expectFallback(page: Page) {
  await expect(page.getByRole('alert')).toContainText(remoteFallbackText.title);
  await expect(page.getByRole('button', { name: remoteFallbackText.retry })).toBeVisible();
  // The layout around the failed remote still works.
  await expect(page.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Returns Policy');
}

test.describe('a remote that is down', () => {
  const servers: RunningServer[] = [];
  test.afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  test('shows the fallback at its routes only, and Retry recovers without a reload', async ({ page }) => {
    // A shell whose runtime config points mf-admin at a server this test starts and stops.
    servers.push(await serveShell(e2ePorts.shell, { mf_admin: adminManifest }));
    await signInThroughLoginPage(page, demoAccounts.admin, shellUrl);

    await page.goto(`${shellUrl}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to PC PART PICKER' })).toBeVisible();
    await page.goto(`${shellUrl}/dashboard`);
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();

    await page.goto(`${shellUrl}/dashboard/manageproduct`);
    await expectFallback(page);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    // Retry while it is still down keeps the fallback.
    await page.getByRole('button', { name: remoteFallbackText.retry }).click();
    await expectFallback(page);

    // Up again, but its manifest is missing: still the fallback.
    const empty = mkdtempSync(path.join(os.tmpdir(), 'pcpp-empty-remote-'));
    const emptyServer = await serveRemote(empty, e2ePorts.admin);
    await page.getByRole('button', { name: remoteFallbackText.retry }).click();
    await expectFallback(page);
    await emptyServer.close();
    rmSync(empty, { recursive: true });

    // The real build comes back: Retry shows the page in the same document.
    servers.push(await serveRemote(path.join(repoRoot, 'mf-admin/dist'), e2ePorts.admin));
    await page.getByRole('button', { name: remoteFallbackText.retry }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Products' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // The other remotes never noticed.
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to PC PART PICKER' })).toBeVisible();
  });

  test('mf-shop down: the home page shows the fallback inside the layout, and Retry brings it back', { tag: '@smoke' }, async ({ page }) => {
    // Nothing listens at the shop's port yet.
    servers.push(await serveShell(e2ePorts.shell, { mf_shop: `http://localhost:${e2ePorts.shop}/mf-manifest.json` }));
    await page.goto(`${shellUrl}/`);
    await expectFallback(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to PC PART PICKER' })).toHaveCount(0);

    servers.push(await serveRemote(path.join(repoRoot, 'mf-shop/dist'), e2ePorts.shop));
    await page.getByRole('button', { name: remoteFallbackText.retry }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to PC PART PICKER' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a redeployed remote shows in the shell with no shell rebuild', async ({ page }) => {
    // "Deploy" new files of mf-shop only: a copy of its build with a changed text.
    const deployed = mkdtempSync(path.join(os.tmpdir(), 'pcpp-shop-v2-'));
    cpSync(path.join(repoRoot, 'mf-shop/dist'), deployed, { recursive: true });
    const oldText = 'Top quality parts from trusted brands at reasonable prices.';
    const changed = readdirSync(deployed).filter((file) => {
      const full = path.join(deployed, file);
      if (!file.endsWith('.js') || !readFileSync(full, 'utf8').includes(oldText)) return false;
      const updated = readFileSync(full, 'utf8').replace(oldText, 'Version two of the storefront is live.');
      writeFileSync(full, updated);
      // A deploy ships the precompressed copies too: the server sends those to browsers.
      writeFileSync(`${full}.br`, brotliCompressSync(updated));
      writeFileSync(`${full}.gz`, gzipSync(updated));
      return true;
    });
    expect(changed.length).toBeGreaterThan(0);

    servers.push(await serveRemote(deployed, e2ePorts.shop));
    servers.push(
      await serveShell(e2ePorts.shell, { mf_shop: `http://localhost:${e2ePorts.shop}/mf-manifest.json` }),
    );
    await page.goto(`${shellUrl}/`);
    await expect(page.getByText('Version two of the storefront is live.')).toBeVisible();
    // The main stack's shell, same build, still shows the old deployment.
    await page.goto('/');
    await expect(page.getByText(oldText)).toBeVisible();
    rmSync(deployed, { recursive: true });
  });
});
