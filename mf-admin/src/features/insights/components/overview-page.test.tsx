import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@pcpp/contracts/router';
import type { LowStockAnswer, Overview } from '@pcpp/contracts/core';
import { renderWithQueryClient, startApiTestServer, testObjectId } from '@pcpp/contracts/testing';
import { OverviewPage } from './overview-page';

// The Overview over a real local HTTP api: the figures in words and as tables (what the charts
// show), each state a link to All Orders, low stock linking to each part's edit page, and the
// spinner and failure message around it.

const day = (n: number, revenue: number, orders: number, previousRevenue = 0, previousOrders = 0) => ({
  date: `2026-11-${String(13 + n).padStart(2, '0')}`,
  revenue,
  orders,
  previousDate: `2026-11-${String(6 + n).padStart(2, '0')}`,
  previousRevenue,
  previousOrders,
});
const overview: Overview = {
  days: 7,
  from: '2026-11-14T00:00:00.000Z',
  to: '2026-11-21T00:00:00.000Z',
  previousFrom: '2026-11-07T00:00:00.000Z',
  computedAt: '2026-11-20T15:00:00.000Z',
  series: [day(1, 0, 0), day(2, 0, 0), day(3, 0, 0, 40_000, 1), day(4, 0, 0), day(5, 55_000, 2), day(6, 0, 0), day(7, 10_000, 1)],
  current: { revenue: 65_000, orders: 3, averageOrderValue: 21_667, refunds: 2_000, placed: 4, paidShare: 0.75 },
  previous: { revenue: 40_000, orders: 1, averageOrderValue: 40_000, refunds: 700, placed: 1, paidShare: 1 },
  states: { unpaid: 1, paid: 4, 'partly-shipped': 0, shipped: 1 },
  returnsOpen: 2,
  topByRevenue: [{ productId: testObjectId(1), name: 'Quiet Tower Cooler', revenue: 50_000, units: 50 }],
  topByUnits: [{ productId: testObjectId(1), name: 'Quiet Tower Cooler', revenue: 50_000, units: 50 }],
};
const lowStock: LowStockAnswer = {
  items: [{ productId: testObjectId(1), name: 'Quiet Tower Cooler', category: 'CPU Cooler', stock: 40, soldLast30Days: 90, daysOfCover: 13, reason: 'selling-fast' }],
  total: 1,
  page: 1,
  pages: 1,
  threshold: 5,
  coverDays: 14,
};

let failing = false;
let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({
    'GET /admin/overview': () => (failing ? { status: 500, body: { message: 'Something went wrong on our side.' } } : { body: overview }),
    'GET /admin/low-stock': () => ({ body: lowStock }),
  });
});
afterAll(() => api.close());
beforeEach(() => {
  failing = false;
  api.requests.length = 0;
});

const renderPage = (entry = '/dashboard/overview?days=7') =>
  renderWithQueryClient(
    <MemoryRouter initialEntries={[entry]}>
      <OverviewPage />
    </MemoryRouter>,
  );

it('shows a spinner, then the totals, each chart in words and as a table, and asks for the period in the address', async () => {
  renderPage();
  expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Loading the overview…');
  await screen.findByLabelText('Totals of the last 7 days');
  expect(api.requests.find((request) => request.url.startsWith('/admin/overview'))?.url).toBe('/admin/overview?days=7');

  const cards = screen.getByLabelText('Totals of the last 7 days');
  expect(cards).toHaveTextContent('Revenue$650.00up 63% on $400.00');
  expect(cards).toHaveTextContent('Placed orders paid75%3 of 4 placed');
  expect(cards).toHaveTextContent('Refunds$20.00');

  const revenue = screen.getByRole('figure', { name: 'Revenue' });
  expect(revenue).toHaveAccessibleDescription(
    'Revenue over the last 7 days: $650.00, up 63% on the 7 days before ($400.00). Best day: Wed, Nov 18, $550.00.',
  );
  fireEvent.click(within(revenue).getByText('Revenue: the figures as a table'));
  const rows = within(within(revenue).getByRole('table', { name: 'Revenue by day' })).getAllByRole('row');
  expect(rows).toHaveLength(8);
  expect(rows[5]).toHaveTextContent('Wed, Nov 18$550.00Wed, Nov 11$0.00');
  expect(rows[3]).toHaveTextContent('Mon, Nov 16$0.00Mon, Nov 9$400.00');
  expect(screen.getByRole('figure', { name: 'Paid orders' })).toHaveAccessibleDescription(
    'Paid orders over the last 7 days: 3, up 200% on the 7 days before (1). Busiest day: Wed, Nov 18, 2 orders.',
  );
  expect(screen.getByRole('link', { name: 'Last 7 days' })).toHaveAttribute('aria-current', 'page');
});

it('links each order state to All Orders filtered to it, and each low-stock part to its edit page', async () => {
  renderPage();
  expect(await screen.findByRole('link', { name: '4 To ship' })).toHaveAttribute('href', '/dashboard/allOrder?status=paid');
  expect(screen.getByRole('link', { name: '1 Unpaid' })).toHaveAttribute('href', '/dashboard/allOrder?status=unpaid');
  expect(screen.getByRole('link', { name: '1 Shipped' })).toHaveAttribute('href', '/dashboard/allOrder?status=shipped');
  expect(screen.getByRole('link', { name: '2 Returns open' })).toHaveAttribute('href', '/dashboard/allOrder#returns-title');
  const low = await screen.findByRole('table', { name: 'Parts low on stock' });
  const [, row] = within(low).getAllByRole('row');
  expect(row).toHaveTextContent('Quiet Tower CoolerCPU Cooler409013runs out within 14 days');
  expect(within(row!).getByRole('link', { name: 'Edit Quiet Tower Cooler' })).toHaveAttribute('href', `/dashboard/manageproduct/${testObjectId(1)}`);
});

it('says clearly when the overview cannot be loaded, and offers to try again', async () => {
  failing = true;
  renderPage('/dashboard/overview');
  expect(await screen.findByText('The overview could not be loaded. Check your connection and try again.')).toBeVisible();
  expect(screen.getByRole('button', { name: /Retry|Try again/ })).toBeVisible();
  // An unknown period in the address asks for the default one.
  expect(api.requests.find((request) => request.url.startsWith('/admin/overview'))?.url).toBe('/admin/overview?days=30');
});
