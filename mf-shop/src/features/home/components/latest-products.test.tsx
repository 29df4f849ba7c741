import { act, fireEvent, screen, within } from '@testing-library/react';
import { authStore, visitorCartStore } from '@pcpp/contracts';
import { MemoryRouter } from '@pcpp/contracts/router';
import { cartText } from '@pcpp/contracts/core';
import { renderWithQueryClient, startApiTestServer, type TestAnswer, testObjectId, testPart } from '@pcpp/contracts/testing';
import { LatestProducts } from './latest-products';

const part = (n: number) => testPart(n, { img: `/images/parts/${n}.svg`, description: `Description ${n}`, p_quantity: 50, min_quantity: 2, version: 0 });

let answer: TestAnswer;
let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({ 'GET /tools': () => answer });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
});

const renderHome = () =>
  renderWithQueryClient(
    <MemoryRouter>
      <LatestProducts />
    </MemoryRouter>,
  );

it('asks the api for the six newest parts and shows them after a spinner', async () => {
  answer = { body: { items: [1, 2, 3, 4, 5, 6].map(part), total: 18, page: 1, pages: 3, facets: [] } };
  renderHome();
  expect(screen.getByRole('status')).toHaveTextContent('Loading the latest parts…');
  const grid = await screen.findByRole('list', { name: 'Latest parts' });
  expect(within(grid).getAllByRole('listitem')).toHaveLength(6);
  // Each name opens the part's own page; Purchase goes to the spec's purchase page.
  expect(within(grid).getByRole('link', { name: 'Part 1' })).toHaveAttribute('href', `/products/${testObjectId(1)}`);
  expect(within(grid).getAllByRole('link', { name: 'Purchase' })[0]).toHaveAttribute('href', `/purchase/${testObjectId(1)}`);
  expect(api.requests.map((r) => r.url)).toEqual(['/tools?sort=newest&limit=6']);
  // Below the hero: each picture loads as it nears the screen, off the first paint.
  // (The pictures repeat each name's link for the mouse only: hidden from assistive technology.)
  const pictures = grid.querySelectorAll('img');
  expect(pictures).toHaveLength(6);
  for (const picture of pictures) {
    expect(picture).toHaveAttribute('loading', 'lazy');
    expect(picture).toHaveAttribute('decoding', 'async');
  }
});

it('says why a load failed and Retry asks again', async () => {
  answer = { status: 400, body: { message: 'sort must be one of: newest' } };
  renderHome();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('We could not load our products.');
  expect(alert).toHaveTextContent('sort must be one of: newest');
  // A client mistake is not retried on its own.
  expect(api.requests).toHaveLength(1);

  answer = { body: { items: [part(7)], total: 1, page: 1, pages: 1, facets: [] } };
  fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('link', { name: 'Part 7' })).toBeInTheDocument();
  expect(api.requests).toHaveLength(2);
});

it('an answer of the wrong shape is a failure with a sentence, not a crash', async () => {
  answer = { body: [{ name: 'the plain array instead of a page' }] };
  renderHome();
  expect(await screen.findByRole('alert')).toHaveTextContent('The server sent an answer this page does not understand.');
});

it('an empty catalog says so', async () => {
  answer = { body: { items: [], total: 0, page: 1, pages: 0, facets: [] } };
  renderHome();
  expect(await screen.findByText('No parts are on sale yet. Please come back soon.')).toBeInTheDocument();
});

it('each card adds its minimum order to the cart, then links to the cart', async () => {
  act(() => {
    authStore.getState().signedOut();
    visitorCartStore.setState({ id: 'visitor', lines: [] }, true);
  });
  answer = { body: { items: [1, 2].map(part), total: 2, page: 1, pages: 1, facets: [] } };
  renderHome();
  const grid = await screen.findByRole('list', { name: 'Latest parts' });
  const [first] = within(grid).getAllByRole('listitem');
  fireEvent.click(within(first!).getByRole('button', { name: cartText.addPartToCart(part(1).name) }));
  expect(await within(first!).findByRole('link', { name: cartText.partInCartLink(part(1).name, 2) })).toHaveAttribute('href', '/cart');
  expect(visitorCartStore.getState().lines).toEqual([{ productId: testObjectId(1), quantity: 2 }]);
  // The other card still offers it.
  expect(within(grid).getAllByRole('button', { name: /^Add .+ to cart$/ })).toHaveLength(1);
  expect(within(grid).getByRole('button', { name: cartText.addPartToCart(part(2).name) })).toBeEnabled();
});
