import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@pcpp/contracts/router';
import { authStore } from '@pcpp/contracts';
import { checkoutPageText, type OrderDetail, type OrderSummary } from '@pcpp/contracts/core';
import { renderWithQueryClient, startApiTestServer, testCustomer, type TestAnswer } from '@pcpp/contracts/testing';
import { MyOrdersPage } from './my-orders-page';
import { OrderPage } from './order-page';

const user = testCustomer;
const at = '2026-11-20T10:00:00.000Z';
const checkoutId = 'dddddddddddddddddddddddd';

function summary(overrides: Partial<OrderSummary>): OrderSummary {
  return {
    number: 'PCP-7K3Q9D',
    checkoutId,
    status: 'paid',
    payment: 'paid',
    returnUnderWay: false,
    placedAt: at,
    email: user.email,
    name: 'Demo Customer',
    parts: 'Quiet Tower Cooler, 2 × B650 Board and 4 more',
    lineCount: 6,
    units: 7,
    total: 123_456,
    refunded: 0,
    ...overrides,
  };
}

const line = (lineId: string, productName: string, overrides: Partial<OrderDetail['lines'][number]> = {}): OrderDetail['lines'][number] => ({
  lineId,
  productId: 'bbbbbbbbbbbbbbbbbbbbbbbb',
  productName,
  quantity: 2,
  unitPrice: 4_999,
  total: 9_998,
  tax: 725,
  shipping: 500,
  status: 'delivered',
  shippedQuantity: 2,
  deliveredQuantity: 2,
  refundedQuantity: 0,
  returnedQuantity: 0,
  returningQuantity: 0,
  restockedQuantity: 0,
  refundedAmount: 0,
  returnableQuantity: 2,
  returnableUntil: '2026-12-20T10:00:00.000Z',
  ...overrides,
});

const detail: OrderDetail = {
  number: 'PCP-7K3Q9D',
  checkoutId,
  status: 'delivered',
  payment: 'partly-refunded',
  returnUnderWay: false,
  placedAt: at,
  email: user.email,
  name: 'Demo Customer',
  address: 'Demo Customer, 1 Main Street, 12345 Springfield, United States',
  phone: '+1 555 010 0100',
  lines: [line('aaaaaaaaaaaaaaaaaaaaaaaa', 'Quiet Tower Cooler', { refundedQuantity: 1, returnedQuantity: 1, refundedAmount: 4_999, returnableQuantity: 1 }), line('cccccccccccccccccccccccc', 'B650 Board')],
  shipments: [
    {
      shipmentId: 'eeeeeeeeeeeeeeeeeeeeeeee',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      lines: [
        { lineId: 'aaaaaaaaaaaaaaaaaaaaaaaa', quantity: 2 },
        { lineId: 'cccccccccccccccccccccccc', quantity: 2 },
      ],
      shippedAt: at,
      deliveredAt: at,
    },
  ],
  refunds: [{ refundId: 'ffffffffffffffffffffffff', amount: 4_999, reason: 'Return: It rattles.', lines: [{ lineId: 'aaaaaaaaaaaaaaaaaaaaaaaa', quantity: 1 }], restock: true, at }],
  returns: [],
  totals: { subtotal: 19_996, shipping: 1_000, tax: 1_450, total: 22_446, paid: 22_446, refunded: 4_999 },
  delivery: { method: 'standard', amount: 1_000, deliveryFrom: '2026-12-02', deliveryTo: '2026-12-04' },
  transactionId: 'pi_123',
};

let listAnswer: TestAnswer;
let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({
    'GET /orders/mine': () => listAnswer,
    'GET /orders/PCP-7K3Q9D': () => ({ body: detail }),
    'GET /orders/PCP-000000': () => ({ status: 404, body: { message: 'Order not found' } }),
    'POST /orders/PCP-7K3Q9D/returns': (request) => ({
      status: 201,
      body: {
        returnId: '111111111111111111111111',
        orderNumber: 'PCP-7K3Q9D',
        email: user.email,
        status: 'requested',
        lines: (request.body as { lines: { lineId: string; quantity: number }[] }).lines.map((entry) => ({ ...entry, productName: 'B650 Board' })),
        reason: 'Wrong size',
        requestedAt: at,
      },
    }),
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  act(() => authStore.getState().signedIn(user, { token: 'token', expiresAt: null }));
});

const renderAt = (path: string) =>
  renderWithQueryClient(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/dashboard/myOrders" element={<MyOrdersPage />} />
        <Route path="/dashboard/orders/:number" element={<OrderPage />} />
      </Routes>
    </MemoryRouter>,
  );

