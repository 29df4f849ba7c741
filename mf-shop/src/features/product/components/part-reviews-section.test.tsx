import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { authStore } from '@pcpp/contracts';
import { MemoryRouter, Route, Routes, useLocation } from '@pcpp/contracts/router';
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
const reviewed: PartReviewPage = {
  items: [review(1, { rating: 4, helpful: 2 }), review(2)],
  total: 2,
  page: 1,
  pages: 1,
  summary: { average: 4.5, count: 2, histogram: [0, 0, 0, 1, 1] },
};
let mine: MyPartReview;
let page: PartReviewPage;

let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({
    [`GET /tools/${partId}/reviews`]: () => ({ body: page }),
    [`GET /tools/${partId}/reviews/mine`]: () => ({ body: mine }),
    [`POST /tools/${partId}/reviews`]: (request) => ({ status: 201, body: review(3, request.body as Partial<PartReview>) }),
    [`POST /tools/${partId}/reviews/${review(1)._id}/helpful`]: () => ({ body: review(1, { helpful: 3 }) }),
    [`POST /tools/${partId}/reviews/${review(2)._id}/helpful`]: () => ({ status: 429, body: { message: partReviewText.votesPerAccount(20) } }),
  });
});
afterAll(() => api.close());

/** Where the login page was opened with: the page to come back to, and why. */
function LoginPage() {
  const { state } = useLocation() as { state: { from: { pathname: string; hash: string }; reason: string } };
  return <output aria-label="Login page">{`${state.from.pathname}${state.from.hash} ${state.reason}`}</output>;
}
const renderSection = () =>
  renderWithQueryClient(
    <MemoryRouter initialEntries={[`/products/${partId}`]}>
      <Routes>
        <Route path="/products/:id" element={<PartReviewsSection partId={partId} />} />
        <Route path="/login" element={<LoginPage />} />
      </Routes>
    </MemoryRouter>,
  );
beforeEach(() => {
  api.requests.length = 0;
  mine = { canReview: false, review: null, helpfulIds: [] };
  page = reviewed;
  act(() => authStore.getState().signedOut());
});

describe('PartReviewsSection', () => {
  it('shows the summary, the histogram and each review with its verified purchase month, signed out', async () => {
    renderSection();
    expect(await screen.findByLabelText('4.5 out of 5 stars, 2 reviews')).toBeInTheDocument();
    expect(screen.getByLabelText('4 stars: 1')).toBeInTheDocument();
    expect(screen.getByLabelText('3 stars: 0')).toBeInTheDocument();
    const first = screen.getByRole('article', { name: 'Review 1' });
    expect(within(first).getByText('Verified purchase · bought October 2026')).toBeInTheDocument();
    expect(within(first).getByText('2 people found this helpful')).toBeInTheDocument();
    // Signed out: no "helpful" button, and the way to review is to sign in.
    expect(screen.queryByRole('button', { name: /Was this helpful/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: partReviewText.signInToReview }));
    expect(screen.getByRole('status', { name: 'Login page' })).toHaveTextContent(`/products/${partId}#part-reviews-title ${partReviewText.signInToReviewReason}`);
    expect(api.requests.some((request) => request.url.endsWith('/reviews/mine'))).toBe(false);
  });

  it('lets a buyer write a review (checked by the contract schema first) and another mark one helpful once', async () => {
    mine = { canReview: true, review: null, helpfulIds: [review(2)._id] };
    act(() => authStore.getState().signedIn(testCustomer, { token: 'token', expiresAt: null }));
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: partReviewText.write }));
    // The form loads when asked (its chunk, with react-hook-form and zod).
    fireEvent.click(await screen.findByRole('button', { name: partReviewText.save }));
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

  it('asks an account to verify its email before it votes, and says why a vote was refused', async () => {
    act(() => authStore.getState().signedIn({ ...testCustomer, emailVerified: false }, { token: 'token', expiresAt: null }));
    const first = renderSection();
    expect(await screen.findAllByText(partReviewText.verifyToVote)).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Was this helpful/ })).not.toBeInTheDocument();
    first.unmount();
    act(() => authStore.getState().signedIn(testCustomer, { token: 'token', expiresAt: null }));
    renderSection();
    const second = await screen.findByRole('article', { name: 'Review 2' });
    fireEvent.click(await within(second).findByRole('button', { name: /Was this helpful/ }));
    expect(await within(second).findByRole('alert')).toHaveTextContent(partReviewText.votesPerAccount(20));
  });

  it('says "No reviews yet" for a part nobody has reviewed, without an empty summary', async () => {
    page = { items: [], total: 0, page: 1, pages: 1, summary: { average: 0, count: 0, histogram: [0, 0, 0, 0, 0] } };
    renderSection();
    expect(await screen.findByText(partReviewText.noReviews)).toBeInTheDocument();
    expect(screen.queryByText('0.0')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Reviews by stars')).not.toBeInTheDocument();
    expect(screen.getAllByText(partReviewText.noReviews)).toHaveLength(1);
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
