import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@pcpp/contracts/router';
import { authStore } from '@pcpp/contracts';
import {
  addressText,
  type CartLineInput,
  type CheckoutQuoteInput,
  checkoutPageText,
  checkoutText,
  formatDeliveryDate,
  priceCart,
  type SavedAddress,
  totalsText,
} from '@pcpp/contracts/core';
import { type RecordedRequest, renderWithQueryClient, startApiTestServer, testCustomer, testPart } from '@pcpp/contracts/testing';
import { CheckoutPage } from './checkout-page';

const part = testPart;
const parts = [part(1), part(2, { p_quantity: 1 })];
const customer = testCustomer;
const uk: SavedAddress = { fullName: 'Sam Lee', street: '12 Harbour Road', city: 'Portsmouth', postalCode: 'PO1 3AX', country: 'GB', phone: '+44 7700 900123' };
const california: SavedAddress = { fullName: 'Sam Lee', street: '1 Market Street', city: 'San Francisco', postalCode: '94103', country: 'US', region: 'CA', phone: '+1 415 555 0100' };

// The test api's table: California 7.25 %, Oregon none, the UK 20 % on the lines and the shipping.
const rates: Record<string, number> = { CA: 0.0725, OR: 0, GB: 0.2 };
function quoteOf(input: CheckoutQuoteInput) {
  const subtotal = input.lines.reduce((sum, line) => sum + (parts.find((p) => p._id === line.productId)?.price ?? 0) * line.quantity, 0);
  const method = input.shippingMethod ?? 'standard';
  const options = [
    { method: 'standard' as const, amount: subtotal >= 10_000 ? 0 : 999, deliveryFrom: '2026-12-02', deliveryTo: '2026-12-04' },
    { method: 'express' as const, amount: 2_499, deliveryFrom: '2026-11-30', deliveryTo: '2026-12-01' },
  ];
  const shipping = options.find((o) => o.method === method)!.amount;
  const rate = rates[input.address.region ?? input.address.country] ?? 0;
  const tax = Math.round(subtotal * rate) + (input.address.country === 'GB' ? Math.round(shipping * rate) : 0);
  return { subtotal, shipping, tax, total: subtotal + shipping + tax, shippingMethod: method, shippingOptions: options, freeShippingOver: 10_000 };
}

let lines: CartLineInput[];
let saved: SavedAddress | undefined;
let quoteFails: false | 400 | 503 = false;
let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({
    'GET /cart': () => ({ body: priceCart(lines, (id) => parts.find((p) => p._id === id)) }),
    'GET /user/one': () => ({ body: { email: customer.email, ...(saved ? { shippingAddress: saved } : {}) } }),
    'POST /checkout/quote': (request) =>
      quoteFails === 400
        ? { status: 400, body: { message: totalsText.cardMinimum } }
        : quoteFails
          ? { status: 503, body: { message: 'Try again later' } }
          : { body: quoteOf(request.body as CheckoutQuoteInput) },
  });
});
afterAll(() => api.close());
beforeEach(() => {
  quoteFails = false;
  api.requests.length = 0;
  act(() => authStore.getState().signedIn(customer, { token: 'token', expiresAt: null }));
});

const quotes = () => api.requests.filter((r) => r.method === 'POST' && r.url === '/checkout/quote').map((r: RecordedRequest) => r.body as CheckoutQuoteInput);

const renderCheckout = () =>
  renderWithQueryClient(
    <MemoryRouter initialEntries={['/checkout']}>
      <Routes>
        <Route path="/checkout" element={<CheckoutPage />} />
      </Routes>
    </MemoryRouter>,
  );

it('offers the saved address, prices shipping and tax for it, and without a payment provider places nothing', async () => {
  lines = [{ productId: parts[0]!._id, quantity: 3 }];
  saved = uk;
  renderCheckout();
  expect(await screen.findByLabelText('Street and house number')).toHaveValue('12 Harbour Road');
  expect(screen.getByLabelText('Full name')).toHaveValue('Sam Lee');
  expect(screen.getByLabelText('Country')).toHaveValue('GB');
  expect(screen.getByLabelText('Phone number')).toHaveValue('+44 7700 900123');
  // No state to choose outside the US.
  expect(screen.queryByLabelText('State')).not.toBeInTheDocument();
  // $30.00 of parts, Standard $9.99, UK VAT 20 % on both: $8.00.
  expect(await screen.findByTestId('checkout-total')).toHaveTextContent('$47.99');
  expect(screen.getByTestId('checkout-subtotal')).toHaveTextContent('$30.00');
  expect(screen.getByTestId('checkout-shipping')).toHaveTextContent('$9.99');
  expect(screen.getByTestId('checkout-tax')).toHaveTextContent('$8.00');
  expect(quotes()).toEqual([{ lines, address: uk, shippingMethod: 'standard' }]);
  const standard = screen.getByTestId('shipping-standard');
  expect(within(standard).getByRole('radio')).toBeChecked();
  expect(standard).toHaveTextContent(`Standard${totalsText.arrives('2026-12-02', '2026-12-04')}$9.99`);
  expect(standard).toHaveTextContent(`Arrives ${formatDeliveryDate('2026-12-02')} – ${formatDeliveryDate('2026-12-04')}`);
  expect(screen.getByTestId('shipping-express')).toHaveTextContent('$24.99');
  expect(await screen.findByText(/Card payments are unavailable right now/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /^Place order and pay \(\$47\.99\)/ })).toBeDisabled();
  expect(api.requests.filter((r) => r.method === 'POST' && r.url !== '/checkout/quote')).toEqual([]);
});

