import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@pcpp/contracts/router';
import { ToastContainer } from 'react-toastify';
import { authStore } from '@pcpp/contracts';
import { type CartLineInput, type Part, priceCart, type SavedAddress, singleOrderText } from '@pcpp/contracts/core';
import { renderWithQueryClient, startApiTestServer, testCustomer, type TestAnswer } from '@pcpp/contracts/testing';
import { PurchasePage } from './purchase-page';

const id = '0123456789abcdef01234567';
const part: Part = {
  _id: id,
  name: 'Quiet Tower Cooler',
  img: '/images/parts/cooler.svg',
  description: 'A quiet single-tower cooler.',
  category: 'CPU Cooler',
  price: 4_999,
  p_quantity: 40,
  min_quantity: 3,
  version: 0,
};
const user = testCustomer;

let partAnswers: TestAnswer[];
let orderAnswer: TestAnswer;
let cartLines: CartLineInput[];
let saved: SavedAddress | undefined;
const cartAnswer = () => ({ body: priceCart(cartLines, (productId) => (productId === id ? part : undefined)) });
let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({
    [`GET /tools/${id}`]: () => (partAnswers.length > 1 ? partAnswers.shift()! : partAnswers[0]!),
    'POST /order': () => orderAnswer,
    // California's figures for one line of the form's quantity: the api's pricing, as the checkout's.
    'POST /checkout/quote': (request) => {
      const { lines, shippingMethod } = request.body as { lines: { quantity: number }[]; shippingMethod: string };
      const subtotal = part.price * lines[0]!.quantity;
      const shipping = shippingMethod === 'express' ? 2_499 : 999;
      const tax = Math.round(subtotal * 0.0725);
      return { body: { subtotal, shipping, tax, total: subtotal + shipping + tax, shippingMethod, shippingOptions: [], freeShippingOver: 99_900 } };
    },
    'GET /user/one': () => ({ body: { email: user.email, ...(saved ? { shippingAddress: saved } : {}) } }),
    'GET /cart': cartAnswer,
    'PUT /cart': (request) => {
      cartLines = (request.body as { lines: CartLineInput[] }).lines;
      return cartAnswer();
    },
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  partAnswers = [{ body: part }];
  cartLines = [];
  saved = undefined;
  act(() => authStore.getState().signedIn(user, { token: 'token', expiresAt: null }));
});

function renderAt(path: string) {
  return renderWithQueryClient(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/purchase/:id" element={<PurchasePage />} />
        <Route path="/" element={<h1>Home</h1>} />
      </Routes>
      <ToastContainer />
    </MemoryRouter>,
  );
}

const quantity = () => screen.getByLabelText('Quantity');
const orderNow = () => screen.getByRole('button', { name: 'Order Now' });
const orderPosts = () => api.requests.filter((r) => r.method === 'POST');

it('shows the part and a form that starts at the minimum order, with the running total', async () => {
  renderAt(`/purchase/${id}`);
  expect(screen.getByRole('status')).toHaveTextContent('Loading the part…');
  expect(await screen.findByRole('heading', { level: 1, name: part.name })).toBeInTheDocument();
  expect(document.title).toBe('Order Quiet Tower Cooler — PC PART PICKER');
  const details = screen.getByLabelText('Part details');
  expect(within(details).getByText('$49.99')).toBeInTheDocument();
  expect(within(details).getByText('40')).toBeInTheDocument();
  expect(screen.getByLabelText('Product name')).toHaveValue(part.name);
  expect(screen.getByLabelText('Email')).toHaveValue(user.email);
  expect(screen.getByLabelText('Per product price')).toHaveValue('$49.99');
  expect(quantity()).toHaveValue(3);
  expect(screen.getByTestId('order-total')).toHaveTextContent('$149.97');
  fireEvent.change(quantity(), { target: { value: '10' } });
  expect(screen.getByTestId('order-total')).toHaveTextContent('$499.90');
});

