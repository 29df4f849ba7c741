import { useQueries, useQuery } from '@tanstack/react-query';
import { ApiError, cartQuery, useAuth, useVisitorCartLines } from '@pcpp/contracts';
import { type Cart, type Part, priceCart } from '@pcpp/contracts/core';
import { partQuery } from './get-part';

export type PricedCart =
  | { status: 'pending' }
  | { status: 'error'; error: unknown; retry: () => void }
  | { status: 'success'; cart: Cart };

/**
 * The cart with today's prices and stock: a signed-in customer's as the api prices it (GET /cart);
 * a visitor's lines priced here with each part as the api serves it (GET /tools/{id}, the same
 * query as the part's own page) and the same rule. Never a price the browser kept.
 */
export function usePricedCart(): PricedCart {
  const status = useAuth((s) => s.status);
  const email = useAuth((s) => s.user?.email ?? '');
  const signedIn = status === 'signedIn' && email !== '';
  const account = useQuery({ ...cartQuery(email), enabled: signedIn });
  const visitorLines = useVisitorCartLines();
  const parts = useQueries({
    queries: (status === 'signedOut' ? (visitorLines ?? []) : []).map((line) => partQuery(line.productId)),
  });

  if (signedIn) {
    if (account.isSuccess) return { status: 'success', cart: account.data };
    if (account.isError) return { status: 'error', error: account.error, retry: () => void account.refetch() };
    return { status: 'pending' };
  }
  // Signed out: the visitor's lines once this browser's stored cart is checked.
  if (status !== 'signedOut' || !visitorLines) return { status: 'pending' };
  // A part that is gone (404) is a line flagged as no longer sold; any other failure is the page's.
  const failed = parts.find((part) => part.isError && !(part.error instanceof ApiError && part.error.status === 404));
  if (failed) return { status: 'error', error: failed.error, retry: () => parts.forEach((part) => part.isError && void part.refetch()) };
  if (parts.some((part) => part.isPending)) return { status: 'pending' };
  const byId = new Map<string, Part>(parts.flatMap((part) => (part.data ? [[part.data._id, part.data] as const] : [])));
  return { status: 'success', cart: priceCart(visitorLines, (id) => byId.get(id)) };
}
