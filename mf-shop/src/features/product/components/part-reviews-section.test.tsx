import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { authStore } from '@pcpp/contracts';
import { type MyPartReview, type PartReview, type PartReviewPage, partReviewText } from '@pcpp/contracts/core';
import { renderWithQueryClient, startApiTestServer, testCustomer } from '@pcpp/contracts/testing';
import { PartRating } from '../../../components/part-rating';
import { PartReviewsSection } from './part-reviews-section';

const partId = '0123456789abcdef01234567';
const review = (n: number, fields: Partial<PartReview> = {}): PartReview => ({
  _id: `0123456789abcdef0123450${n}`,
  productId: partId,
  name: `Buyer ${n}`,
  rating: 5,
  title: `Review ${n}`,
  text: `Text ${n}`,
  purchasedMonth: '2026-10',
  helpful: 0,
  createdAt: '2026-11-02T09:00:00.000Z',
  ...fields,
});
const page: PartReviewPage = {
  items: [review(1, { rating: 4, helpful: 2 }), review(2)],
  total: 2,
  page: 1,
  pages: 1,
  summary: { average: 4.5, count: 2, histogram: [0, 0, 0, 1, 1] },
};
let mine: MyPartReview;

let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({
    [`GET /tools/${partId}/reviews`]: () => ({ body: page }),
    [`GET /tools/${partId}/reviews/mine`]: () => ({ body: mine }),
    [`POST /tools/${partId}/reviews`]: (request) => ({ status: 201, body: review(3, request.body as Partial<PartReview>) }),
    [`POST /tools/${partId}/reviews/${review(1)._id}/helpful`]: () => ({ body: review(1, { helpful: 3 }) }),
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  mine = { canReview: false, review: null, helpfulIds: [] };
  act(() => authStore.getState().signedOut());
});

describe('PartReviewsSection', () => {
  it('shows the summary, the histogram and each review with its verified purchase month, signed out', async () => {
    renderWithQueryClient(<PartReviewsSection partId={partId} />);
    expect(await screen.findByLabelText('4.5 out of 5 stars, 2 reviews')).toBeInTheDocument();
    expect(screen.getByLabelText('4 stars: 1')).toBeInTheDocument();
    expect(screen.getByLabelText('3 stars: 0')).toBeInTheDocument();
    const first = screen.getByRole('article', { name: 'Review 1' });
    expect(within(first).getByText('Verified purchase · bought October 2026')).toBeInTheDocument();
    expect(within(first).getByText('2 people found this helpful')).toBeInTheDocument();
    // Signed out: no "helpful" button, and the way to review is to sign in.
    expect(screen.queryByRole('button', { name: /Was this helpful/ })).not.toBeInTheDocument();
    expect(screen.getByText(partReviewText.signInToReview)).toBeInTheDocument();
    expect(api.requests.some((request) => request.url.endsWith('/reviews/mine'))).toBe(false);
  });

  it('lets a buyer write a review (checked by the contract schema first) and another mark one helpful once', async () => {
    mine = { canReview: true, review: null, helpfulIds: [review(2)._id] };
    act(() => authStore.getState().signedIn(testCustomer, { token: 'token', expiresAt: null }));
    renderWithQueryClient(<PartReviewsSection partId={partId} />);
    fireEvent.click(await screen.findByRole('button', { name: partReviewText.write }));
    fireEvent.click(screen.getByRole('button', { name: partReviewText.save }));
    expect(await screen.findByText(partReviewText.ratingRequired)).toBeInTheDocument();
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByLabelText('4 stars'));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Solid' } });
    fireEvent.change(screen.getByLabelText('Review'), { target: { value: 'Runs cool.' } });
    fireEvent.click(screen.getByRole('button', { name: partReviewText.save }));
    await waitFor(() => expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({ rating: 4, title: 'Solid', text: 'Runs cool.' }));

    // Review 2 was already marked helpful by this account: a thank-you, not the button.
    const second = screen.getByRole('article', { name: 'Review 2' });
    expect(within(second).getByText(partReviewText.helpfulDone)).toBeInTheDocument();
    fireEvent.click(within(screen.getByRole('article', { name: 'Review 1' })).getByRole('button', { name: /Was this helpful/ }));
    await waitFor(() => expect(api.requests.some((request) => request.url.endsWith(`${review(1)._id}/helpful`))).toBe(true));
  });
});

describe('PartRating (cards)', () => {
  it('shows the average to one decimal and the count, and nothing without reviews', () => {
    const { container, rerender } = renderWithQueryClient(<PartRating rating={{ average: 4.25, count: 12 }} />);
    expect(screen.getByLabelText('4.3 out of 5 stars, 12 reviews')).toHaveTextContent('4.3 (12)');
    rerender(<PartRating rating={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
