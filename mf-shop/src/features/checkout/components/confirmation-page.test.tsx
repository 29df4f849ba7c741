import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@pcpp/contracts/router';
import { authStore } from '@pcpp/contracts';
import { type Checkout, checkoutText, formatDeliveryDate, singleOrderText, toastMessages } from '@pcpp/contracts/core';
import { renderWithQueryClient, startApiTestServer, testCustomer } from '@pcpp/contracts/testing';
import { ConfirmationPage } from './confirmation-page';

const checkoutId = 'eeeeeeeeeeeeeeeeeeeeeeee';
const holdExpiresAt = new Date(Date.now() + 25 * 60_000).toISOString();
const line = (n: number, price: number, tax: number, shipping: number) => ({
  _id: `${n}`.repeat(24),
  number: 'PCP-7K3Q9D',
  checkoutId,
  productId: `${n + 3}`.repeat(24),
  productName: `Part ${n}`,
  email: testCustomer.email,
  name: 'Sam Lee',
  per_product_price: price,
  order_quantity: 1,
  totalAmount: price,
  taxAmount: tax,
  shippingAmount: shipping,
  address: 'Sam Lee, 1 Market Street, San Francisco, CA 94103, United States',
  phone: '+1 415 555 0100',
  paid: false,
  status: 'placed' as const,
  statusHistory: [{ status: 'placed' as const, at: new Date().toISOString(), by: testCustomer.email }],
  createdAt: new Date().toISOString(),
  holdExpiresAt,
});

const california = { fullName: 'Sam Lee', street: '1 Market Street', city: 'San Francisco', postalCode: '94103', country: 'US' as const, region: 'CA', phone: '+1 415 555 0100' };
let checkout: Checkout;
let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({
    [`GET /checkout/${checkoutId}`]: () => ({ body: checkout }),
    'POST /checkout/quote': () => ({
      body: { subtotal: 25_000, shipping: 999, tax: 1_813, total: 27_812, shippingMethod: 'standard', shippingOptions: [], freeShippingOver: 9_900 },
    }),
    [`PUT /checkout/${checkoutId}/address`]: (request) => ({ body: { ...checkout, address: (request.body as { address: object }).address } }),
  });
});
afterAll(() => api.close());
beforeEach(() => {
  act(() => authStore.getState().signedIn(testCustomer, { token: 'token', expiresAt: null }));
  checkout = {
    checkoutId,
    orderNumber: 'PCP-7K3Q9D',
    orders: [line(1, 20_000, 1_450, 999), line(2, 5_000, 363, 0)],
    totalAmount: 25_000,
    subtotal: 25_000,
    shipping: 999,
    tax: 1_813,
    total: 27_812,
    delivery: { method: 'express', amount: 999, deliveryFrom: '2026-11-30', deliveryTo: '2026-12-01' },
    address: california,
    shipTo: 'Sam Lee, 1 Market Street, San Francisco, CA 94103, United States',
    phone: '+1 415 555 0100',
    paid: false,
    holdExpiresAt,
    createdAt: new Date().toISOString(),
  };
});

const renderAt = (state: unknown) =>
  renderWithQueryClient(
    <MemoryRouter initialEntries={[{ pathname: `/checkout/${checkoutId}`, state }]}>
      <Routes>
        <Route path="/checkout/:id" element={<ConfirmationPage />} />
      </Routes>
    </MemoryRouter>,
  );

it('after a declined card, says the payment did not go through and until when the parts are held, above the card form and its error', async () => {
  renderAt({ cardError: 'Your card was declined.' });
  const heading = await screen.findByRole('heading', { level: 1 });
  expect(heading).toHaveTextContent(checkoutText.paymentFailed);
  expect(screen.queryByText(checkoutText.thanks)).not.toBeInTheDocument();
  const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(new Date(holdExpiresAt));
  expect(screen.getByTestId('held-until')).toHaveTextContent(checkoutText.heldUntil(time));
  expect(screen.getByRole('alert')).toHaveTextContent('Your card was declined.');
  expect(screen.getByRole('heading', { level: 2, name: checkoutText.payNow })).toBeInTheDocument();
  // What is left to pay is the lines with their tax and shipping: the checkout's total.
  expect(screen.getByRole('button', { name: /^Pay now/ })).toHaveTextContent('Pay now ($278.12)');
});

it('shows Subtotal, Shipping, Tax and Total and the delivery estimate; a paid checkout says so', async () => {
  checkout = { ...checkout, paid: true, orders: checkout.orders.map((order) => ({ ...order, paid: true, status: 'paid' as const })) };
  renderAt(null);
  expect(await screen.findByRole('heading', { level: 1, name: toastMessages.paymentCompleted })).toBeInTheDocument();
  expect(screen.getByTestId('confirmation-subtotal')).toHaveTextContent('$250.00');
  expect(screen.getByTestId('confirmation-shipping')).toHaveTextContent('$9.99');
  expect(screen.getByTestId('confirmation-tax')).toHaveTextContent('$18.13');
  expect(screen.getByTestId('confirmation-total')).toHaveTextContent('$278.12');
  expect(screen.getByTestId('confirmation-delivery')).toHaveTextContent(
    `Express · Arrives ${formatDeliveryDate('2026-11-30')} – ${formatDeliveryDate('2026-12-01')}`,
  );
});

it('without a card error, an unpaid checkout thanks for the order', async () => {
  renderAt(null);
  expect(await screen.findByRole('heading', { level: 1, name: checkoutText.thanks })).toBeInTheDocument();
  expect(screen.queryByTestId('held-until')).not.toBeInTheDocument();
});

it('asks an order placed with a free-text address for its structured address before the card, then offers Pay now', async () => {
  const { address: _address, ...freeText } = checkout;
  checkout = { ...freeText, shipTo: '1 Market Street, San Francisco', shipping: 0, tax: 0, total: 25_000 };
  renderAt(null);
  expect(await screen.findByRole('heading', { level: 2, name: singleOrderText.addressFirstTitle })).toBeInTheDocument();
  expect(screen.getByText(singleOrderText.addressFirst('1 Market Street, San Francisco'))).toBeInTheDocument();
  expect(screen.queryByRole('heading', { level: 2, name: checkoutText.payNow })).not.toBeInTheDocument();
  // Its parts only: no shipping "Free" or tax $0.00 before the address prices them.
  expect(screen.getByTestId('confirmation-subtotal')).toHaveTextContent('$250.00');
  expect(screen.queryByTestId('confirmation-shipping')).not.toBeInTheDocument();
  expect(screen.queryByTestId('confirmation-tax')).not.toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Street and house number'), { target: { value: '1 Market Street' } });
  fireEvent.change(screen.getByLabelText('City'), { target: { value: 'San Francisco' } });
  fireEvent.change(screen.getByLabelText('Postal code'), { target: { value: '94103' } });
  fireEvent.change(screen.getByLabelText('State'), { target: { value: 'CA' } });
  fireEvent.click(screen.getByRole('button', { name: singleOrderText.saveAddress }));
  await waitFor(() => expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({ address: california, shippingMethod: 'standard' }));
  expect(await screen.findByRole('heading', { level: 2, name: checkoutText.payNow })).toBeInTheDocument();
});

