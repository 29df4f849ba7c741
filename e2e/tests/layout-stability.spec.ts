import { expect, test, type Page } from '../support/test';
import { cardsIn, expectImagesLoaded, region } from '../support/storefront';

// Cumulative layout shift of a cold full load, summed over every shift the person did not cause
// (stricter than the web-vitals CLS, which keeps only the worst 5 s window). 'Good' is 0.1; we keep 0.05.
const MAX_SHIFT = 0.05;

interface Shift {
  value: number;
  sources: string[];
}

declare global {
  interface Window {
    layoutShifts?: Shift[];
  }
}

/** Records every layout shift from the first paint on, with the elements that moved. */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.layoutShifts = [];
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return String(node?.nodeName ?? 'gone');
      const label = node.id ? `#${node.id}` : node.getAttribute('aria-label') ?? node.textContent?.trim().slice(0, 30);
      return `${node.tagName.toLowerCase()} ${label ?? ''}`.trim();
    };
    type ShiftEntry = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as ShiftEntry[]) {
        if (entry.hadRecentInput) continue;
        window.layoutShifts!.push({
          value: entry.value,
          sources: entry.sources.map(
            (s) => `${describe(s.node)} y ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)} h ${Math.round(s.previousRect.height)}→${Math.round(s.currentRect.height)}`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const pages: { route: string; contentIsThere: (page: Page) => Promise<void> }[] = [
  {
    route: '/',
    contentIsThere: async (page) => {
      await expect(cardsIn(region(page, 'Our Products')).first()).toBeVisible();
      await expect(region(page, 'Our Customers Reviews').getByRole('article').first()).toBeVisible();
    },
  },
  {
    route: '/products',
    contentIsThere: async (page) => {
      await expect(cardsIn(page.getByRole('list', { name: 'Parts' })).first()).toBeVisible();
    },
  },
  {
    route: '/blogs',
    contentIsThere: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    },
  },
];

for (const width of [375, 1280]) {
  for (const { route, contentIsThere } of pages) {
    // Each test has a fresh browser context: an empty cache, so the remote loads as on a first visit.
    test(`${route} does not jump while it loads, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await watchLayoutShifts(page);
      await page.goto(route);
      await contentIsThere(page);
      await expectImagesLoaded(page);
      await page.waitForLoadState('networkidle');
      // Two frames, so a shift from the last render is reported.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const shifts = await page.evaluate(() => window.layoutShifts ?? []);
      const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
      expect(total, `layout shifts: ${JSON.stringify(shifts, null, 1)}`).toBeLessThanOrEqual(MAX_SHIFT);
    });
  }
}
