import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { api } from '../api-client';
import { authStore, useAuth } from '../auth-store';
import { type Cart, priceCart } from '../cart';
import type { CartLineInput } from '../cart-schemas';
import { userKeys } from './query-keys';

// The cart, for the shell's navbar and the shop's pages alike: a visitor's lives in this browser
// (localStorage), a signed-in customer's in the api (GET/PUT /cart), and at sign-in the first is
// added to the second once (POST /cart/merge).

/** Where a visitor's cart is kept in this browser. */
export const VISITOR_CART_KEY = 'pcppVisitorCart';

export interface VisitorCart {
  /** This browser cart's id: the merge's Idempotency-Key, so it is added to an account once. */
  id: string;
  lines: CartLineInput[];
  /**
   * True while the cart kept in this browser is being read and checked: its lines are not known yet
   * (and nothing is written over it meanwhile).
   */
  pending?: boolean;
}

/** The cart's schemas (and zod) load with the first check or answer, not with the page. */
const cartSchemas = () => import(/* webpackChunkName: "cart-schemas" */ '../cart-schemas');

const newVisitorCart = (): VisitorCart => ({ id: crypto.randomUUID(), lines: [] });

function storedVisitorCart(): string | null {
  try {
    return globalThis.localStorage?.getItem(VISITOR_CART_KEY) ?? null;
  } catch {
    // No storage (a privacy setting).
    return null;
  }
}

/**
 * The cart kept in this browser, checked against the api's own cart schema. Anything else (edited by
 * hand, an older shape) starts a new cart rather than breaking the page. Rejects only when the check
 * itself cannot load (offline): the stored cart then stays as it is.
 */
async function readVisitorCart(stored: string | null): Promise<VisitorCart> {
  if (stored === null) return newVisitorCart();
  let value: { id?: unknown; lines?: unknown } | null;
  try {
    value = JSON.parse(stored) as { id?: unknown; lines?: unknown } | null;
  } catch {
    return newVisitorCart();
  }
  const { cartInputSchema } = await cartSchemas();
  const lines = cartInputSchema.safeParse({ lines: value?.lines });
  const id = value?.id;
  return typeof id === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(id) && lines.success ? { id, lines: lines.data.lines } : newVisitorCart();
}

function storeVisitorCart(cart: VisitorCart): void {
  if (cart.pending) return;
  try {
    if (cart.lines.length === 0) globalThis.localStorage?.removeItem(VISITOR_CART_KEY);
    else globalThis.localStorage?.setItem(VISITOR_CART_KEY, JSON.stringify({ id: cart.id, lines: cart.lines }));
  } catch {
    // Private mode or full: the cart lives in memory for this page.
  }
}

const initiallyStored = storedVisitorCart();

/**
 * The visitor's cart, one per page (contracts is a singleton), following other tabs. A page with no
 * stored cart knows it at once; a stored one is pending until checked.
 */
export const visitorCartStore = createStore<VisitorCart>()(() => (initiallyStored === null ? newVisitorCart() : { ...newVisitorCart(), pending: true }));
visitorCartStore.subscribe((cart) => storeVisitorCart(cart));

let storedCartCheck: Promise<void> | null = null;

/** Reads and checks the stored cart into the store: one check at a time (a failed one is tried again by the next). */
function checkStoredVisitorCart(stored: string | null): Promise<void> {
  storedCartCheck ??= readVisitorCart(stored)
    .then((cart) => visitorCartStore.setState(cart, true))
    .finally(() => {
      storedCartCheck = null;
    });
  return storedCartCheck;
}

/** The visitor's cart once known: a change waits for the stored cart's check. */
async function knownVisitorCart(): Promise<void> {
  if (visitorCartStore.getState().pending) await checkStoredVisitorCart(storedVisitorCart());
}

if (initiallyStored !== null) void checkStoredVisitorCart(initiallyStored).catch(() => undefined);
globalThis.addEventListener?.('storage', (event) => {
  if (event.key !== VISITOR_CART_KEY) return;
  void readVisitorCart(event.newValue)
    .then((cart) => visitorCartStore.setState(cart, true))
    .catch(() => undefined);
});

/** The visitor's lines in this browser (what a signed-out person's cart holds); undefined while being checked. */
export function useVisitorCartLines(): CartLineInput[] | undefined {
  return useStore(visitorCartStore, (cart) => (cart.pending ? undefined : cart.lines));
}

const cartAnswer = async () => (await cartSchemas()).cartSchema;

/** GET /cart: the signed-in customer's cart, priced by the database. */
export function getCart(signal?: AbortSignal) {
  return api.get('/cart', { signal, answer: cartAnswer });
}

/** PUT /cart: the whole list of lines; the answer is the cart as stored, priced. */
export function putCart(lines: CartLineInput[]) {
  return api.put('/cart', { body: { lines }, answer: cartAnswer });
}

/** POST /cart/merge: this browser's cart added to the account's, once per visitor cart id. */
export function mergeCart(visitor: VisitorCart) {
  return api.post('/cart/merge', { body: { lines: visitor.lines }, headers: { 'Idempotency-Key': visitor.id }, answer: cartAnswer });
}

export const cartQuery = (email: string) =>
  queryOptions({ queryKey: userKeys.cart(email), queryFn: ({ signal }) => getCart(signal), staleTime: 30_000 });

