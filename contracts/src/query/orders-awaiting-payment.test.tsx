/** @jest-environment jsdom */
import { act, screen, waitFor } from '@testing-library/react';
import { authStore } from '../auth-store';
import { renderWithQueryClient, startApiTestServer, testCustomer, testObjectId } from '../testing';
import { useOrdersAwaitingPayment } from './orders-awaiting-payment';

const customer = testCustomer;
const order = (n: number, fields: object) => ({
  _id: testObjectId(n),
  number: `PCP-00000${n}`,
  productId: testObjectId(100),
  productName: 'Part',
  email: customer.email,
  name: 'Demo Customer',
  per_product_price: 1000,
  order_quantity: 1,
  totalAmount: 1000,
  address: '1 Main St',
  phone: '555 0100',
  paid: false,
  status: 'placed',
  statusHistory: [],
  createdAt: new Date().toISOString(),
  ...fields,
});

let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  const checkoutId = testObjectId(900);
  const items = [
    order(1, { checkoutId }),
    order(2, { checkoutId }),
    order(3, {}),
    order(4, { paid: true, status: 'paid' }),
    order(5, { status: 'cancelled' }),
  ];
  api = await startApiTestServer({ 'GET /myorder': () => ({ body: { items, total: items.length, page: 1, pages: 1 } }) });
});
afterAll(() => api.close());

function Count() {
  const count = useOrdersAwaitingPayment();
  return <p data-testid="count">{String(count)}</p>;
}

it('counts the orders waiting for payment, a checkout’s lines once, and asks nothing while signed out', async () => {
  act(() => authStore.getState().signedOut());
  const view = renderWithQueryClient(<Count />);
  expect(screen.getByTestId('count')).toHaveTextContent('null');
  expect(api.requests).toEqual([]);
  view.unmount();
  act(() => authStore.getState().signedIn(customer, { token: 'token', expiresAt: null }));
  renderWithQueryClient(<Count />);
  await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('2'));
  expect(api.requests.map((r) => r.url)).toEqual(['/myorder?email=customer%40pcparts.dev&page=1&limit=50']);
});
