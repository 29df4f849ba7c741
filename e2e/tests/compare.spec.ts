import path from 'node:path';
import { expect, test } from '../support/test';
import { cardsIn, expectNoHorizontalScroll } from '../support/storefront';
import { cartText, compareText } from '../../contracts/src/core';

// Issue 33: four video cards side by side, from the cards' Compare buttons to a shareable page.
const shotsDir = path.resolve(__dirname, '../screenshots');

test('four video cards compare side by side, in a shareable page a phone scrolls sideways', { tag: '@smoke' }, async ({ page, request }) => {
  await page.goto('/products?category=Video%20Card');
  const cards = cardsIn(page.getByRole('main'));
  const names: string[] = [];
  for (let index = 0; index < 4; index += 1) {
    const card = cards.nth(index);
    names.push((await card.getByRole('heading').textContent())!.trim());
    // Each card's Compare names its part for screen readers.
    await card.getByRole('button', { name: compareText.addPart(names[index]!), exact: true }).click();
    await expect(card.getByRole('button', { name: compareText.addPart(names[index]!), exact: true })).toHaveAttribute('aria-pressed', 'true');
  }
  // A fifth is refused with a sentence.
  await cards.nth(4).getByRole('button', { name: /^Compare / }).click();
  await expect(cards.nth(4).getByRole('status')).toHaveText('The compare tray holds 4 parts: remove one first.');

  const tray = page.getByRole('complementary', { name: 'Compare tray' });
  await tray.getByRole('link', { name: 'Compare 4 parts' }).click();
  await expect(page).toHaveURL(/\/compare\?ids=[0-9a-f]{24}(,[0-9a-f]{24}){3}$/);
  const table = page.getByRole('table');
  // Each part's column: its picture, its name to its page, and its way to the cart.
  await expect(table.getByRole('columnheader').getByRole('link')).toHaveText(names);
  await expect(table.getByRole('columnheader').locator('img')).toHaveCount(4);
  for (const name of names) await expect(table.getByRole('button', { name: cartText.addPartToCart(name) })).toBeVisible();
  // The Rating row: stars for a reviewed part, "No reviews yet" for the others.
  const ratings = table.getByRole('row', { name: /^Rating/ }).getByRole('cell');
  await expect(ratings).toHaveCount(4);
  for (const cell of await ratings.all()) await expect(cell).toHaveText(/No reviews yet|\d\.\d \(\d+\)/);
  await expect(table.getByRole('row', { name: /^Price/ }).getByRole('cell')).toHaveCount(4);
  await expect(table.getByRole('row', { name: /^Chip \(differs\)/ })).toBeVisible();

  // Shareable: the address alone opens the page, rendered by the server with the table in its HTML.
  const html = await (await request.get(page.url())).text();
  expect(html).toContain('<title>Compare parts');
  expect(html).toContain('<table');
  const asHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
  for (const name of names) expect(html).toContain(`>${asHtml(name)}</a>`);
  expect(html).not.toContain('Loading the parts');
  const shared = await page.context().newPage();
  await shared.goto(page.url());
  await expect(shared.getByRole('table').getByRole('columnheader').getByRole('link')).toHaveText(names);
  await shared.close();

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: path.join(shotsDir, `compare-${width}.png`), fullPage: true });
  }
  // At 375 px the table scrolls inside its box, the row names staying in view.
  const scroller = page.getByRole('region', { name: 'Compare parts' });
  await page.setViewportSize({ width: 375, height: 900 });
  expect(await scroller.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  await scroller.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
  await expect(table.getByRole('rowheader', { name: /^Price/ })).toBeInViewport();
  await page.screenshot({ path: path.join(shotsDir, 'compare-375-scrolled.png') });
});
