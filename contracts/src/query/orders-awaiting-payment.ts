import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { useAuth } from '../auth-store';
import { orderKeys } from './query-keys';

/**
 * Unpaid holds are the newest orders (they end within ORDER_HOLD_MINUTES), so the first page of
 * My Orders, newest first, holds them all.
 */
const NEWEST = 50;

/** The answer's check loads with the first read (only a signed-in page reads it). */
const orderPageSchema = () => import('../orders-schemas').then((orders) => orders.orderPageSchema);

/**
 * How many orders wait for payment, for the navbar: the lines of one checkout count once (they are
 * paid together); null while not known, or nobody is signed in.
 */
export function useOrdersAwaitingPayment(): number | null {
  const email = useAuth((s) => (s.status === 'signedIn' ? (s.user?.email ?? '') : ''));
  const query = useQuery({
    queryKey: [...orderKeys.mine(email), 'awaiting-payment'] as const,
    queryFn: ({ signal }) => api.get('/myorder', { query: { email, page: '1', limit: String(NEWEST) }, signal, answer: orderPageSchema }),
    enabled: email !== '',
    select: (page) => new Set(page.items.filter((order) => order.status === 'placed' && !order.paid).map((order) => order.checkoutId ?? order._id)).size,
  });
  return query.data ?? null;
}
