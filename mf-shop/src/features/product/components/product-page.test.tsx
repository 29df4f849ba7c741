import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { MemoryRouter, Route, Routes, useLocation } from '@pcpp/contracts/router';
import { authStore, visitorCartStore } from '@pcpp/contracts';
import { type Part } from '@pcpp/contracts/core';
import { renderWithQueryClient, startApiTestServer, testCustomer, type TestAnswer } from '@pcpp/contracts/testing';
import { ProductPage } from './product-page';

const id = '0123456789abcdef01234567';
const part: Part = {
  _id: id,
  name: 'Quiet Tower Cooler',
  img: '/images/parts/cooler.svg',
  description: 'A quiet single-tower cooler with a 120 mm fan.',
  category: 'CPU Cooler',
  price: 4_999,
  p_quantity: 40,
  min_quantity: 3,
  version: 0,
};
const user = testCustomer;

let answers: TestAnswer[];
let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({ [`GET /tools/${id}`]: () => (answers.length > 1 ? answers.shift()! : answers[0]!) });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  answers = [{ body: part }];
  document.title = 'Before';
  act(() => {
    authStore.getState().signedOut();
    visitorCartStore.setState({ id: 'visitor', lines: [] }, true);
  });
});

/** Where a link led, and the router state it carried. */
function Landing() {
  const location = useLocation();
  return (
    <output aria-label="landing">
      {location.pathname}
      {location.search} {JSON.stringify(location.state)}
    </output>
  );
}

function renderAt(path: string) {
  return renderWithQueryClient(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/products/:id" element={<ProductPage />} />
        <Route path="*" element={<Landing />} />
      </Routes>
      <ToastContainer />
    </MemoryRouter>,
  );
}

const landing = () => screen.getByRole('status', { name: 'landing' });

it('shows a spinner, then the part: picture, description, price, stock, minimum order; titled by its name', async () => {
  renderAt(`/products/${id}`);
  expect(screen.getByRole('status')).toHaveTextContent('Loading the part…');
  expect(await screen.findByRole('heading', { level: 1, name: part.name })).toBeInTheDocument();
  expect(screen.getByRole('img', { name: part.name })).toHaveAttribute('src', expect.stringMatching(/\/images\/parts\/cooler\.svg$/));
  expect(screen.getByText(part.description)).toBeInTheDocument();
  const facts = screen.getByLabelText('Price and stock');
  expect(within(facts).getByText('$49.99')).toBeInTheDocument();
  expect(within(facts).getByText('40')).toBeInTheDocument();
  expect(within(facts).getByText('3')).toBeInTheDocument();
  expect(document.title).toBe('Quiet Tower Cooler — PC PART PICKER');
  expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', part.description);
  // Asked without a token: the page is public.
  expect(api.requests).toEqual([expect.objectContaining({ url: `/tools/${id}`, authorization: undefined })]);
});

it('links its category to the catalog filtered to it', async () => {
  renderAt(`/products/${id}`);
  const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' });
  expect(within(trail).getByRole('link', { name: 'All Products' })).toHaveAttribute('href', '/products');
  fireEvent.click(within(trail).getByRole('link', { name: 'CPU Cooler' }));
  expect(landing()).toHaveTextContent('/products?category=CPU%20Cooler');
});

it('Purchase leads a customer straight to the purchase page', async () => {
  act(() => authStore.getState().signedIn(user, { token: 'token', expiresAt: null }));
  renderAt(`/products/${id}`);
  fireEvent.click(await screen.findByRole('link', { name: 'Purchase' }));
  expect(landing()).toHaveTextContent(`/purchase/${id} null`);
});

it('Purchase sends a visitor to log in, saying why and where to come back to', async () => {
  renderAt(`/products/${id}`);
  const purchase = await screen.findByRole('link', { name: 'Purchase' });
  // Its address stays the purchase page (a new tab reaches it through the shell's access gate).
  expect(purchase).toHaveAttribute('href', `/purchase/${id}`);
  fireEvent.click(purchase);
  expect(landing()).toHaveTextContent(
    `/login ${JSON.stringify({ from: { pathname: `/purchase/${id}`, search: '', hash: '' }, reason: 'Log in to order Quiet Tower Cooler' })}`,
  );
});

