import path from 'node:path';
import { expect, test } from '@playwright/test';

// Every page this stage has, at a phone's and a laptop's width: saved for a person to look at,
// and checked for sideways scrolling, the usual sign of a layout that breaks on phones.
const pages = ['/', '/blogs', '/dashboard', '/dashboard/manageproduct', '/no-such-page'];
const widths = [375, 1280];
const shotsDir = path.resolve(__dirname, '../screenshots');

for (const width of widths) {
  for (const route of pages) {
    test(`${route} at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const name = route === '/' ? 'home' : route.slice(1).replace(/\//g, '-');
      await page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`), fullPage: true });
    });
  }
}

test('the menu opens and closes behind a toggle on small screens', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const blogs = page.getByRole('link', { name: 'Blogs' });
  await expect(blogs).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(blogs).toBeVisible();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(blogs).toBeHidden();
});