const california: SavedAddress = { fullName: 'Sam Lee', street: '1 Market Street', city: 'San Francisco', postalCode: '94103', country: 'US', region: 'CA', phone: '+1 415 555 0100' };
const oneLine = () => fireEvent.click(screen.getByRole('button', { name: singleOrderText.typeOnOneLine }));

it('fills the address’s fields and the phone from the saved address (one address book), and its line for the spec’s one-line address', async () => {
  saved = california;
  renderAt(`/purchase/${id}`);
  await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('San Francisco'));
  expect(screen.getByLabelText('Full name')).toHaveValue('Sam Lee');
  expect(screen.getByLabelText('State')).toHaveValue('CA');
  expect(screen.getByLabelText('Phone number')).toHaveValue('+1 415 555 0100');
  oneLine();
  expect(screen.getByLabelText('Address')).toHaveValue('Sam Lee, 1 Market Street, San Francisco, CA 94103, United States');
});

it('prices the order like a checkout before Order Now and places it with the address object and the shipping method', async () => {
  saved = california;
  orderAnswer = { status: 201, body: { insertedId: 'ffffffffffffffffffffffff', order: orderOf(3), figures: { subtotal: 14_997, shipping: 2_499, tax: 1_087, total: 18_583 }, addressNeeded: false } };
  renderAt(`/purchase/${id}`);
  await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('San Francisco'));
  fireEvent.click(screen.getByRole('radio', { name: /Express/ }));
  await waitFor(() => expect(screen.getByTestId('purchase-tax')).toHaveTextContent('$10.87'));
  expect(screen.getByTestId('purchase-subtotal')).toHaveTextContent('$149.97');
  expect(screen.getByTestId('purchase-shipping')).toHaveTextContent('$24.99');
  expect(screen.getByTestId('purchase-total')).toHaveTextContent('$185.83');
  // The spec's running total is the order's, shipping and tax included.
  expect(screen.getByTestId('order-total')).toHaveTextContent('$185.83');
  fireEvent.click(orderNow());
  expect(await screen.findByText('your order is placed.')).toBeInTheDocument();
  expect(orderPosts().find((request) => request.url === '/order')!.body).toEqual({ productId: id, order_quantity: 3, address: california, phone: california.phone, shippingMethod: 'express' });
});

it('says the spec messages and keeps Order Now disabled while the quantity is wrong', async () => {
  renderAt(`/purchase/${id}`);
  await screen.findByRole('heading', { level: 1, name: part.name });
  fireEvent.change(quantity(), { target: { value: '2' } });
  expect(await screen.findByText('Minimum order quantity at least 3')).toBeInTheDocument();
  expect(orderNow()).toBeDisabled();
  fireEvent.change(quantity(), { target: { value: '41' } });
  expect(await screen.findByText('Maximum order quantity 40')).toBeInTheDocument();
  expect(orderNow()).toBeDisabled();
  fireEvent.change(quantity(), { target: { value: '' } });
  expect(await screen.findByText('quantity is required')).toBeInTheDocument();
  fireEvent.change(quantity(), { target: { value: '4' } });
  await waitFor(() => expect(orderNow()).toBeEnabled());
  fireEvent.click(orderNow());
  // The address's fields say what is missing; the spec's one line says the spec's message.
  expect(await screen.findByText('phone number is required')).toBeInTheDocument();
  expect(screen.getByLabelText('City')).toHaveAccessibleDescription(/city/i);
  oneLine();
  fireEvent.click(orderNow());
  expect(await screen.findByText('address is required')).toBeInTheDocument();
  expect(orderPosts()).toHaveLength(0);
});

