/** @jest-environment jsdom */
import { act, screen } from '@testing-library/react';
import { authStore } from '../auth-store';
import { renderWithQueryClient, startApiTestServer } from '../testing';
import { userKeys } from './query-keys';
import { useAdminFlag } from './use-admin-flag';

function Flag({ id }: { id: string }) {
  const admin = useAdminFlag();
  return <p data-testid={id}>{String(admin)}</p>;
}

const admin = { uid: 'a1', email: 'admin@pcparts.dev', displayName: 'Demo Admin', photoURL: null, emailVerified: true };
let isAdmin = true;
let answerStatus = 200;
let api: Awaited<ReturnType<typeof startApiTestServer>>;

beforeAll(async () => {
  api = await startApiTestServer({
    'GET /admin/admin%40pcparts.dev': () => ({ status: answerStatus, body: answerStatus === 200 ? { admin: isAdmin } : { message: 'Forbidden' } }),
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  isAdmin = true;
  answerStatus = 200;
  act(() => authStore.getState().signedIn(admin, { token: 'token', expiresAt: null }));
});
afterEach(() => act(() => authStore.getState().signedOut()));

it('asks GET /admin/{email} once for the guard and the sidebar together, with the access token', async () => {
  renderWithQueryClient(
    <>
      <Flag id="guard" />
      <Flag id="sidebar" />
    </>,
  );
  expect(screen.getByTestId('guard')).toHaveTextContent('null');
  expect(await screen.findAllByText('true')).toHaveLength(2);
  expect(api.requests.map((r) => `${r.method} ${r.url} ${r.authorization}`)).toEqual([
    'GET /admin/admin%40pcparts.dev Bearer token',
  ]);
});

it('a later mount answers from the cache; a role change (invalidation) asks again', async () => {
  const { queryClient, rerender } = renderWithQueryClient(<Flag id="first" />);
  await screen.findByText('true');
  rerender(<p>elsewhere</p>);
  isAdmin = false;
  rerender(<Flag id="second" />);
  // Answered at once from the cache, no loading state and no second request.
  expect(screen.getByTestId('second')).toHaveTextContent('true');
  expect(api.requests).toHaveLength(1);

  await act(() => queryClient.invalidateQueries({ queryKey: userKeys.all }));
  expect(await screen.findByText('false')).toBeInTheDocument();
  expect(api.requests).toHaveLength(2);
});

it('says "not an admin" when the check is refused', async () => {
  answerStatus = 403;
  renderWithQueryClient(<Flag id="flag" />);
  expect(await screen.findByText('false')).toBeInTheDocument();
});

it('is null and asks nothing while nobody is signed in', async () => {
  act(() => authStore.getState().signedOut());
  renderWithQueryClient(<Flag id="flag" />);
  expect(screen.getByTestId('flag')).toHaveTextContent('null');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(api.requests).toHaveLength(0);
});
