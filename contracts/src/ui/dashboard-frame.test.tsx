/** @jest-environment jsdom */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@pcpp/contracts/router';
import { authStore } from '../auth-store';
import { renderWithQueryClient, startApiTestServer, testCustomer } from '../testing';
import { DashboardFrame, dashboardLinksFor } from './dashboard-frame';

/** The role the test api answers for GET /admin/{email}; 'pending' never answers within the test. */
let role: boolean | 'pending' = false;
let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({
    'GET /admin/customer%40pcparts.dev': () =>
      role === 'pending' ? new Promise(() => undefined) : { body: { admin: role } },
  });
});
afterAll(() => api.close());

const customer = testCustomer;

function renderAt(path: string) {
  return renderWithQueryClient(
    <MemoryRouter initialEntries={[path]}>
      <DashboardFrame>
        <h1>Page</h1>
      </DashboardFrame>
    </MemoryRouter>,
  );
}

function sidebarLinks() {
  const nav = screen.getByRole('navigation', { name: 'Dashboard' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

beforeEach(() => act(() => authStore.getState().signedIn(customer, { token: 'token', expiresAt: null })));
afterEach(() => act(() => authStore.getState().signedOut()));

describe('dashboardLinksFor', () => {
  it('gives everyone My Profile, customers their pages and admins the admin pages', () => {
    expect(dashboardLinksFor(null).map((l) => l.label)).toEqual(['My Profile', 'Settings']);
    expect(dashboardLinksFor(false).map((l) => l.label)).toEqual(['My Profile', 'Settings', 'My Orders', 'My Builds', 'My Alerts', 'Add a Review']);
    expect(dashboardLinksFor(true).map((l) => l.label)).toEqual([
      'My Profile',
      'Settings',
      'Overview',
      'Make Admin',
      'Manage All Orders',
      'Manage Products',
      'Add a Product',
      'Reviews',
      'Activity',
      'Releases',
    ]);
  });
});

describe('DashboardFrame', () => {
  it("shows a customer's links and marks the current page", async () => {
    role = false;
    renderAt('/dashboard/addReview');
    await screen.findByRole('link', { name: 'My Orders' });
    expect(sidebarLinks()).toEqual(['My Profile', 'Settings', 'My Orders', 'My Builds', 'My Alerts', 'Add a Review']);
    expect(screen.getByRole('link', { name: 'Add a Review' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'My Profile' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('heading', { name: 'Page' })).toBeInTheDocument();
    expect(screen.getByTestId('session-summary')).toHaveTextContent('Signed in as customer@pcparts.dev');
  });

  it("shows an admin's links, and marks My Orders whatever the spelling", async () => {
    role = true;
    const admin = renderAt('/dashboard/makeadmin');
    await screen.findByRole('link', { name: 'Make Admin' });
    expect(sidebarLinks()).toEqual(['My Profile', 'Settings', 'Overview', 'Make Admin', 'Manage All Orders', 'Manage Products', 'Add a Product', 'Reviews', 'Activity', 'Releases']);
    expect(screen.getByRole('link', { name: 'Make Admin' })).toHaveAttribute('aria-current', 'page');

    admin.unmount();
    role = false;
    renderAt('/dashboard/myorders');
    await screen.findByRole('link', { name: 'My Orders' });
    expect(screen.getAllByRole('link', { name: 'My Orders' }).at(-1)).toHaveAttribute('aria-current', 'page');
  });

  it('says it is loading while the role is unknown, with My Profile already there', () => {
    role = 'pending';
    renderAt('/dashboard');
    expect(sidebarLinks()).toEqual(['My Profile', 'Settings']);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your menu…');
    expect(screen.getByRole('link', { name: 'My Profile' })).toHaveAttribute('aria-current', 'page');
  });

  it('does not wait for a role when nobody is signed in (a standalone remote)', () => {
    act(() => authStore.getState().signedOut());
    role = 'pending';
    renderAt('/dashboard');
    expect(sidebarLinks()).toEqual(['My Profile', 'Settings']);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('opens and closes the menu with its toggle, and closes it when a page is chosen', async () => {
    role = false;
    renderAt('/dashboard');
    await screen.findByRole('link', { name: 'My Orders' });
    const toggle = screen.getByRole('button', { name: 'Dashboard menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', 'dashboard-menu');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(toggle);
    fireEvent.keyDown(toggle, { key: 'Escape' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('link', { name: 'My Orders' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('aria-current', 'page');
  });
});