it('places the order with an idempotency key, toasts and goes home', async () => {
  orderAnswer = { status: 201, body: { insertedId: 'ffffffffffffffffffffffff', order: orderOf(4), figures: { subtotal: 19_996, shipping: 0, tax: 0, total: 19_996 }, addressNeeded: true } };
  renderAt(`/purchase/${id}`);
  await screen.findByRole('heading', { level: 1, name: part.name });
  fireEvent.change(quantity(), { target: { value: '4' } });
  oneLine();
  expect(screen.getByText(singleOrderText.oneLineNote)).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Address'), { target: { value: '1 Main St' } });
  fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '555 0100' } });
  fireEvent.click(orderNow());
  expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
  expect(await screen.findByText('your order is placed.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', '/checkout/eeeeeeeeeeeeeeeeeeeeeeee');
  const [post] = orderPosts();
  expect(post!.body).toEqual({ productId: id, order_quantity: 4, address: '1 Main St', phone: '555 0100' });
  expect(post!.authorization).toBe('Bearer token');
});

it('a 409 says how many are left and the page shows the fresh stock', async () => {
  partAnswers = [{ body: part }, { body: { ...part, p_quantity: 2 } }];
  orderAnswer = { status: 409, body: { message: 'Only 2 left in stock.', available: 2 } };
  renderAt(`/purchase/${id}`);
  await screen.findByRole('heading', { level: 1, name: part.name });
  oneLine();
  fireEvent.change(screen.getByLabelText('Address'), { target: { value: '1 Main St' } });
  fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '555 0100' } });
  fireEvent.click(orderNow());
  expect(await screen.findByText('Only 2 left in stock.')).toBeInTheDocument();
  // Two left is below the minimum of three: sold out for this part.
  expect(await screen.findByRole('heading', { name: 'Sold out' })).toBeInTheDocument();
  expect(screen.getByText(/Only 2 left, below the minimum order of 3/)).toBeInTheDocument();
});

it('an unknown or malformed id shows the not-found picture', async () => {
  partAnswers = [{ status: 404, body: { message: 'No part has this id' } }];
  const unknown = renderAt(`/purchase/${id}`);
  expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  unknown.unmount();
  renderAt('/purchase/not-an-id');
  expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  expect(api.requests.filter((r) => r.url.includes('not-an-id'))).toHaveLength(0);
});

it('Add to cart puts the form’s quantity in the cart instead, by the same rule, and stays on the page', async () => {
  cartLines = [{ productId: id, quantity: 35 }];
  renderAt(`/purchase/${id}`);
  await screen.findByRole('heading', { level: 1, name: part.name });
  expect(await screen.findByText(/35 already in your cart\./)).toBeInTheDocument();
  const addToCart = screen.getByRole('button', { name: 'Add to cart' });
  fireEvent.change(quantity(), { target: { value: '2' } });
  expect(await screen.findByText('Minimum order quantity at least 3')).toBeInTheDocument();
  expect(addToCart).toBeDisabled();
  // Six fit the stock of forty, but not beside the thirty-five in the cart.
  fireEvent.change(quantity(), { target: { value: '6' } });
  await waitFor(() => expect(addToCart).toBeEnabled());
  fireEvent.click(addToCart);
  expect(await screen.findByText('Maximum order quantity 5')).toBeInTheDocument();
  fireEvent.change(quantity(), { target: { value: '5' } });
  fireEvent.click(addToCart);
  expect(await screen.findByText('Quiet Tower Cooler is in your cart.')).toBeInTheDocument();
  expect(cartLines).toEqual([{ productId: id, quantity: 40 }]);
  // No order was placed, and the page stays.
  expect(orderPosts()).toHaveLength(0);
  expect(screen.getByRole('heading', { level: 1, name: part.name })).toBeInTheDocument();
});

function orderOf(quantity: number) {
  return {
    _id: 'ffffffffffffffffffffffff',
    number: 'PCP-7K3Q9D',
    checkoutId: 'eeeeeeeeeeeeeeeeeeeeeeee',
    productId: id,
    productName: part.name,
    email: user.email,
    name: 'Demo Customer',
    per_product_price: part.price,
    order_quantity: quantity,
    totalAmount: part.price * quantity,
    address: '1 Main St',
    phone: '555 0100',
    paid: false,
    status: 'placed',
    statusHistory: [{ status: 'placed', at: new Date().toISOString(), by: user.email }],
    createdAt: new Date().toISOString(),
  };
}
