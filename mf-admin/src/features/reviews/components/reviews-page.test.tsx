import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { reviewKeys } from '@pcpp/contracts';
import { type ModeratedPartReview, type ModeratedReview, partReviewText } from '@pcpp/contracts/core';
import { renderWithQueryClient, startApiTestServer, testObjectId } from '@pcpp/contracts/testing';
import { ReviewsPage } from './reviews-page';

let reviews: ModeratedReview[];
const partReview: ModeratedPartReview = {
  _id: testObjectId(7),
  productId: testObjectId(100),
  name: 'Priya Raman',
  rating: 2,
  title: 'Loud fan',
  text: 'Louder than I hoped.',
  purchasedMonth: '2026-10',
  helpful: 0,
  createdAt: '2026-11-21T10:00:00.000Z',
  partName: 'Quiet Tower Cooler',
  authorEmail: 'priya@example.com',
  hidden: false,
  heldVotes: 0,
};
const farmed: ModeratedPartReview = { ...partReview, _id: testObjectId(8), name: 'Sam Lee', helpful: 2, heldVotes: 7 };
let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({
    'GET /part-reviews': ({ url }) =>
      url.includes('heldVotes=true')
        ? { body: { items: [farmed], total: 1, page: 1, pages: 1 } }
        : { body: { items: url.includes('hidden=true') ? [] : [partReview], total: url.includes('hidden=true') ? 0 : 1, page: 1, pages: 1 } },
    [`POST /part-reviews/${testObjectId(8)}/held-votes`]: ({ body }) => ({
      body: { ...farmed, heldVotes: 0, helpful: (body as { decision: string }).decision === 'count' ? 9 : 2 },
    }),
    [`PATCH /part-reviews/${testObjectId(7)}`]: ({ body }) => ({ body: { ...partReview, hidden: (body as { hidden: boolean }).hidden } }),
    'GET /reviews/all': () => ({ body: { items: reviews, total: reviews.length, page: 1, pages: 1 } }),
    [`PATCH /reviews/${testObjectId(1)}`]: ({ body }) => {
      reviews[0] = { ...reviews[0]!, hidden: (body as { hidden: boolean }).hidden };
      return { body: reviews[0] };
    },
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  reviews = [
    {
      _id: testObjectId(1),
      name: 'Demo Admin',
      review: 'All prices drop 90% today',
      ratings: 5,
      hidden: false,
      author: { email: 'spoof@example.com', admin: false },
      createdAt: '2026-11-20T10:00:00.000Z',
    },
    { _id: testObjectId(2), name: 'Daniel Okafor', review: 'Arrived in two days.', ratings: 4, hidden: true, createdAt: '2026-11-19T10:00:00.000Z' },
  ];
});

it('lists every review with its author, rating, date and state, under its own title', async () => {
  renderWithQueryClient(<ReviewsPage />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Reviews: 2' })).toBeInTheDocument();
  expect(document.title).toBe('Reviews — PC PART PICKER');
  const spoof = screen.getByRole('row', { name: /Demo Admin/ });
  expect(spoof).toHaveTextContent('spoof@example.com');
  expect(spoof).toHaveTextContent('5 of 5');
  expect(spoof).toHaveTextContent('Nov 20, 2026');
  expect(spoof).toHaveTextContent('Shown');
  expect(within(spoof).getByRole('button', { name: 'Hide: the review by Demo Admin' })).toBeEnabled();
  const hidden = screen.getByRole('row', { name: /Daniel Okafor/ });
  expect(hidden).toHaveTextContent('Hidden');
  expect(within(hidden).getByRole('button', { name: 'Show: the review by Daniel Okafor' })).toBeInTheDocument();
  expect(api.requests.map((r) => r.url)).toEqual(['/reviews/all?page=1&limit=20']);
});

it("Hide sends {hidden: true}, shows the new state and makes the home page's reviews stale", async () => {
  const { queryClient } = renderWithQueryClient(<ReviewsPage />);
  queryClient.setQueryData(reviewKeys.latest(), []);
  fireEvent.click(await screen.findByRole('button', { name: 'Hide: the review by Demo Admin' }));
  await waitFor(() => expect(screen.getByRole('row', { name: /Demo Admin/ })).toHaveTextContent('Hidden'));
  expect(api.requests.find((r) => r.method === 'PATCH')).toMatchObject({ url: `/reviews/${testObjectId(1)}`, body: { hidden: true } });
  expect(queryClient.getQueryState(reviewKeys.latest())?.isInvalidated).toBe(true);
  fireEvent.click(screen.getByRole('button', { name: 'Show: the review by Demo Admin' }));
  await waitFor(() => expect(screen.getByRole('row', { name: /Demo Admin/ })).toHaveTextContent('Shown'));
  expect(api.requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ hidden: true }, { hidden: false }]);
});

it('lists part reviews with their part when the filter says so, filters them by state, and hides one', async () => {
  renderWithQueryClient(<ReviewsPage />);
  await screen.findByRole('heading', { level: 1, name: 'Reviews: 2' });
  fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'parts' } });
  expect(await screen.findByRole('heading', { level: 1, name: 'Part reviews' })).toBeInTheDocument();
  const row = await screen.findByRole('row', { name: /Priya Raman/ });
  expect(row).toHaveTextContent('Quiet Tower Cooler');
  expect(row).toHaveTextContent('2 of 5');
  expect(row).toHaveTextContent('Loud fan');
  fireEvent.click(within(row).getByRole('button', { name: 'Hide: the review by Priya Raman of Quiet Tower Cooler' }));
  await waitFor(() => expect(api.requests.find((r) => r.method === 'PATCH')).toMatchObject({ url: `/part-reviews/${testObjectId(7)}`, body: { hidden: true } }));
  fireEvent.change(screen.getByLabelText('State'), { target: { value: 'hidden' } });
  expect(await screen.findByText('No part reviews here.')).toBeInTheDocument();
  expect(api.requests.map((r) => r.url)).toContain('/part-reviews?page=1&limit=20&hidden=true');
});

it('lists the part reviews with votes held back, says why, and counts or discards them', async () => {
  renderWithQueryClient(<ReviewsPage />);
  await screen.findByRole('heading', { level: 1, name: 'Reviews: 2' });
  fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'parts' } });
  await screen.findByRole('row', { name: /Priya Raman/ });
  fireEvent.change(screen.getByLabelText('State'), { target: { value: 'held' } });
  const row = await screen.findByRole('row', { name: /Sam Lee/ });
  expect(api.requests.map((r) => r.url)).toContain('/part-reviews?page=1&limit=20&heldVotes=true');
  expect(screen.getByText(partReviewText.heldVotesExplained)).toBeInTheDocument();
  expect(row).toHaveTextContent(partReviewText.heldVotes(7));
  fireEvent.click(within(row).getByRole('button', { name: `${partReviewText.discardVotes}: 7 votes held back on the review by Sam Lee` }));
  await waitFor(() => expect(api.requests.find((r) => r.url.endsWith('/held-votes'))?.body).toEqual({ decision: 'discard' }));
  const count = await screen.findByRole('button', { name: `${partReviewText.countVotes}: 7 votes held back on the review by Sam Lee` });
  await waitFor(() => expect(count).toBeEnabled());
  fireEvent.click(count);
  await waitFor(() => expect(api.requests.filter((r) => r.url.endsWith('/held-votes')).map((r) => r.body)).toEqual([{ decision: 'discard' }, { decision: 'count' }]));
});
