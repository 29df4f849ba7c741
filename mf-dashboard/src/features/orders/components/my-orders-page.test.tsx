import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { MemoryRouter, Route, Routes } from '@pcpp/contracts/router';
import { authStore } from '@pcpp/contracts';
import { checkoutPageText, myOrdersTableText, type OrderDetail, type OrderSummary } from '@pcpp/contracts/core';
import { renderWithQueryClient, startApiTestServer, testCustomer, testObjectId, testOrderDetail, testOrderLine, type TestAnswer } from '@pcpp/contracts/testing';
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

/** An unpaid order of one part, and an unpaid order of two. */
const unpaidSingle = testOrderDetail('PCP-AAAAAA', [testOrderLine(1, { productName: 'Fury 16 GB', quantity: 2, unitPrice: 3_999, total: 7_998, status: 'placed' })], {
  holdExpiresAt: '2999-01-01T00:00:00.000Z',
});
const unpaidPair = testOrderDetail('PCP-BBBBBB', [testOrderLine(2, { productName: 'B650 Board', status: 'placed' }), testOrderLine(3, { productName: 'Ryzen 5', status: 'placed' })], {
  checkoutId: testObjectId(600),
});

let listAnswer: TestAnswer;
let deleted: string[];
let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({
    'GET /orders/mine': () => listAnswer,
    'GET /orders/PCP-7K3Q9D': () => ({ body: detail }),
    'GET /orders/PCP-AAAAAA': () => ({ body: unpaidSingle }),
    'GET /orders/PCP-BBBBBB': () => ({ body: unpaidPair }),
    'GET /orders/PCP-000000': () => ({ status: 404, body: { message: 'Order not found' } }),
    ...Object.fromEntries(
      [1, 2, 3].map((n) => [
        `DELETE /myorder/${testObjectId(n)}`,
        () => {
          deleted.push(testObjectId(n));
          return { body: { deletedCount: 1 } };
        },
      ]),
    ),
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
  deleted = [];
  act(() => authStore.getState().signedIn(user, { token: 'token', expiresAt: null }));
});

const renderAt = (path: string) =>
  renderWithQueryClient(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/dashboard/myOrders" element={<MyOrdersPage />} />
        <Route path="/dashboard/orders/:number" element={<OrderPage />} />
      </Routes>
      <ToastContainer />
    </MemoryRouter>,
  );

const group = (number: string) => screen.getByRole('rowgroup', { name: `Order ${number}` });
/** An order's group once its parts have come. */
async function loaded(number: string) {
  await waitFor(() => expect(within(group(number)).queryByText('Loading the parts…')).not.toBeInTheDocument());
  return group(number);
}
/** A part's row: its cells' text, the spec's columns in order. */
const cellsOf = (row: HTMLElement) => [...row.children].map((cell) => cell.textContent);

const threeOrders = () => ({
  body: {
    items: [
      summary({ number: 'PCP-AAAAAA', status: 'unpaid', payment: 'unpaid', holdExpiresAt: '2999-01-01T00:00:00.000Z', lineCount: 1, units: 2, total: 7_998 }),
      summary({ number: 'PCP-BBBBBB', checkoutId: testObjectId(600), status: 'unpaid', payment: 'unpaid', lineCount: 2, units: 2, total: 20_000 }),
      summary({ status: 'delivered', payment: 'partly-refunded', refunded: 4_999, returnUnderWay: true, lineCount: 2, units: 4 }),
    ],
    total: 3,
    page: 1,
    pages: 1,
  },
});

