import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Review, Part, PartList } from '../../contracts/src/core';
import { stackUrls } from './environment';

/** The api as the storefront sees it right now (other specs may have added parts or reviews). */
export async function apiJson<T>(request: APIRequestContext, pathAndQuery: string): Promise<T> {
  const response = await request.get(`${stackUrls.api}${pathAndQuery}`);
  expect(response.status(), pathAndQuery).toBe(200);
  return (await response.json()) as T;
}

export const apiParts = (request: APIRequestContext) => apiJson<Part[]>(request, '/tools');
export const apiReviews = (request: APIRequestContext) => apiJson<Review[]>(request, '/reviews');
export const apiPartList = (request: APIRequestContext, query: string) => apiJson<PartList>(request, `/tools?${query}`);

/** True for the api's GET /tools, with or without a query: what page.route intercepts in the slow and failing cases. */
export function isPartsCall(url: URL): boolean {
  return url.origin === new URL(stackUrls.api).origin && url.pathname === '/tools';
}

export const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/**
 * Opens `path` with a navigation inside the app, from a page that reads nothing (/blogs): what `path`
 * reads then goes through the browser, where page.route sees it. Opened directly, the server's
 * HTML would bring its data along.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.goto('/blogs');
  await expect(page.locator('html')).toHaveAttribute('data-app', /hydrated|rendered/);
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The cards of a grid, in reading order. */
export const cardsIn = (scope: Locator) => scope.getByRole('article');

/** The cards' titles are these, in this order (waits for the list to settle). */
export async function expectCardNames(scope: Locator, names: string[]): Promise<void> {
  await expect(cardsIn(scope).getByRole('heading', { level: 3 })).toHaveText(names);
}

/** How many columns a card grid shows: the distinct left edges of its items. */
export async function columnCount(list: Locator): Promise<number> {
  const lefts = await list
    .locator(':scope > li')
    .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().left)));
  return new Set(lefts).size;
}

/**
 * Every picture in the page's main area has loaded (and none is broken), e.g. before a screenshot.
 * Those below the first screen load as they near it (loading=lazy): they are asked for now.
 */
export async function expectImagesLoaded(page: Page): Promise<void> {
  const pictures = page.locator('main img');
  await pictures.evaluateAll((imgs) => {
    for (const img of imgs) (img as HTMLImageElement).loading = 'eager';
  });
  await expect
    .poll(() => pictures.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
}

/** Sideways scrolling is the usual sign of a layout that breaks on phones. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'page is wider than the viewport').toBeLessThanOrEqual(0);
}

/**
 * Every control in the page's main area that is not a link inside a sentence is at least 44 px
 * both ways (WCAG 2.5.5; inline links in running text are exempt).
 */
export async function expectTouchTargets(page: Page): Promise<void> {
  const small = await page.locator('main').evaluate((main) =>
    [...main.querySelectorAll<HTMLElement>('a, button, select, input, textarea')]
      .filter((el) => {
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        if (style.display === 'inline' || style.visibility === 'hidden' || box.width === 0) return false;
        return box.height < 44 || box.width < 44;
      })
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}" ${Math.round(el.getBoundingClientRect().width)}x${Math.round(el.getBoundingClientRect().height)}`),
  );
  expect(small, 'touch targets smaller than 44 px').toEqual([]);
}

/**
 * Waits until React has hydrated this element. The shell marks the page `hydrated` when its root
 * hydrates, but a lazy route's section hydrates once its chunk has come, later on a busy machine; a
 * click before then is the server HTML's plain link (a full page load, no router state).
 */
export async function expectHydrated(element: Locator): Promise<void> {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$'))), { message: 'React has not hydrated the element yet' })
    .toBe(true);
}
