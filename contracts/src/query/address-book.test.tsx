/** @jest-environment jsdom */
import { act, screen } from '@testing-library/react';
import { authStore } from '../auth-store';
import { errorMessage } from '../api-client';
import { renderWithQueryClient, startApiTestServer } from '../testing';
import { useAddressBook } from './address-book';

function Book() {
  const book = useAddressBook();
  if (book.isError) return <p role="alert">{errorMessage(book.error)}</p>;
  if (!book.data) return <p>{book.fetchStatus === 'idle' ? 'idle' : 'loading'}</p>;
  return (
    <ul>
      {book.data.addresses.map((entry) => (
        <li key={entry._id}>{`${entry.fullName}, ${entry.city}${entry.isDefault ? ' (default)' : ''}`}</li>
      ))}
    </ul>
  );
}

const customer = { uid: 'c1', email: 'ada@example.com', displayName: 'Ada', photoURL: null, emailVerified: true };
const leeds = { _id: '6650f0f0f0f0f0f0f0f0f0f0', fullName: 'Ada Lovelace', street: '1 Park Row', city: 'Leeds', postalCode: 'LS1 5AB', country: 'GB', phone: '+44 113 496 0000', isDefault: true };
let answer: unknown = { addresses: [leeds], max: 10 };
let api: Awaited<ReturnType<typeof startApiTestServer>>;

beforeAll(async () => {
  api = await startApiTestServer({ 'GET /me/addresses': () => ({ status: 200, body: answer }) });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  answer = { addresses: [leeds], max: 10 };
  act(() => authStore.getState().signedIn(customer, { token: 'token', expiresAt: null }));
});
afterEach(() => act(() => authStore.getState().signedOut()));

it('reads the signed-in account’s saved addresses with its access token', async () => {
  renderWithQueryClient(<Book />);
  expect(await screen.findByText('Ada Lovelace, Leeds (default)')).toBeInTheDocument();
  expect(api.requests.map((r) => `${r.method} ${r.url} ${r.authorization}`)).toEqual(['GET /me/addresses Bearer token']);
});

it('checks the answer: one without its addresses is a failure the page can say, not a crash', async () => {
  answer = { max: 10 };
  renderWithQueryClient(<Book />);
  expect(await screen.findByRole('alert')).toHaveTextContent('The server sent an answer this page does not understand.');
});

it('asks nothing while nobody is signed in', async () => {
  act(() => authStore.getState().signedOut());
  renderWithQueryClient(<Book />);
  expect(screen.getByText('idle')).toBeInTheDocument();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(api.requests).toHaveLength(0);
});
