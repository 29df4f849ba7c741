import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@pcpp/contracts/router';
import { ToastContainer } from 'react-toastify';
import { authStore, visitorCartStore } from '@pcpp/contracts';
import { type CartLineInput, cartText, type Part, priceCart, type SavedAddress, totalsText } from '@pcpp/contracts/core';
import { renderWithQueryClient, startApiTestServer, testCustomer, testPart } from '@pcpp/contracts/testing';
import { CartPage } from './cart-page';

const part = (n: number, fields: Partial<Part> = {}): Part => testPart(n, { min_quantity: 2, ...fields });
const parts = [part(1), part(2, { p_quantity: 3 }), part(3)];
const partOf = (productId: string) => parts.find((p) => p._id === productId);
const customer = testCustomer;

// The api's table: the US free from $100, $9.99 below; Germany $14.99, free from $150; elsewhere $24.99.
const rates = [
  { country: 'US', standard: { amount: 999, freeOver: 10_000 }, express: { amount: 2_499 } },
  { country: 'DE', standard: { amount: 1_499, freeOver: 15_000 }, express: { amount: 3_999 } },
  { country: '*', standard: { amount: 2_499 }, express: { amount: 4_999 } },
];
const berlin: SavedAddress = { fullName: 'Sam Lee', street: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117', country: 'DE', phone: '+49 30 123456' };

let accountLines: CartLineInput[];
let saved: SavedAddress | undefined;
let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({
    ...Object.fromEntries(parts.map((p) => [`GET /tools/${p._id}`, () => ({ body: p })])),
    'GET /cart': () => ({ body: priceCart(accountLines, partOf) }),
    'GET /shipping-rates': () => ({ body: { rates } }),
    'GET /user/one': () => ({ body: { email: customer.email, ...(saved ? { shippingAddress: saved } : {}) } }),
    'PUT /cart': (request) => {
      accountLines = (request.body as { lines: CartLineInput[] }).lines;
      return { body: priceCart(accountLines, partOf) };
    },
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  accountLines = [];
  saved = undefined;
  act(() => {
    authStore.getState().signedOut();
    visitorCartStore.setState({ id: 'visitor', lines: [] }, true);
  });
});

function renderCart() {
  return renderWithQueryClient(
    <MemoryRouter initialEntries={['/cart']}>
      <Routes>
        <Route path="/cart" element={<CartPage />} />
        <Route path="/checkout" element={<h1>Checkout</h1>} />
      </Routes>
      <ToastContainer />
    </MemoryRouter>,
  );
}

const line = (name: string) => screen.getAllByTestId('cart-line').find((row) => within(row).queryByRole('heading', { name }))!;

it('prices a visitor’s cart with the parts as the api serves them, flags what the stock no longer covers and blocks checkout', async () => {
  act(() => visitorCartStore.setState({ id: 'visitor', lines: [{ productId: parts[0]!._id, quantity: 2 }, { productId: parts[1]!._id, quantity: 5 }] }, true));
  renderCart();
  expect(screen.getByRole('status')).toHaveTextContent('Loading your cart…');
  expect(await screen.findByRole('heading', { name: 'Part 1' })).toBeInTheDocument();
  expect(document.title).toBe('Your cart — PC PART PICKER');
  expect(within(line('Part 2')).getByRole('alert')).toHaveTextContent('Only 3 left in stock.');
  expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$120.00');
  expect(screen.getByText(cartText.fixLines)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Check out' })).toBeDisabled();

  // One fewer twice: 3 fit the stock, the line is fine, checkout opens.
  fireEvent.click(screen.getByRole('button', { name: 'One fewer Part 2' }));
  fireEvent.click(screen.getByRole('button', { name: 'One fewer Part 2' }));
  await waitFor(() => expect(within(line('Part 2')).queryByRole('alert')).toBeNull());
  expect(visitorCartStore.getState().lines).toEqual([{ productId: parts[0]!._id, quantity: 2 }, { productId: parts[1]!._id, quantity: 3 }]);
  expect(screen.getByRole('link', { name: 'Check out' })).toHaveAttribute('href', '/checkout');
  expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$80.00');
  // A visitor's cart never goes to the api.
  expect(api.requests.filter((r) => r.url.startsWith('/cart'))).toEqual([]);
});

it('keeps a signed-in customer’s cart in the api: steps, typed quantities and Remove each PUT the lines', async () => {
  accountLines = [{ productId: parts[0]!._id, quantity: 2 }, { productId: parts[2]!._id, quantity: 4 }];
  act(() => authStore.getState().signedIn(customer, { token: 'token', expiresAt: null }));
  renderCart();
  expect(await screen.findByRole('heading', { name: 'Part 3' })).toBeInTheDocument();
  expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$140.00');
  // At the minimum order, one fewer is not offered.
  expect(screen.getByRole('button', { name: 'One fewer Part 1' })).toBeDisabled();

  fireEvent.click(screen.getByRole('button', { name: 'One more Part 1' }));
  await waitFor(() => expect(accountLines).toEqual([{ productId: parts[0]!._id, quantity: 3 }, { productId: parts[2]!._id, quantity: 4 }]));
  const input = screen.getByRole('spinbutton', { name: 'Quantity of Part 3' });
  fireEvent.change(input, { target: { value: '25' } });
  fireEvent.blur(input);
  // Saved as typed, and flagged with the api's sentence until fixed.
  expect(await screen.findByText('Only 20 left in stock.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Check out' })).toBeDisabled();

  fireEvent.click(screen.getByRole('button', { name: 'Remove Part 3 from your cart' }));
  await waitFor(() => expect(screen.queryByRole('heading', { name: 'Part 3' })).toBeNull());
  await waitFor(() => expect(accountLines).toEqual([{ productId: parts[0]!._id, quantity: 3 }]));
  expect(screen.getByRole('link', { name: 'Check out' })).toBeInTheDocument();
  expect(api.requests.filter((r) => r.method === 'PUT').every((r) => r.authorization === 'Bearer token')).toBe(true);

  fireEvent.click(screen.getByRole('button', { name: 'Remove Part 1 from your cart' }));
  expect(await screen.findByText(cartText.empty)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: cartText.browse })).toHaveAttribute('href', '/products');
  await waitFor(() => expect(accountLines).toEqual([]));
});