it('asks a US address for its state, and asks again when the state or the method changes (Oregon has no sales tax)', async () => {
  lines = [{ productId: parts[0]!._id, quantity: 12 }];
  saved = california;
  renderCheckout();
  expect(await screen.findByLabelText('State')).toHaveValue('CA');
  // $120.00 of parts: Standard is free from $100; California's tax 7.25 % = $8.70.
  expect(await screen.findByTestId('checkout-tax')).toHaveTextContent('$8.70');
  expect(screen.getByTestId('checkout-shipping')).toHaveTextContent(totalsText.free);
  expect(screen.getByText(totalsText.freeOver(10_000))).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('State'), { target: { value: 'OR' } });
  await waitFor(() => expect(screen.getByTestId('checkout-tax')).toHaveTextContent('$0.00'));
  expect(screen.getByTestId('checkout-total')).toHaveTextContent('$120.00');
  fireEvent.click(within(screen.getByTestId('shipping-express')).getByRole('radio'));
  await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$144.99'));
  expect(quotes().map((q) => [q.address.region, q.shippingMethod])).toEqual([
    ['CA', 'standard'],
    ['OR', 'standard'],
    ['OR', 'express'],
  ]);
});

it('refuses a UK postcode for a US address with the sentence naming the form, and asks no quote for it', async () => {
  lines = [{ productId: parts[0]!._id, quantity: 1 }];
  saved = undefined;
  renderCheckout();
  const postalCode = await screen.findByLabelText('Postal code');
  expect(screen.getByLabelText('Country')).toHaveValue('US');
  expect(screen.getByText(checkoutPageText.quoteNeedsAddress)).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Street and house number'), { target: { value: '10 Downing Street' } });
  fireEvent.change(screen.getByLabelText('City'), { target: { value: 'London' } });
  fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '+44 20 7946 0958' } });
  fireEvent.change(screen.getByLabelText('State'), { target: { value: 'NY' } });
  fireEvent.change(postalCode, { target: { value: 'SW1A 2AA' } });
  fireEvent.blur(postalCode);
  expect(await screen.findByText(addressText.postalCodeFor('US', '94103'))).toBeInTheDocument();
  expect(postalCode).toHaveAttribute('aria-invalid', 'true');
  // The country, once right, makes it a whole address: the quote is asked for the UK.
  fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'GB' } });
  expect(await screen.findByTestId('checkout-tax')).toBeInTheDocument();
  expect(quotes().map((q) => [q.address.country, q.address.postalCode, q.address.region])).toEqual([['GB', 'SW1A 2AA', undefined]]);
});

it('says so when shipping and tax cannot be worked out', async () => {
  lines = [{ productId: parts[0]!._id, quantity: 1 }];
  saved = california;
  quoteFails = 503;
  renderCheckout();
  expect(await screen.findByText(totalsText.quoteFailed)).toHaveAttribute('role', 'alert');
  expect(screen.queryByTestId('checkout-total')).not.toBeInTheDocument();
});

it('says the api’s sentence when the parts come to less than the card minimum', async () => {
  lines = [{ productId: parts[0]!._id, quantity: 1 }];
  saved = california;
  quoteFails = 400;
  renderCheckout();
  expect(await screen.findByText(totalsText.cardMinimum)).toHaveAttribute('role', 'alert');
  expect(screen.queryByText(totalsText.quoteFailed)).not.toBeInTheDocument();
});

it('shows an unverified customer the verify banner first, and says why the button waits', async () => {
  lines = [{ productId: parts[0]!._id, quantity: 1 }];
  saved = california;
  act(() => authStore.getState().signedIn({ ...customer, emailVerified: false }, { token: 'token', expiresAt: null }));
  renderCheckout();
  const banner = await screen.findByRole('region', { name: 'Verify your email' });
  expect(banner).toHaveTextContent(checkoutText.verifyBeforePaying);
  expect(within(banner).getByRole('button', { name: checkoutPageText.resendLink })).toBeEnabled();
  expect(within(banner).queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
  // Before anything to fill in.
  expect(banner.compareDocumentPosition(screen.getByLabelText('Full name')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  const place = screen.getByRole('button', { name: /^Place order and pay/ });
  expect(place).toBeDisabled();
  expect(place).toHaveAccessibleDescription(checkoutText.placeDisabledUnverified);
});

it('sends back to the cart while a line cannot be ordered, and says when the cart is empty', async () => {
  saved = uk;
  lines = [{ productId: parts[1]!._id, quantity: 2 }];
  const blocked = renderCheckout();
  expect(await screen.findByText(checkoutText.fixCart)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: checkoutText.backToCart })).toHaveAttribute('href', '/cart');
  blocked.unmount();
  lines = [];
  renderCheckout();
  expect(await screen.findByText(checkoutText.emptyCart)).toBeInTheDocument();
});
