/** @jest-environment jsdom */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { authStore } from '../auth-store';
import { type Cart, priceCart } from '../cart';
import type { CartLineInput } from '../cart-schemas';
import type { Part } from '../entities';
import { renderWithQueryClient, startApiTestServer, testCustomer, testObjectId as id, testPart } from '../testing';
import { addToCartChange, useCartChange, useCartCount, useVisitorCartMerge, VISITOR_CART_KEY, visitorCartStore } from './cart';
import type * as CartModule from './cart';

const part = (n: number): Part => testPart(n, { p_quantity: 50 });
const customer = testCustomer;

let accountLines: CartLineInput[];
const priced = (lines: CartLineInput[]): Cart => priceCart(lines, (productId) => part(parseInt(productId, 16)));
let api: Awaited<ReturnType<typeof startApiTestServer>>;

beforeAll(async () => {
  api = await startApiTestServer({
    'GET /cart': () => ({ body: priced(accountLines) }),
    'PUT /cart': (request) => {
      accountLines = (request.body as { lines: CartLineInput[] }).lines;
      return { body: priced(accountLines) };
    },
    'POST /cart/merge': (request) => {
      for (const line of (request.body as { lines: CartLineInput[] }).lines) accountLines = addToCartChange(line.productId, line.quantity)(accountLines);
      return { body: priced(accountLines) };
    },
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  accountLines = [];
  act(() => {
    authStore.getState().signedOut();
    visitorCartStore.setState({ id: 'visitor-cart-1', lines: [] }, true);
  });
});

function Shop() {
  useVisitorCartMerge();
  const count = useCartCount();
  const change = useCartChange();
  return (
    <>
      <p data-testid="count">{count === null ? 'unknown' : count}</p>
      <button type="button" onClick={() => change.mutate(addToCartChange(id(1), 2))}>add one</button>
      <button type="button" onClick={() => change.mutate(addToCartChange(id(2), 1))}>add two</button>
    </>
  );
}

it('keeps a visitor’s cart in this browser, without asking the api', () => {
  renderWithQueryClient(<Shop />);
  expect(screen.getByTestId('count')).toHaveTextContent('0');
  fireEvent.click(screen.getByText('add one'));
  fireEvent.click(screen.getByText('add one'));
  fireEvent.click(screen.getByText('add two'));
  return waitFor(() => {
    expect(screen.getByTestId('count')).toHaveTextContent('2');
    expect(JSON.parse(localStorage.getItem(VISITOR_CART_KEY)!)).toEqual({
      id: 'visitor-cart-1',
      lines: [
        { productId: id(1), quantity: 4 },
        { productId: id(2), quantity: 1 },
      ],
    });
    expect(api.requests).toEqual([]);
  });
});

it('adds the visitor’s cart to the account’s once at sign-in, then keeps the cart in the api', async () => {
  accountLines = [{ productId: id(3), quantity: 1 }];
  renderWithQueryClient(<Shop />);
  fireEvent.click(screen.getByText('add one'));
  await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('1'));

  act(() => authStore.getState().signedIn(customer, { token: 'token', expiresAt: null }));
  await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('2'));
  const merge = api.requests.find((r) => r.method === 'POST')!;
  expect(merge).toMatchObject({ url: '/cart/merge', authorization: 'Bearer token', body: { lines: [{ productId: id(1), quantity: 2 }] } });
  // The browser's cart is emptied: it is the account's now.
  await waitFor(() => expect(localStorage.getItem(VISITOR_CART_KEY)).toBeNull());
  expect(api.requests.filter((r) => r.url === '/cart/merge')).toHaveLength(1);

  // Quick clicks each build on the one before.
  fireEvent.click(screen.getByText('add two'));
  fireEvent.click(screen.getByText('add two'));
  await waitFor(() => expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(2));
  expect(accountLines).toEqual([
    { productId: id(3), quantity: 1 },
    { productId: id(1), quantity: 2 },
    { productId: id(2), quantity: 2 },
  ]);
  expect(screen.getByTestId('count')).toHaveTextContent('3');
  expect(visitorCartStore.getState().lines).toEqual([]);
});

describe('a cart kept in this browser', () => {
  const stored = (cart: unknown) => localStorage.setItem(VISITOR_CART_KEY, JSON.stringify(cart));
  afterEach(() => localStorage.clear());

  /** The cart module as a page that starts with this storage loads it (as it is right after loading). */
  function freshCartModule(): typeof CartModule {
    let module: typeof CartModule | undefined;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded synchronously, as a page loads it
      module = require('./cart') as typeof CartModule;
    });
    return module!;
  }

  it('is not known until it is checked, then its lines are the cart', async () => {
    stored({ id: 'stored-cart', lines: [{ productId: id(4), quantity: 3 }] });
    const { visitorCartStore: store } = freshCartModule();
    expect(store.getState().pending).toBe(true);
    await waitFor(() => expect(store.getState()).toEqual({ id: 'stored-cart', lines: [{ productId: id(4), quantity: 3 }] }));
    // Nothing was written over it meanwhile.
    expect(JSON.parse(localStorage.getItem(VISITOR_CART_KEY)!)).toEqual({ id: 'stored-cart', lines: [{ productId: id(4), quantity: 3 }] });
  });

  it('starts a new cart when what is stored does not fit the cart schema', async () => {
    stored({ id: 'edited-by-hand', lines: [{ productId: id(4), quantity: 0 }] });
    const { visitorCartStore: store } = freshCartModule();
    await waitFor(() => expect(store.getState().pending).toBeUndefined());
    expect(store.getState().lines).toEqual([]);
    expect(store.getState().id).not.toBe('edited-by-hand');
    expect(localStorage.getItem(VISITOR_CART_KEY)).toBeNull();
  });

  it('is known at once when nothing is stored', async () => {
    const { visitorCartStore: store } = freshCartModule();
    expect(store.getState().pending).toBeUndefined();
    expect(store.getState().lines).toEqual([]);
  });

  it('shows no count while it is checked, and a change made meanwhile adds to the stored lines', async () => {
    stored({ id: 'stored-cart', lines: [{ productId: id(2), quantity: 1 }] });
    act(() => visitorCartStore.setState({ id: 'unknown-yet', lines: [], pending: true }, true));
    renderWithQueryClient(<Shop />);
    expect(screen.getByTestId('count')).toHaveTextContent('unknown');
    fireEvent.click(screen.getByText('add one'));
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('2'));
    expect(JSON.parse(localStorage.getItem(VISITOR_CART_KEY)!)).toEqual({
      id: 'stored-cart',
      lines: [
        { productId: id(2), quantity: 1 },
        { productId: id(1), quantity: 2 },
      ],
    });
  });

  it('follows another tab: its cart is checked, then shown', async () => {
    renderWithQueryClient(<Shop />);
    const lines = [{ productId: id(5), quantity: 1 }, { productId: id(6), quantity: 2 }];
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: VISITOR_CART_KEY, newValue: JSON.stringify({ id: 'other-tab', lines }) }));
    });
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('2'));
    expect(visitorCartStore.getState()).toEqual({ id: 'other-tab', lines });
  });
});
