import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from '@pcpp/contracts/router';
import { ToastContainer } from 'react-toastify';
import { authStore, reviewKeys } from '@pcpp/contracts';
import { renderWithQueryClient, startApiTestServer, type TestAnswer, testObjectId } from '@pcpp/contracts/testing';
import { AddReviewPage } from './add-review-page';

const user = { uid: 'u1', email: 'sam.lee@example.com', displayName: null, photoURL: null, emailVerified: true };

let answer: TestAnswer;
let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({ 'POST /addReview': () => answer });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  act(() => authStore.getState().signedIn(user, { token: 'token', expiresAt: null }));
});

function renderPage() {
  return renderWithQueryClient(
    <MemoryRouter>
      <AddReviewPage />
      <ToastContainer />
    </MemoryRouter>,
  );
}

const posted = () => api.requests.filter((r) => r.method === 'POST');

it("shows the account's name read-only and ratings 0 to 5", () => {
  renderPage();
  expect(screen.getByRole('heading', { level: 1, name: 'Add Your Review' })).toBeInTheDocument();
  const name = screen.getByLabelText('Name');
  expect(name).toHaveValue('sam.lee');
  expect(name).toHaveAttribute('readonly');
  const values = Array.from((screen.getByLabelText('Ratings') as HTMLSelectElement).options).map((o) => o.value);
  expect(values).toEqual(['', '0', '1', '2', '3', '4', '5']);
});

it('says the spec messages, then posts the raw form values, toasts and resets', async () => {
  answer = { status: 201, body: { _id: testObjectId(1), name: 'sam.lee', review: 'Solid board', ratings: 4 } };
  const { queryClient } = renderPage();
  // The home page's reviews are cached: posting must make them stale.
  queryClient.setQueryData(reviewKeys.latest(), []);
  fireEvent.click(screen.getByRole('button', { name: 'Add Review' }));
  expect(await screen.findByText('ratings is required')).toBeInTheDocument();
  expect(screen.getByText('review is required')).toBeInTheDocument();
  expect(posted()).toHaveLength(0);

  fireEvent.change(screen.getByLabelText('Ratings'), { target: { value: '4' } });
  fireEvent.change(screen.getByLabelText('Review'), { target: { value: 'Solid board' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add Review' }));

  expect(await screen.findByText(/Thank you!/)).toBeInTheDocument();
  expect(posted().map((r) => [r.body, r.authorization])).toEqual([[{ ratings: '4', review: 'Solid board' }, 'Bearer token']]);
  expect(await screen.findByText('your review successfully given')).toBeInTheDocument();
  expect(queryClient.getQueryState(reviewKeys.latest())?.isInvalidated).toBe(true);
  expect(screen.getByLabelText('Ratings')).toHaveValue('');
  expect(screen.getByLabelText('Review')).toHaveValue('');
});

it("keeps what was typed and shows the api's message when posting fails", async () => {
  answer = { status: 400, body: { message: 'ratings must be a whole number from 0 to 5' } };
  renderPage();
  fireEvent.change(screen.getByLabelText('Ratings'), { target: { value: '0' } });
  fireEvent.change(screen.getByLabelText('Review'), { target: { value: 'Never arrived' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add Review' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('ratings must be a whole number from 0 to 5');
  expect(screen.getByLabelText('Review')).toHaveValue('Never arrived');
  expect(screen.queryByText('your review successfully given')).not.toBeInTheDocument();
});
