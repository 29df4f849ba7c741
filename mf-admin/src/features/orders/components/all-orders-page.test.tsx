import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '@pcpp/contracts/router';
import type { OrderReturn, OrderSummary } from '@pcpp/contracts/core';
import { renderWithQueryClient, startApiTestServer, testObjectId } from '@pcpp/contracts/testing';
import { AllOrdersPage } from './all-orders-page';

const at = '2026-11-20T10:00:00.000Z';
function summary(n: number, overrides: Partial<OrderSummary>): OrderSummary {
  return {
    number: `PCP-0000${n}${n}`,
    checkoutId: testObjectId(n),
    status: 'unpaid',
    payment: 'unpaid',
    returnUnderWay: false,
    placedAt: at,
    email: 'jane@example.com',
    name: 'Jane',
    parts: 'Quiet Tower Cooler',
    lineCount: 1,
    units: 1,
    total: 4_999,
    refunded: 0,
    ...overrides,
  };
}

let orders: OrderSummary[];
let returns: OrderReturn[];
let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({
    'GET /orders': () => ({ body: { items: orders, total: orders.length, page: 1, pages: 1 } }),
    'GET /returns': ({ url }) => {
      const status = new URL(url, 'http://api').searchParams.get('status');
      const items = returns.filter((item) => item.status === status);
      return { body: { items, total: items.length, page: 1, pages: 1 } };
    },
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  orders = [
    // A six-part build bought in one checkout: one row, not six.
    summary(1, {
      status: 'partly-shipped',
      payment: 'partly-refunded',
      returnUnderWay: true,
      parts: 'Ryzen 7 7700X, 2 × Kingston Fury 32 GB and 4 more',
      lineCount: 6,
      units: 7,
      total: 158_994,
      refunded: 4_999,
    }),
    summary(2, {}),
  ];
  returns = [];
});

