import { act, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@pcpp/contracts/router';
import { authStore } from '@pcpp/contracts';
import { type CartLineInput, checkoutText, priceCart } from '@pcpp/contracts/core';
import { renderWithQueryClient, startApiTestServer, testCustomer, testPart } from '@pcpp/contracts/testing';
import { CheckoutPage } from './checkout-page';

const part = testPart;
const parts = [part(1), part(2, { p_quantity: 1 })];
const customer = testCustomer;
const saved = { fullName: 'Sam Lee', street: '12 Harbour Road', city: 'Portsmouth', postalCode: 'PO1 3AX', country: 'GB', phone: '+44 7700 900123' };

let lines: CartLineInput[];
let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({
    'GET /cart': () => ({ body: priceCart(lines, (id) => parts.find((p) => p._id === id)) }),
    'GET /user/one': () => ({ body: { email: customer.email, shippingAddress: saved } }),
  });
});
afterAll(() => api.close());
beforeEach(() => act(() => authStore.getState().signedIn(customer, { token: 'token', expiresAt: null })));

const renderCheckout = () =>
  renderWithQueryClient(
    <MemoryRouter initialEntries={['/checkout']}>
      <Routes>
        <Route path="/checkout" element={<CheckoutPage />} />
      </Routes>
    </MemoryRouter>,
  );

it('offers the saved address, the lines and their total; without a payment provider it says so and places nothing', async () => {
  lines = [{ productId: parts[0]!._id, quantity: 3 }];
  renderCheckout();
  expect(await screen.findByLabelText('Street and house number')).toHaveValue('12 Harbour Road');
  expect(screen.getByLabelText('Full name')).toHaveValue('Sam Lee');
  expect(screen.getByLabelText('Country')).toHaveValue('GB');
  expect(screen.getByLabelText('Phone number')).toHaveValue('+44 7700 900123');
  expect(screen.getByTestId('checkout-total')).toHaveTextContent('$30.00');
  expect(await screen.findByText(/Card payments are unavailable right now/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /^Place order and pay/ })).toBeDisabled();
  expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);
});

it('sends back to the cart while a line cannot be ordered, and says when the cart is empty', async () => {
  lines = [{ productId: parts[1]!._id, quantity: 2 }];
  const blocked = renderCheckout();
  expect(await screen.findByText(checkoutText.fixCart)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: checkoutText.backToCart })).toHaveAttribute('href', '/cart');
  blocked.unmount();
  lines = [];
  renderCheckout();
  expect(await screen.findByText(checkoutText.emptyCart)).toBeInTheDocument();
});
