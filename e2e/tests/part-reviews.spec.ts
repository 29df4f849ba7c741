import path from 'node:path';
import { expect, test } from '../support/test';
import { partReviewText, ratingLabel } from '../../contracts/src/core';
import { demoAccounts, signIn } from '../support/auth';
import { addPartThroughApi, payThroughPage, placeOrderThroughPage } from '../support/orders';
import { cardsIn, expectImagesLoaded } from '../support/storefront';

// Issue 33, "Done when": a customer who bought a part reviews it, and the part's page, its card,
// the catalog sorted by rating and the server-rendered JSON-LD show the rating.

const shotsDir = path.resolve(__dirname, '../screenshots');

test('a customer who paid for a part reviews it; its page, card, the rating sort and the JSON-LD show it', async ({ page, request }) => {
  const part = await addPartThroughApi(request, { name: `Reviewed Cooler ${Date.now().toString(36)}`, price: 4_999, p_quantity: 20 });
  await signIn(page, demoAccounts.customer);

  // Not bought yet: the page says who may review, and offers no form.
  await page.goto(`/products/${part._id}`);
  const reviews = page.getByRole('region', { name: partReviewText.sectionTitle });
  await expect(reviews.getByText(partReviewText.buyToReview)).toBeVisible();
  await expect(reviews.getByText(partReviewText.noReviews)).toBeVisible();

  // Bought and paid through the pages (the Stripe sandbox's test card).
  await placeOrderThroughPage(page, part, 1);
  await payThroughPage(page, part);

  await page.goto(`/products/${part._id}`);
  await reviews.getByRole('button', { name: partReviewText.write }).click();
  await reviews.getByRole('radio', { name: '5 stars' }).check();
  await reviews.getByRole('textbox', { name: 'Title', exact: true }).fill('Quiet under load');
  await reviews.getByRole('textbox', { name: 'Review', exact: true }).fill('Kept my CPU under 70 °C through a two-hour render, and I could barely hear it.');
  await reviews.getByRole('button', { name: partReviewText.save }).click();

  const card = reviews.getByRole('article', { name: 'Quiet under load' });
  await expect(card).toContainText('Demo Customer');
  await expect(card).toContainText(`${partReviewText.verifiedPurchase} · bought`);
  await expect(reviews.getByLabel(ratingLabel(5, 1))).toBeVisible();
  await expect(reviews.getByLabel('5 stars: 1')).toBeVisible();
  await expect(reviews.getByRole('button', { name: partReviewText.edit })).toBeVisible();
  // One's own review asks no "Was this helpful?".
  await expect(card.getByRole('button', { name: /Was this helpful/ })).toHaveCount(0);

  const shoot = async (name: string) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectImagesLoaded(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`), fullPage: true });
    }
  };
  await shoot('part-reviews');

  // The catalog sorted by rating: the part comes first, its card with its stars and count.
  await page.goto('/products?sort=rating');
  const first = cardsIn(page.getByRole('list', { name: 'Parts' })).first();
  await expect(first.getByRole('heading', { level: 3 })).toHaveText(part.name);
  await expect(first.getByLabel(ratingLabel(5, 1))).toHaveText('5.0 (1)');
  await page.getByLabel('Rating').selectOption({ label: partReviewText.fourStarsUp });
  await expect(page).toHaveURL(/minRating=4/);
  await expect(cardsIn(page.getByRole('list', { name: 'Parts' })).first().getByRole('heading', { level: 3 })).toHaveText(part.name);
  await shoot('part-reviews-catalog');

  // The server-rendered page, as a search engine reads it (no script run): AggregateRating and Review.
  const html = await (await request.get(`/products/${part._id}`)).text();
  const data = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!));
  const product = data.find((item) => item['@type'] === 'Product');
  expect(product).toMatchObject({
    aggregateRating: { '@type': 'AggregateRating', ratingValue: 5, reviewCount: 1 },
    review: [{ '@type': 'Review', name: 'Quiet under load', author: { name: 'Demo Customer' }, reviewRating: { ratingValue: 5 } }],
  });
});

test('an admin finds the part review on the Reviews page under Part reviews', async ({ page }) => {
  await signIn(page, demoAccounts.admin);
  await page.goto('/dashboard/reviews');
  await page.getByRole('combobox', { name: partReviewText.adminFilter.label, exact: true }).selectOption({ label: partReviewText.adminFilter.parts });
  const row = page.getByRole('row').filter({ hasText: 'Quiet under load' }).first();
  await expect(row).toContainText('customer@pcparts.dev');
  await expect(row).toContainText('Shown');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(row).toBeVisible();
    await page.screenshot({ path: path.join(shotsDir, `part-reviews-admin-${width}.png`), fullPage: true });
  }
});