it('a sold-out part says so instead of offering Purchase', async () => {
  answers = [{ body: { ...part, p_quantity: 2 } }];
  renderAt(`/products/${id}`);
  expect(await screen.findByRole('heading', { name: 'Sold out' })).toBeInTheDocument();
  expect(screen.getByText(/Only 2 left, below the minimum order of 3/)).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Purchase' })).toBeNull();
});

it('an unknown id and a malformed one show the not-found page, titled so', async () => {
  answers = [{ status: 404, body: { message: 'Part not found' } }];
  const unknown = renderAt(`/products/${id}`);
  expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  expect(document.title).toBe('Page not found — PC PART PICKER');
  unknown.unmount();
  renderAt('/products/not-an-id');
  expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  expect(api.requests.filter((r) => r.url.includes('not-an-id'))).toHaveLength(0);
});

it('a failing api says so, and Retry asks again', async () => {
  answers = [{ status: 503, body: { message: 'Service unavailable' } }];
  renderAt(`/products/${id}`);
  // A 5xx is tried once more (1.5 s later) before the page says so.
  const alert = await screen.findByRole('alert', {}, { timeout: 4_000 });
  expect(alert).toHaveTextContent('We could not load this part.');
  expect(alert).toHaveTextContent('Service unavailable');
  expect(api.requests).toHaveLength(2);
  answers = [{ body: part }];
  fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { level: 1, name: part.name })).toBeInTheDocument();
  expect(api.requests).toHaveLength(3);
});

it('Add to cart puts the quantity in the cart, with the purchase form’s rule and counting what the cart holds', async () => {
  renderAt(`/products/${id}`);
  const quantity = await screen.findByRole('spinbutton', { name: 'Quantity' });
  expect(quantity).toHaveValue(3);
  fireEvent.change(quantity, { target: { value: '2' } });
  expect(screen.getByText('Minimum order quantity at least 3')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  fireEvent.change(quantity, { target: { value: '41' } });
  expect(screen.getByText('Maximum order quantity 40')).toBeInTheDocument();
  fireEvent.change(quantity, { target: { value: '30' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
  expect(await screen.findByText('Quiet Tower Cooler is in your cart.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
  expect(visitorCartStore.getState().lines).toEqual([{ productId: id, quantity: 30 }]);
  await waitFor(() => expect(screen.getByText('30 already in your cart.')).toBeInTheDocument());

  // Thirty in the cart, forty in stock: at most ten more.
  fireEvent.change(quantity, { target: { value: '11' } });
  expect(screen.getByText('Maximum order quantity 10')).toBeInTheDocument();
  fireEvent.change(quantity, { target: { value: '10' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
  await waitFor(() => expect(visitorCartStore.getState().lines).toEqual([{ productId: id, quantity: 40 }]));
  fireEvent.change(quantity, { target: { value: '3' } });
  expect(screen.getByText('All 40 in stock are in your cart already.')).toBeInTheDocument();
  // A visitor's cart stays in the browser.
  expect(api.requests.filter((r) => r.url.startsWith('/cart'))).toEqual([]);
});

it('shows the spec table, or says a part without specs is not checked; and links to the builder with the part', async () => {
  answers = [{ body: { ...part, specs: { sockets: ['AM5', 'LGA1700'], type: 'Air', heightMM: 155, ratedTdpW: 150 } } }];
  const { unmount } = renderAt(`/products/${id}`);
  const table = await screen.findByRole('table');
  expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
    'Supported socketsAM5, LGA1700',
    'TypeAir',
    'Height155 mm',
    'Rated TDP150 W',
  ]);
  expect(screen.getByRole('link', { name: 'Plan a PC build with this part' })).toHaveAttribute('href', `/builder?b=cooler-${id}`);
  unmount();

  answers = [{ body: part }];
  renderAt(`/products/${id}?again`);
  expect(await screen.findByText('This part has no structured specs: specs unknown, not checked by the PC Builder.')).toBeInTheDocument();
  expect(screen.queryByRole('table')).toBeNull();
});
