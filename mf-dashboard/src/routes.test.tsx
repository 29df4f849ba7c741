import { screen } from '@testing-library/react';
import { MemoryRouter } from '@pcpp/contracts/router';
import { renderWithQueryClient } from '@pcpp/contracts/testing';
import DashboardRoutes from './routes';

// Signed out (a standalone remote): the frame asks nothing of the api.
function renderAt(path: string) {
  return renderWithQueryClient(
    <MemoryRouter initialEntries={[path]}>
      <DashboardRoutes />
    </MemoryRouter>,
  );
}

describe('mf-dashboard routes', () => {
  it.each(['/dashboard/myOrders', '/dashboard/myorders', '/DASHBOARD/MYORDERS'])(
    'match %s without regard to case (the spec spells it both ways)',
    async (path) => {
      renderAt(path);
      // The page is a chunk of its own: it comes in a moment.
      expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    },
  );

  it('frames every page with the dashboard sidebar', async () => {
    renderAt('/dashboard/addReview');
    // Add Review's chunk loads with its page.
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Your Review' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('answers an unknown dashboard path inside the frame', () => {
    renderAt('/dashboard/no-such-page');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
  });
});
