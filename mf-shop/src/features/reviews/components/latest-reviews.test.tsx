import { screen, within } from '@testing-library/react';
import { reviewText } from '@pcpp/contracts/core';
import { renderWithQueryClient, startApiTestServer, type TestAnswer, testObjectId } from '@pcpp/contracts/testing';
import { LatestReviews } from './latest-reviews';

const review = (n: number, extra: object = {}) => ({ _id: testObjectId(n), name: `Reviewer ${n}`, review: `Text ${n}`, ratings: n % 6, ...extra });

let answer: TestAnswer;
let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({ 'GET /reviews': () => answer });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
});

it('asks the api for the six newest reviews and shows them in its order, the name as the title', async () => {
  answer = { body: { items: [6, 5, 4, 3, 2, 1].map((n) => review(n)), total: 9, page: 1, pages: 2 } };
  renderWithQueryClient(<LatestReviews />);
  const grid = await screen.findByRole('list', { name: 'Customer reviews' });
  const cards = within(grid).getAllByRole('article');
  expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(
    [6, 5, 4, 3, 2, 1].map((n) => `Reviewer ${n}`),
  );
  expect(api.requests.map((r) => r.url)).toEqual(['/reviews?sort=newest&limit=6']);
  expect(screen.queryByText(reviewText.byAdmin)).not.toBeInTheDocument();
});

it("marks a review an admin's account wrote, and no other", async () => {
  answer = { body: { items: [review(1, { name: 'Demo Admin', byAdmin: true }), review(2)], total: 2, page: 1, pages: 1 } };
  renderWithQueryClient(<LatestReviews />);
  const admin = await screen.findByRole('article', { name: 'Demo Admin' });
  expect(within(admin).getByText(reviewText.byAdmin)).toBeInTheDocument();
  expect(within(screen.getByRole('article', { name: 'Reviewer 2' })).queryByText(reviewText.byAdmin)).not.toBeInTheDocument();
});