/** The address, shown for the test to read. */
function Where() {
  const current = useLocation();
  return <output aria-label="Address">{`${current.pathname}${current.search}`}</output>;
}
const location = () => screen.getByRole('status', { name: 'Address' }).textContent;
const renderPage = (entry = '/dashboard/allOrder') =>
  renderWithQueryClient(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/dashboard/allOrder" element={<AllOrdersPage />} />
        <Route path="/dashboard/allOrder/:number" element={<p>The order page</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
const orderReads = () => api.requests.filter((r) => r.url.startsWith('/orders')).map((r) => new URL(r.url, 'http://api').searchParams);

it('lists orders, one row each with its parts in short, total and state, and counts orders', async () => {
  renderPage();
  const table = await screen.findByRole('table', { name: 'Orders' });
  // A header row and one row per order.
  expect(within(table).getAllByRole('row')).toHaveLength(3);
  expect(screen.getByRole('heading', { level: 1, name: 'All orders: 2' })).toBeInTheDocument();
  const build = screen.getByRole('row', { name: /PCP-000011/ });
  expect(build).toHaveTextContent('Nov 20, 2026');
  expect(build).toHaveTextContent('jane@example.com');
  expect(build).toHaveTextContent('Ryzen 7 7700X, 2 × Kingston Fury 32 GB and 4 more');
  expect(build).toHaveTextContent('7 units');
  expect(build).toHaveTextContent('$1,589.94');
  expect(build).toHaveTextContent('−$49.99 refunded');
  expect(build).toHaveTextContent('Partly shipped · Partly refunded · Return under way');
  expect(screen.getByRole('row', { name: /PCP-000022/ })).toHaveTextContent('Waiting for payment');
  // No per-line actions here any more: they are on the order's page.
  expect(within(table).queryAllByRole('button')).toEqual([]);
  expect(api.requests.map((r) => r.url).filter((url) => url.startsWith('/orders'))).toEqual(['/orders?page=1&limit=20']);
});

it('opens an order from its number', async () => {
  renderPage('/dashboard/allOrder?q=jane');
  fireEvent.click(await screen.findByRole('link', { name: 'PCP-000011' }));
  expect(await screen.findByText('The order page')).toBeInTheDocument();
  expect(location()).toBe('/dashboard/allOrder/PCP-000011');
});

it('reads its search from the address, the status being the order’s state', async () => {
  renderPage('/dashboard/allOrder?q=PCP-00001&status=partly-shipped&from=2026-11-01&to=2026-11-20&sort=oldest&page=2');
  await screen.findByRole('row', { name: /PCP-000011/ });
  expect(screen.getByLabelText('Search orders')).toHaveValue('PCP-00001');
  expect(screen.getByLabelText('Status')).toHaveValue('partly-shipped');
  expect(screen.getByLabelText('Placed from')).toHaveValue('2026-11-01');
  const [read] = orderReads();
  expect(Object.fromEntries(read!)).toEqual({
    page: '2',
    limit: '20',
    status: 'partly-shipped',
    q: 'PCP-00001',
    // The admin's days, from the start of the first to the end of the last.
    from: new Date(2026, 10, 1).toISOString(),
    to: new Date(2026, 10, 21).toISOString(),
    sort: 'oldest',
  });
});

it('offers the order states as the status filter and ignores a line status in the address', async () => {
  renderPage('/dashboard/allOrder?status=placed');
  await screen.findByRole('row', { name: /PCP-000011/ });
  const options = within(screen.getByLabelText('Status')).getAllByRole('option');
  expect(options.map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
    ['', 'All statuses'],
    ['unpaid', 'Waiting for payment'],
    ['paid', 'Paid'],
    ['partly-shipped', 'Partly shipped'],
    ['shipped', 'Shipped'],
    ['delivered', 'Delivered'],
    ['cancelled', 'Cancelled'],
    ['refunded', 'Refunded'],
  ]);
  expect(screen.getByLabelText('Status')).toHaveValue('');
  expect(orderReads()[0]!.has('status')).toBe(false);
});

it('puts a typed search and each filter in the address, back on page 1', async () => {
  renderPage('/dashboard/allOrder?page=3');
  await screen.findByRole('row', { name: /PCP-000011/ });
  fireEvent.change(screen.getByLabelText('Search orders'), { target: { value: 'jane@' } });
  await waitFor(() => expect(location()).toBe('/dashboard/allOrder?q=jane%40'));
  fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'shipped' } });
  await waitFor(() => expect(location()).toBe('/dashboard/allOrder?q=jane%40&status=shipped'));
  await waitFor(() => expect(orderReads().at(-1)!.get('status')).toBe('shipped'));
  fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
  await waitFor(() => expect(location()).toBe('/dashboard/allOrder'));
});

it('lists the returns waiting for the shop, each opening its order', async () => {
  const asked = (n: number, status: OrderReturn['status']): OrderReturn => ({
    returnId: testObjectId(70 + n),
    orderNumber: `PCP-0000${n}${n}`,
    email: 'jane@example.com',
    status,
    lines: [{ lineId: testObjectId(n), quantity: 1, productName: 'Quiet Tower Cooler' }],
    reason: 'It rattles.',
    requestedAt: at,
  });
  returns = [asked(1, 'requested'), asked(2, 'approved'), asked(3, 'received')];
  renderPage();
  const waiting = await screen.findByRole('region', { name: 'Asked for: approve or refuse: 1' });
  expect(waiting).toHaveTextContent('PCP-000011 · 1 × Quiet Tower Cooler');
  expect(waiting).toHaveTextContent('jane@example.com · asked for Nov 20, 2026');
  expect(await screen.findByRole('region', { name: 'Approved: mark received when the parts arrive: 1' })).toHaveTextContent('PCP-000022');
  // A received return needs nothing more.
  expect(screen.getByRole('region', { name: 'Returns to handle' })).not.toHaveTextContent('PCP-000033');
  fireEvent.click(within(waiting).getByRole('link', { name: 'PCP-000011' }));
  expect(await screen.findByText('The order page')).toBeInTheDocument();
});

it('says when no return waits', async () => {
  renderPage();
  expect(await screen.findByText('No return waits for a decision.')).toBeInTheDocument();
  expect(await screen.findByText('No approved return is on its way back.')).toBeInTheDocument();
});
