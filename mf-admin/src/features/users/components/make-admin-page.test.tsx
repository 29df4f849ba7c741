import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from '@pcpp/contracts/router';
import { authStore } from '@pcpp/contracts';
import { adminText, type UserSummary } from '@pcpp/contracts/core';
import { renderWithQueryClient, startApiTestServer } from '@pcpp/contracts/testing';
import { MakeAdminPage } from './make-admin-page';

const me = { uid: 'u1', email: 'admin@pcparts.dev', displayName: 'Demo Admin', photoURL: null, emailVerified: true };
const at = '2026-11-20T10:00:00.000Z';
let users: UserSummary[];
let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({
    'GET /user': ({ url }) => {
      const query = new URL(url, 'http://api').searchParams;
      const q = query.get('q') ?? '';
      const matching = users.filter((user) => user.email.includes(q));
      const limit = Number(query.get('limit'));
      return { body: { items: matching.slice(0, limit), total: matching.length, page: 1, pages: Math.ceil(matching.length / limit) } };
    },
    'PUT /user/admin/jane%40example.com': () => {
      users = users.map((user) => (user.email === 'jane@example.com' ? { ...user, role: 'admin' } : user));
      return { body: { modifiedCount: 1 } };
    },
    'DELETE /user/admin/sam%40example.com': () => {
      users = users.map((user) => (user.email === 'sam@example.com' ? { ...user, role: 'customer' } : user));
      return { body: { modifiedCount: 1 } };
    },
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  users = [
    { email: 'jane@example.com', role: 'customer', createdAt: at },
    { email: 'sam@example.com', role: 'admin', createdAt: at },
    { email: me.email, role: 'admin', createdAt: at },
  ];
  act(() => authStore.getState().signedIn(me, { token: 'token', expiresAt: null }));
});

const renderPage = (entry = '/dashboard/makeadmin') =>
  renderWithQueryClient(
    <MemoryRouter initialEntries={[entry]}>
      <MakeAdminPage />
    </MemoryRouter>,
  );

it("shows each account's role and the matching action: Make Admin, Make Customer, or none for oneself", async () => {
  renderPage();
  expect(await screen.findByRole('heading', { level: 1, name: 'All Users: 3' })).toBeInTheDocument();
  const jane = await screen.findByRole('row', { name: /jane@example.com/ });
  expect(within(jane).getByRole('button', { name: 'Make Admin: jane@example.com' })).toBeInTheDocument();
  const sam = screen.getByRole('row', { name: /sam@example.com/ });
  expect(sam).toHaveTextContent('admin');
  expect(within(sam).getByRole('button', { name: 'Make Customer: sam@example.com' })).toBeInTheDocument();
  const mine = screen.getByRole('row', { name: /admin@pcparts.dev/ });
  expect(within(mine).queryByRole('button')).not.toBeInTheDocument();
  expect(mine).toHaveTextContent('You');
});

it("counts every account in the heading, and a search says 'Showing n of count'", async () => {
  renderPage('/dashboard/makeadmin?q=jane');
  expect(await screen.findByText(adminText.showingUsers(1, 3))).toHaveAttribute('role', 'status');
  expect(screen.getByRole('heading', { level: 1, name: 'All Users: 3' })).toBeInTheDocument();
  expect(screen.getByLabelText('Search by email')).toHaveValue('jane');
});

it('Make Admin asks first, then promotes', async () => {
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: 'Make Admin: jane@example.com' }));
  const dialog = screen.getByRole('dialog', { name: adminText.promoteTitle('jane@example.com') });
  expect(dialog).toHaveTextContent(adminText.promoteBody);
  expect(api.requests.filter((r) => r.method === 'PUT')).toEqual([]);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Make Admin' }));
  await waitFor(() => expect(within(screen.getByRole('row', { name: /jane@example.com/ })).getByRole('button', { name: 'Make Customer: jane@example.com' })).toBeInTheDocument());
  expect(api.requests.filter((r) => r.method === 'PUT').map((r) => r.url)).toEqual(['/user/admin/jane%40example.com']);
});

it('Make Customer asks first, then takes the admin role back', async () => {
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: 'Make Customer: sam@example.com' }));
  const dialog = screen.getByRole('dialog', { name: adminText.demoteTitle('sam@example.com') });
  expect(dialog).toHaveTextContent(adminText.demoteBody);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Make Customer' }));
  await waitFor(() => expect(within(screen.getByRole('row', { name: /sam@example.com/ })).getByRole('button', { name: 'Make Admin: sam@example.com' })).toBeInTheDocument());
  expect(api.requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/user/admin/sam%40example.com']);
});
