import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from '@pcpp/contracts/router';
import { adminText, type Order } from '@pcpp/contracts/core';
import { renderWithQueryClient, startApiTestServer, testObjectId } from '@pcpp/contracts/testing';
import { AllOrdersPage } from './all-orders-page';

const at = '2026-11-20T10:00:00.000Z';
function order(n: number, overrides: Partial<Order>): Order {
  return {
    _id: testObjectId(n),
    number: `PCP-0000${n}${n}`,
    productId: testObjectId(100),
    productName: 'Quiet Tower Cooler',
    email: 'jane@example.com',
    name: 'Jane',
    per_product_price: 4_999,
    order_quantity: 4,
    totalAmount: 19_996,
    address: '1 Main St',
    phone: '555 0100',
    paid: false,
    status: 'placed',
    statusHistory: [{ status: 'placed', at, by: 'jane@example.com' }],
    createdAt: at,
    ...overrides,
  };
}

let orders: Order[];
let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({
    'GET /order': () => ({ body: { items: orders, total: orders.length, page: 1, pages: 1 } }),
    [`PATCH /order/${testObjectId(2)}/status`]: ({ body }) => {
      const { carrier, trackingNumber } = body as { carrier: string; trackingNumber: string };
      orders[1] = { ...orders[1]!, status: 'shipped', shipment: { carrier, trackingNumber } };
      return { body: orders[1] };
    },
    [`DELETE /order/${testObjectId(1)}`]: () => {
      orders[0] = { ...orders[0]!, status: 'cancelled' };
      return { body: { deletedCount: 1 } };
    },
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  orders = [order(1, {}), order(2, { paid: true, status: 'paid', transactionId: 'pi_1' })];
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
      <AllOrdersPage />
      <Where />
    </MemoryRouter>,
  );
const orderReads = () => api.requests.filter((r) => r.method === 'GET').map((r) => new URL(r.url, 'http://api').searchParams);

it('shows each order by number and date, and reads its search from the address', async () => {
  renderPage('/dashboard/allOrder?q=PCP-00001&status=placed&from=2026-11-01&to=2026-11-20&sort=oldest&page=2');
  const row = await screen.findByRole('row', { name: /PCP-000011/ });
  expect(row).toHaveTextContent('Nov 20, 2026');
  expect(row).toHaveTextContent('jane@example.com');
  expect(screen.getByRole('heading', { level: 1, name: 'All orders: 2' })).toBeInTheDocument();
  expect(screen.getByLabelText('Search orders')).toHaveValue('PCP-00001');
  expect(screen.getByLabelText('Status')).toHaveValue('placed');
  expect(screen.getByLabelText('Placed from')).toHaveValue('2026-11-01');
  const [read] = orderReads();
  expect(Object.fromEntries(read!)).toEqual({
    page: '2',
    limit: '20',
    status: 'placed',
    q: 'PCP-00001',
    // The admin's days, from the start of the first to the end of the last.
    from: new Date(2026, 10, 1).toISOString(),
    to: new Date(2026, 10, 21).toISOString(),
    sort: 'oldest',
  });
});

it('puts a typed search and each filter in the address, back on page 1', async () => {
  renderPage('/dashboard/allOrder?page=3');
  await screen.findByRole('row', { name: /PCP-000011/ });
  fireEvent.change(screen.getByLabelText('Search orders'), { target: { value: 'jane@' } });
  await waitFor(() => expect(location()).toBe('/dashboard/allOrder?q=jane%40'));
  fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'paid' } });
  await waitFor(() => expect(location()).toBe('/dashboard/allOrder?q=jane%40&status=paid'));
  await waitFor(() => expect(orderReads().at(-1)!.get('status')).toBe('paid'));
  fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
  await waitFor(() => expect(location()).toBe('/dashboard/allOrder'));
});

it('Mark shipped asks for the carrier and the tracking number, both required, then sends them', async () => {
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: 'Mark shipped: order PCP-000022' }));
  const dialog = screen.getByRole('dialog', { name: adminText.shipTitle('PCP-000022') });
  expect(dialog).toHaveTextContent(adminText.shipBody('PCP-000022', 'jane@example.com'));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
  expect(within(dialog).getByText('carrier is required')).toBeInTheDocument();
  expect(within(dialog).getByText('tracking number is required')).toBeInTheDocument();
  expect(api.requests.filter((r) => r.method === 'PATCH')).toEqual([]);

  fireEvent.change(within(dialog).getByLabelText('Carrier'), { target: { value: 'UPS' } });
  fireEvent.change(within(dialog).getByLabelText('Tracking number'), { target: { value: ' 1Z999AA10123456784 ' } });
  // Enter in a field confirms, as the button does.
  fireEvent.submit(within(dialog).getByLabelText('Tracking number'));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
  const shipped = await screen.findByRole('row', { name: /PCP-000022/ });
  await waitFor(() => expect(shipped).toHaveTextContent('UPS · 1Z999AA10123456784'));
  expect(within(shipped).getByRole('link', { name: /^Track 1Z999AA10123456784/ })).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
});

it('Delete (cancel) names the order, the customer and the units going back, and needs a reason for the customer', async () => {
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: 'Delete order PCP-000011' }));
  const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to delete this order?' });
  expect(dialog).toHaveTextContent(adminText.cancelWhat('PCP-000011', 'jane@example.com', 4));
  expect(dialog).toHaveTextContent('If you are sure then click on delete button');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(within(dialog).getByText('reason is required')).toBeInTheDocument();
  fireEvent.change(within(dialog).getByLabelText('Reason (the customer reads it)'), { target: { value: 'Out of stock at the supplier.' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.requests.find((r) => r.method === 'DELETE')).toMatchObject({ url: `/order/${testObjectId(1)}`, body: { reason: 'Out of stock at the supplier.' } });
});

it('Cancel in a dialog does nothing; Escape too', async () => {
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: 'Delete order PCP-000011' }));
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Mark shipped: order PCP-000022' }));
  fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
});