const linesOf = (cart: Cart): CartLineInput[] => cart.lines.map(({ productId, quantity }) => ({ productId, quantity }));

/**
 * The lines of the cart of whoever is here: the account's (from the api) or the visitor's;
 * undefined while that is not known yet (the session is being restored, or the cart loads).
 */
export function useCartLines(): CartLineInput[] | undefined {
  const status = useAuth((s) => s.status);
  const email = useAuth((s) => s.user?.email);
  const visitorLines = useVisitorCartLines();
  const account = useQuery({ ...cartQuery(email ?? ''), enabled: status === 'signedIn' && Boolean(email) });
  if (status === 'signedOut') return visitorLines;
  if (status === 'signedIn' && account.data) return linesOf(account.data);
  return undefined;
}

/** How many parts are in the cart, for the navbar; null while not known. */
export function useCartCount(): number | null {
  return useCartLines()?.length ?? null;
}

/** A change to the cart's lines, made on the lines as they are when it runs. */
export type CartChange = (lines: CartLineInput[]) => CartLineInput[];

/** Adds `quantity` of a part (a new line at the end, or more of a line already there). */
export const addToCartChange =
  (productId: string, quantity: number): CartChange =>
  (lines) =>
    lines.some((line) => line.productId === productId)
      ? lines.map((line) => (line.productId === productId ? { ...line, quantity: line.quantity + quantity } : line))
      : [...lines, { productId, quantity }];

/** Adds several lines at once (a PC build): each as Add to cart would. */
export const addLinesChange =
  (added: readonly CartLineInput[]): CartChange =>
  (lines) =>
    added.reduce((current, line) => addToCartChange(line.productId, line.quantity)(current), lines);

export const setQuantityChange =
  (productId: string, quantity: number): CartChange =>
  (lines) =>
    lines.map((line) => (line.productId === productId ? { ...line, quantity } : line));

/** One more (+1) or one fewer (-1) of a part, on the quantity the cart holds when the change runs. */
export const stepQuantityChange =
  (productId: string, delta: 1 | -1): CartChange =>
  (lines) =>
    lines.map((line) => (line.productId === productId ? { ...line, quantity: Math.max(1, line.quantity + delta) } : line));

export const removeLineChange =
  (productId: string): CartChange =>
  (lines) =>
    lines.filter((line) => line.productId !== productId);

/** The account's cart now: the cached one, or the api's. */
async function currentAccountCart(queryClient: QueryClient, email: string): Promise<Cart> {
  return queryClient.getQueryData(userKeys.cart(email)) ?? queryClient.fetchQuery(cartQuery(email));
}

/**
 * Changes the cart: the visitor's at once, the account's through PUT /cart. Changes run one after
 * another (one mutation scope), each on the lines the one before left, so quick clicks add up. The
 * account's cart shows the change at once, priced with the parts it knows, and the api's answer
 * then replaces it (or the cart is read again when the write failed).
 */
export function useCartChange() {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: 'cart' },
    mutationFn: async (change: CartChange): Promise<Cart | null> => {
      const { status, user } = authStore.getState();
      if (status !== 'signedIn' || !user) {
        await knownVisitorCart();
        visitorCartStore.setState((cart) => ({ ...cart, lines: change(cart.lines) }));
        return null;
      }
      const key = userKeys.cart(user.email);
      const before = await currentAccountCart(queryClient, user.email);
      const lines = change(linesOf(before));
      const parts = new Map(before.lines.flatMap((line) => (line.part ? [[line.productId, line.part] as const] : [])));
      queryClient.setQueryData<Cart>(key, priceCart(lines, (id) => parts.get(id)));
      try {
        const saved = await putCart(lines);
        queryClient.setQueryData(key, saved);
        return saved;
      } catch (error) {
        await queryClient.invalidateQueries({ queryKey: key });
        throw error;
      }
    },
  });
}

let mergeInFlight: Promise<void> | null = null;

/**
 * Once someone is signed in, adds this browser's visitor cart to their account's and empties it
 * (a failed merge keeps it, to try at the next sign-in or page load). The shell runs this once.
 */
export function useVisitorCartMerge(): void {
  const queryClient = useQueryClient();
  const status = useAuth((s) => s.status);
  const email = useAuth((s) => s.user?.email);
  const pending = useStore(visitorCartStore, (cart) => !cart.pending && cart.lines.length > 0);
  useEffect(() => {
    if (status !== 'signedIn' || !email || !pending || mergeInFlight) return;
    const visitor = visitorCartStore.getState();
    mergeInFlight = mergeCart(visitor)
      .then(async (cart) => {
        // A read of the account's cart sent before the merge was stored answers the cart without the
        // visitor's lines, possibly after the merge's answer: dropped, so the merged cart stays.
        await queryClient.cancelQueries({ queryKey: userKeys.cart(email) });
        queryClient.setQueryData(userKeys.cart(email), cart);
        // Parts added meanwhile (in another tab) stay for the next merge, under a new id.
        const merged = new Set(visitor.lines.map((line) => line.productId));
        visitorCartStore.setState((now) => ({ ...newVisitorCart(), lines: now.lines.filter((line) => !merged.has(line.productId)) }), true);
      })
      .catch(() => undefined)
      .finally(() => {
        mergeInFlight = null;
      });
  }, [status, email, pending, queryClient]);
}
