import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../support/test';

/** Waits until a page shows its real content, not a spinner. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
}

const pages = ['/', '/products', '/products?category=Memory&q=kit&sort=price-desc', '/products?category=Motherboard&socket=AM5', '/builder?pick=cpu', '/blogs', '/portfolio', '/returnPolicy', '/no-such-page', '/forgot-password', '/auth/action'];

for (const route of pages) {
  for (const width of [375, 1280]) {
    test(`${route} at ${width} px has no serious or critical accessibility violation`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(route);
      await settled(page);
      const results = await new AxeBuilder({ page }).analyze();
      const blocking = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => ({
          rule: violation.id,
          impact: violation.impact,
          help: violation.help,
          targets: violation.nodes.map((node) => node.target.join(' ')),
        }));
      expect(blocking).toEqual([]);
    });
  }
}
