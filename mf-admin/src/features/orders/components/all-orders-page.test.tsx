import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '@pcpp/contracts/router';
import { allOrdersTableText, type OrderDetail, orderGroupText, type OrderReturn, type OrderSummary } from '@pcpp/contracts/core';
import { renderWithQueryClient, startApiTestServer, testObjectId, testOrderDetail, testOrderLine } from '@pcpp/contracts/testing';
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
let details: Record<string, OrderDetail>;
let returns: OrderReturn[];
let api: Awaited<ReturnType<typeof startApiTestServer>>;
/** DELETE /order/{id}: the line is cancelled, the order's state follows. */
function cancelLine(lineId: string) {
  for (const [number, detail] of Object.entries(details)) {
    if (!detail.lines.some((line) => line.lineId === lineId)) continue;
    const lines = detail.lines.map((line) => (line.lineId === lineId ? { ...line, status: 'cancelled' as const } : line));
    details[number] = { ...detail, lines, ...(lines.every((line) => line.status === 'cancelled') ? { status: 'cancelled' as const } : {}) };
    orders = orders.map((order) => (order.number === number ? { ...order, status: details[number]!.status } : order));
  }
  return { body: { deletedCount: 1 } };
}
beforeAll(async () => {
  api = await startApiTestServer({
    'GET /orders': () => ({ body: { items: orders, total: orders.length, page: 1, pages: 1 } }),
    'GET /returns': ({ url }) => {
      const status = new URL(url, 'http://api').searchParams.get('status');
      const items = returns.filter((item) => item.status === status);
      return { body: { items, total: items.length, page: 1, pages: 1 } };
    },
    ...Object.fromEntries(
      [1, 2, 3].map((n) => [`GET /orders/PCP-0000${n}${n}`, () => (details[`PCP-0000${n}${n}`] ? { body: details[`PCP-0000${n}${n}`] } : { status: 404, body: { message: 'Order not found' } })]),
    ),
    ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7, 8].map((n) => [`DELETE /order/${testObjectId(n)}`, () => cancelLine(testObjectId(n))])),
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  orders = [
    // A six-part build bought in one checkout: one order, six part rows.
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
  details = {
    'PCP-000011': testOrderDetail(
      'PCP-000011',
      [
        testOrderLine(1, { productName: 'Ryzen 7 7700X', unitPrice: 29_999, total: 29_999, status: 'shipped', shippedQuantity: 1 }),
        testOrderLine(2, { productName: 'Kingston Fury 32 GB', quantity: 2, unitPrice: 9_999, total: 19_998 }),
        ...[3, 4, 5, 6].map((n) => testOrderLine(n)),
      ],
      { number: 'PCP-000011', email: 'jane@example.com', address: '12 Harbour Road, Portsmouth PO1 3AX, United Kingdom', phone: '+44 7700 900123' },
    ),
    'PCP-000022': testOrderDetail('PCP-000022', [testOrderLine(7, { productName: 'Quiet Tower Cooler', unitPrice: 4_999, total: 4_999, status: 'placed' })]),
  };
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
/** The list's reads (GET /orders), not the orders' own. */
const orderReads = () => api.requests.map((r) => new URL(r.url, 'http://api')).filter((url) => url.pathname === '/orders').map((url) => url.searchParams);
const group = (number: string) => screen.getByRole('rowgroup', { name: `Order ${number}` });
const cellsOf = (row: HTMLElement) => [...row.children].map((cell) => cell.textContent);

it("shows the spec's columns grouped by order: a header row per order, a row per part, and counts orders", async () => {
  renderPage();
  const table = await screen.findByRole('table', { name: 'Orders' });
  expect(screen.getByRole('heading', { level: 1, name: 'All orders: 2' })).toBeInTheDocument();
  expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['product name', 'email', 'address', 'phone', 'quantity', 'total amount', 'Remove']);

  // The build: its header row says what the one-row-per-order list said; its six parts follow.
  const build = group('PCP-000011');
  const [head] = within(build).getAllByRole('row');
  expect(within(head!).getByRole('link', { name: 'PCP-000011' })).toHaveAttribute('href', '/dashboard/allOrder/PCP-000011');
  expect(head).toHaveTextContent('Nov 20, 2026');
  expect(head).toHaveTextContent('jane@example.com');
  expect(head).toHaveTextContent('6 parts, 7 units');
  expect(head).toHaveTextContent('$1,589.94');
  expect(head).toHaveTextContent('Refunded $49.99');
  expect(head).toHaveTextContent('Partly shipped · Partly refunded · Return under way');
  await waitFor(() => expect(within(build).getAllByRole('row')).toHaveLength(7));
  const [, ...parts] = within(build).getAllByRole('row');
  expect(cellsOf(parts[1]!)).toEqual(['Kingston Fury 32 GBPaid', 'jane@example.com', '12 Harbour Road, Portsmouth PO1 3AX, United Kingdom', '+44 7700 900123', '2', '$199.98', '']);
  // Paid: nothing to delete.
  expect(within(build).queryAllByRole('button')).toEqual([]);

  // The unpaid order of one part reads as the spec's row, with its Delete.
  const single = group('PCP-000022');
  await waitFor(() => expect(within(single).getAllByRole('row')).toHaveLength(2));
  const [, row] = within(single).getAllByRole('row');
  expect(cellsOf(row!).slice(0, 6)).toEqual(['Quiet Tower Cooler', 'jane@example.com', '1 Main St, Springfield, IL 62701, US', '555 0100', '1', '$49.99']);
  expect(within(row!).getByRole('cell', { name: 'Delete' })).toContainElement(within(row!).getByRole('button', { name: 'Delete Quiet Tower Cooler from order PCP-000022' }));
  expect(orderReads().map((read) => read.toString())).toEqual(['page=1&limit=20']);
});

it('opens an order from its number', async () => {
  renderPage('/dashboard/allOrder?q=jane');
  fireEvent.click(await screen.findByRole('link', { name: 'PCP-000011' }));
  expect(await screen.findByText('The order page')).toBeInTheDocument();
  expect(location()).toBe('/dashboard/allOrder/PCP-000011');
});

it("removes an unpaid order through the spec's modal and the spec's per-line call", async () => {
  renderPage();
  const single = await screen.findByRole('rowgroup', { name: 'Order PCP-000022' });
  fireEvent.click(await within(single).findByRole('button', { name: 'Delete Quiet Tower Cooler from order PCP-000022' }));
  const dialog = screen.getByRole('dialog', { name: allOrdersTableText.deleteTitle });
  expect(dialog).toHaveTextContent(allOrdersTableText.deleteBody);
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  // No reason given: the spec's call has no body of its own.
  expect(api.requests.filter((r) => r.method === 'DELETE')).toMatchObject([{ url: `/order/${testObjectId(7)}`, body: {} }]);
  // Read again: cancelled, nothing left to delete.
  await waitFor(() => expect(group('PCP-000022')).toHaveTextContent('Cancelled'));
  expect(within(group('PCP-000022')).queryByRole('button')).not.toBeInTheDocument();
});

it('deletes every unpaid priced part of an order of several from its header row; a free part has no Delete', async () => {
  orders = [summary(3, { lineCount: 3, units: 3 })];
  details = {
    'PCP-000033': testOrderDetail('PCP-000033', [
      testOrderLine(1, { status: 'placed' }),
      testOrderLine(2, { status: 'placed' }),
      testOrderLine(3, { status: 'placed', unitPrice: 0, total: 0 }),
    ]),
  };
  renderPage();
  const build = await screen.findByRole('rowgroup', { name: 'Order PCP-000033' });
  await waitFor(() => expect(within(build).getAllByRole('row')).toHaveLength(4));
  expect(within(build).queryByRole('button', { name: 'Delete Part 3 from order PCP-000033' })).not.toBeInTheDocument();
  fireEvent.click(within(build).getByRole('button', { name: orderGroupText.deleteOrderLabel('PCP-000033') }));
  const dialog = screen.getByRole('dialog', { name: allOrdersTableText.deleteTitle });
  expect(dialog).toHaveTextContent(orderGroupText.adminDeleteWhat('PCP-000033', 'jane@example.com', 2));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([`/order/${testObjectId(1)}`, `/order/${testObjectId(2)}`]);
});

it('reads its search from the address, the status being the order’s state', async () => {
  renderPage('/dashboard/allOrder?q=PCP-00001&status=partly-shipped&from=2026-11-01&to=2026-11-20&sort=oldest&page=2');
  await screen.findByRole('rowgroup', { name: 'Order PCP-000011' });
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
  await screen.findByRole('rowgroup', { name: 'Order PCP-000011' });
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
  await screen.findByRole('rowgroup', { name: 'Order PCP-000011' });
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