it('lists orders, one row each: number, parts in short, total, state and what to do next', async () => {
  listAnswer = {
    body: {
      items: [
        summary({ number: 'PCP-AAAAAA', status: 'unpaid', payment: 'unpaid', holdExpiresAt: '2999-01-01T00:00:00.000Z' }),
        summary({ status: 'delivered', payment: 'partly-refunded', refunded: 4_999, returnUnderWay: true }),
      ],
      total: 2,
      page: 1,
      pages: 1,
    },
  };
  renderAt('/dashboard/myOrders');
  expect(screen.getByRole('status')).toHaveTextContent('Loading your orders…');
  const table = await screen.findByRole('table', { name: 'Your orders' });
  const [unpaid, delivered] = within(table).getAllByRole('row').slice(1);
  expect(within(unpaid!).getByRole('link', { name: 'Pay for order PCP-AAAAAA' })).toHaveAttribute('href', `/checkout/${checkoutId}`);
  expect(unpaid).toHaveTextContent('Waiting for payment');
  expect(delivered).toHaveTextContent('Quiet Tower Cooler, 2 × B650 Board and 4 more');
  expect(delivered).toHaveTextContent('$1,234.56');
  expect(delivered).toHaveTextContent('Refunded $49.99');
  expect(delivered).toHaveTextContent('Delivered · Partly refunded · Return under way');
  expect(within(delivered!).getByRole('link', { name: 'PCP-7K3Q9D' })).toHaveAttribute('href', '/dashboard/orders/PCP-7K3Q9D');
  expect(api.requests.map((r) => [r.url, r.authorization])).toEqual([['/orders/mine?page=1', 'Bearer token']]);
});

it('says so when there is nothing yet', async () => {
  listAnswer = { body: { items: [], total: 0, page: 1, pages: 0 } };
  renderAt('/dashboard/myOrders');
  expect(await screen.findByText('You have not ordered anything yet.')).toBeInTheDocument();
});

it("an order's page shows the spec's columns for each line, its parcel with a tracking link, its refund and the return form", async () => {
  renderAt('/dashboard/orders/PCP-7K3Q9D');
  expect(await screen.findByRole('heading', { level: 1, name: 'Order PCP-7K3Q9D' })).toBeInTheDocument();
  const lines = screen.getByRole('table', { name: 'The parts of order PCP-7K3Q9D' });
  expect(within(lines).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
    '#', 'Product Name', 'Per Product Price', 'Address', 'Phone Number', 'Order Quantity', 'Total Amount', 'Payment', 'Action',
  ]);
  const [first] = within(lines).getAllByRole('row').slice(1);
  expect(first).toHaveTextContent('Shipped 2 of 2 · Delivered 2 · Returned 1 · Refunded 1 ($49.99)');
  expect(first).toHaveTextContent('Transaction id: pi_123');
  expect(screen.getByRole('link', { name: '1Z999AA10123456784' })).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
  expect(screen.getByRole('region', { name: 'Refunds' })).toHaveTextContent('$49.99');
  expect(screen.getByRole('button', { name: 'Invoice (PDF)' })).toBeInTheDocument();
  // The figures the customer paid, and when it should have arrived.
  expect(screen.getByTestId('order-subtotal')).toHaveTextContent('$199.96');
  expect(screen.getByTestId('order-shipping')).toHaveTextContent('$10.00');
  expect(screen.getByTestId('order-tax')).toHaveTextContent('$14.50');
  expect(screen.getByTestId('order-total')).toHaveTextContent('$224.46');
  expect(screen.getByTestId('order-total').parentElement).toHaveTextContent('$224.46 (refunded $49.99)');
  expect(screen.getByTestId('order-delivery')).toHaveTextContent(checkoutPageText.deliveryLine(detail.delivery!));
  expect(screen.getByTestId('order-delivery')).toHaveTextContent(/^Standard · Arrives /);

  // A return: nothing chosen is refused in words, then one board is asked for.
  fireEvent.click(screen.getByRole('button', { name: 'Request a return' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Choose at least one part to return.');
  fireEvent.change(screen.getByLabelText('B650 Board'), { target: { value: '1' } });
  fireEvent.change(screen.getByLabelText('Why are you returning them?'), { target: { value: 'Wrong size' } });
  fireEvent.click(screen.getByRole('button', { name: 'Request a return' }));
  await waitFor(() => expect(api.requests.some((request) => request.method === 'POST')).toBe(true));
  const posted = api.requests.find((request) => request.method === 'POST');
  expect(posted?.body).toEqual({ lines: [{ lineId: 'cccccccccccccccccccccccc', quantity: 1 }], reason: 'Wrong size' });
});

it('an order that is not yours (or does not exist) says it could not be loaded, with the reason', async () => {
  renderAt('/dashboard/orders/PCP-000000');
  expect(await screen.findByText('This order could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText('Order not found')).toBeInTheDocument();
});