it("shows the spec's table grouped by order: a header row per order, then the spec's row for each part", async () => {
  listAnswer = threeOrders();
  renderAt('/dashboard/myOrders');
  expect(screen.getByRole('status')).toHaveTextContent('Loading your orders…');
  const table = await screen.findByRole('table', { name: 'Your orders' });
  expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
    'index', 'Product Name', 'Per Product Price', 'Address', 'Phone Number', 'Order Quantity', 'Total Amount', 'Payment', 'Action',
  ]);

  // An unpaid order of one part: its header row, then exactly the spec's row with pay and Delete.
  const single = await loaded('PCP-AAAAAA');
  expect(within(single).getAllByRole('row')).toHaveLength(2);
  const [head, row] = within(single).getAllByRole('row');
  expect(within(head!).getByRole('link', { name: 'PCP-AAAAAA' })).toHaveAttribute('href', '/dashboard/orders/PCP-AAAAAA');
  for (const label of ['Order', 'Placed', 'Parts', 'Total', 'Status', 'Next']) expect(head).toHaveTextContent(label);
  expect(head).toHaveTextContent('Nov 20, 2026');
  expect(head).toHaveTextContent('1 part, 2 units');
  expect(head).toHaveTextContent('$79.98');
  expect(head).toHaveTextContent('Waiting for payment');
  expect(within(head!).getByTestId('hold-time-left')).toBeInTheDocument();
  // Paid and deleted on the part's row, not twice.
  expect(within(head!).queryByRole('button')).not.toBeInTheDocument();
  expect(cellsOf(row!).slice(0, 7)).toEqual(['1', 'Fury 16 GB', '$39.99', '1 Main St, Springfield, IL 62701, US', '555 0100', '2', '$79.98']);
  expect(within(row!).getByRole('link', { name: 'Pay for Fury 16 GB' })).toHaveAttribute('href', `/dashboard/payment/${testObjectId(1)}`);
  expect(within(row!).getByRole('link', { name: 'Pay for Fury 16 GB' })).toHaveTextContent('Pay');
  expect(within(row!).getByRole('button', { name: 'Delete the order for Fury 16 GB' })).toHaveTextContent('Delete');

  // An unpaid order of two: Pay and Delete for the whole order on its header row; the index goes on.
  const pair = await loaded('PCP-BBBBBB');
  expect(within(pair).getAllByRole('row')).toHaveLength(3);
  const [pairHead, first, second] = within(pair).getAllByRole('row');
  expect(within(pairHead!).getByRole('link', { name: 'Pay for order PCP-BBBBBB' })).toHaveAttribute('href', `/checkout/${testObjectId(600)}`);
  expect(within(pairHead!).getByRole('button', { name: 'Delete order PCP-BBBBBB' })).toBeInTheDocument();
  expect(cellsOf(first!)[0]).toBe('2');
  expect(cellsOf(second!)[0]).toBe('3');
  expect(first).toHaveTextContent('With the whole order');

  // A paid order: 'Paid' and 'Transaction id: {id}', no pay, no Delete.
  const paid = await loaded('PCP-7K3Q9D');
  expect(within(paid).getAllByRole('row')).toHaveLength(3);
  const [paidHead, paidRow] = within(paid).getAllByRole('row');
  expect(paidHead).toHaveTextContent('Refunded $49.99');
  expect(paidHead).toHaveTextContent('Delivered · Partly refunded · Return under way');
  expect(within(paidHead!).getByRole('link', { name: 'Return or invoice: order PCP-7K3Q9D' })).toHaveAttribute('href', '/dashboard/orders/PCP-7K3Q9D');
  expect(cellsOf(paidRow!)[0]).toBe('4');
  expect(within(paidRow!).getByRole('cell', { name: /^Paid/ })).toHaveTextContent('PaidTransaction id: pi_123');
  expect(within(paid).queryAllByRole('button')).toEqual([]);
  expect(api.requests.map((r) => [r.url, r.authorization])).toEqual(
    expect.arrayContaining([
      ['/orders/mine?page=1', 'Bearer token'],
      ['/orders/PCP-AAAAAA', 'Bearer token'],
    ]),
  );
});

it('says so when there is nothing yet', async () => {
  listAnswer = { body: { items: [], total: 0, page: 1, pages: 0 } };
  renderAt('/dashboard/myOrders');
  expect(await screen.findByText('You have not ordered anything yet.')).toBeInTheDocument();
});

it("deletes an unpaid order through the spec's modal, then says 'Your Order is deleted.'", async () => {
  listAnswer = threeOrders();
  renderAt('/dashboard/myOrders');
  const remove = await screen.findByRole('button', { name: 'Delete the order for Fury 16 GB' });
  fireEvent.click(remove);
  const dialog = screen.getByRole('dialog', { name: myOrdersTableText.deleteTitle });
  expect(dialog).toHaveTextContent('Order PCP-AAAAAA: 2 × Fury 16 GB, $79.98.');
  // Cancel leaves it.
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(deleted).toEqual([]);
  fireEvent.click(remove);
  fireEvent.click(within(screen.getByRole('dialog', { name: myOrdersTableText.deleteTitle })).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Your Order is deleted.')).toBeInTheDocument();
  expect(deleted).toEqual([testObjectId(1)]);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  // The list is read again.
  await waitFor(() => expect(api.requests.filter((r) => r.url === '/orders/mine?page=1')).toHaveLength(2));
});

it('deletes every unpaid part of an order of several from its header row, with one toast', async () => {
  listAnswer = threeOrders();
  renderAt('/dashboard/myOrders');
  fireEvent.click(await screen.findByRole('button', { name: 'Delete order PCP-BBBBBB' }));
  const dialog = screen.getByRole('dialog', { name: myOrdersTableText.deleteTitle });
  expect(dialog).toHaveTextContent('Order PCP-BBBBBB: 2 parts, $200.00.');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Your Order is deleted.')).toBeInTheDocument();
  expect(deleted).toEqual([testObjectId(2), testObjectId(3)]);
});

it("an order's page shows the spec's columns for each line, its parcel with a tracking link, its refund and the return form", async () => {
  renderAt('/dashboard/orders/PCP-7K3Q9D');
  expect(await screen.findByRole('heading', { level: 1, name: 'Order PCP-7K3Q9D' })).toBeInTheDocument();
  const lines = screen.getByRole('table', { name: 'The parts of order PCP-7K3Q9D' });
  expect(within(lines).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
    'index', 'Product Name', 'Per Product Price', 'Address', 'Phone Number', 'Order Quantity', 'Total Amount', 'Payment', 'Action',
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
  expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent('Refunded$49.99');
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