it('says when the cart cannot be loaded, with Retry', async () => {
  act(() => authStore.getState().signedIn({ ...customer, email: 'nobody@pcparts.dev' }, { token: 'token', expiresAt: null }));
  const original = api.routes['GET /cart']!;
  api.routes['GET /cart'] = () => ({ status: 403, body: { message: 'Not yours' } });
  try {
    renderCart();
    expect(await screen.findByText('We could not load your cart.')).toBeInTheDocument();
    expect(screen.getByText('Not yours')).toBeInTheDocument();
    api.routes['GET /cart'] = original;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(cartText.empty)).toBeInTheDocument();
  } finally {
    api.routes['GET /cart'] = original;
  }
});

it('estimates Standard shipping to the US for a visitor, and names what it assumes', async () => {
  act(() => visitorCartStore.setState({ id: 'visitor', lines: [{ productId: parts[0]!._id, quantity: 2 }] }, true));
  renderCart();
  expect(await screen.findByTestId('cart-estimate')).toHaveTextContent('$29.99');
  expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$20.00');
  expect(screen.getByTestId('cart-shipping')).toHaveTextContent('$9.99');
  expect(screen.getByTestId('cart-estimate-note')).toHaveTextContent(totalsText.cartEstimate('United States'));
});

it('estimates for the saved address’s country, free from its threshold', async () => {
  saved = berlin;
  accountLines = [{ productId: parts[0]!._id, quantity: 12 }];
  act(() => authStore.getState().signedIn(customer, { token: 'token', expiresAt: null }));
  renderCart();
  expect(await screen.findByText(totalsText.cartEstimate('Germany'))).toBeInTheDocument();
  // $120.00 is under Germany's $150 threshold (the US's $100 would have made it free).
  expect(screen.getByTestId('cart-shipping')).toHaveTextContent('$14.99');
  expect(screen.getByTestId('cart-estimate')).toHaveTextContent('$134.99');
  fireEvent.click(screen.getByRole('button', { name: 'One more Part 1' }));
  fireEvent.click(screen.getByRole('button', { name: 'One more Part 1' }));
  fireEvent.click(screen.getByRole('button', { name: 'One more Part 1' }));
  await waitFor(() => expect(screen.getByTestId('cart-shipping')).toHaveTextContent(totalsText.free));
  expect(screen.getByTestId('cart-estimate')).toHaveTextContent('$150.00');
});
