/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { apiClient } from './api-client';
import { authStore } from './auth-store';
import { useAdminFlag } from './use-admin-flag';

function Flag() {
  const admin = useAdminFlag();
  return <p data-testid="flag">{String(admin)}</p>;
}

const admin = { uid: 'a1', email: 'admin@pcparts.dev', displayName: 'Demo Admin', photoURL: null, emailVerified: true };

afterEach(() => {
  jest.restoreAllMocks();
  authStore.getState().signedOut();
});

it('is null while the server is asked, then its answer; a later mount starts from that answer', async () => {
  let answer!: (value: unknown) => void;
  const get = jest.spyOn(apiClient, 'get').mockImplementation(() => new Promise((resolve) => (answer = resolve)));
  act(() => authStore.getState().signedIn(admin, 'token', 'admin'));

  const first = render(<Flag />);
  expect(screen.getByTestId('flag')).toHaveTextContent('null');
  expect(get).toHaveBeenCalledWith('/admin/admin%40pcparts.dev');
  await act(async () => answer({ data: { admin: true } }));
  expect(screen.getByTestId('flag')).toHaveTextContent('true');
  first.unmount();

  // Another remote's frame mounts: no loading state, and the server is asked again.
  render(<Flag />);
  expect(screen.getByTestId('flag')).toHaveTextContent('true');
  expect(get).toHaveBeenCalledTimes(2);
  await act(async () => answer({ data: { admin: false } }));
  expect(screen.getByTestId('flag')).toHaveTextContent('false');
});

it('forgets the answers on sign out', async () => {
  jest.spyOn(apiClient, 'get').mockResolvedValueOnce({ data: { admin: true } }).mockImplementation(() => new Promise(() => {}));
  act(() => authStore.getState().signedIn(admin, 'token', 'admin'));
  const first = render(<Flag />);
  expect(await screen.findByText('true')).toBeInTheDocument();
  first.unmount();

  act(() => authStore.getState().signedOut());
  act(() => authStore.getState().signedIn(admin, 'token', 'admin'));
  render(<Flag />);
  expect(screen.getByTestId('flag')).toHaveTextContent('null');
});
