import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, orderKeys } from '@pcpp/contracts';
import { ADMIN_PAGE_SIZE, type OrderListSort, type OrderProgress, orderSummarySchema, pageSchema } from '@pcpp/contracts/core';

const ordersPageSchema = pageSchema(orderSummarySchema);

/** The All Orders search as the address holds it, so a reload or a shared link keeps it. */
export interface OrderSearch {
  page: number;
  q?: string;
  /** The order's state (unpaid, paid, partly shipped, …), not a line's. */
  status?: OrderProgress;
  /** Days, YYYY-MM-DD, both included. */
  from?: string;
  to?: string;
  sort?: OrderListSort;
}

/** A day the admin picked (YYYY-MM-DD, their own time zone) as the moment it starts, `days` later. */
function startOfDay(day: string, days = 0): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + days).toISOString();
}

/** The search's days as the api's [from, to) instants (the admin's own days, both included). */
export function placedRange(search: Pick<OrderSearch, 'from' | 'to'>): { from?: string; to?: string } {
  return {
    ...(search.from ? { from: startOfDay(search.from) } : {}),
    ...(search.to ? { to: startOfDay(search.to, 1) } : {}),
  };
}

/**
 * GET /orders (admin): one page of the orders (one row each, however many lines) matching the
 * search, newest first unless asked otherwise. The days are the admin's own: from the start of
 * `from` to the end of `to`.
 */
export function getOrders(search: OrderSearch, signal?: AbortSignal) {
  return api.get('/orders', {
    query: {
      page: String(search.page),
      limit: String(ADMIN_PAGE_SIZE),
      ...(search.status ? { status: search.status } : {}),
      ...(search.q ? { q: search.q } : {}),
      ...placedRange(search),
      ...(search.sort === 'oldest' ? { sort: 'oldest' as const } : {}),
    },
    signal,
    answer: ordersPageSchema,
  });
}

export const ordersQuery = (search: OrderSearch) =>
  queryOptions({ queryKey: orderKeys.wholeList(search), queryFn: ({ signal }) => getOrders(search, signal) });

export const useOrders = (search: OrderSearch) => useQuery({ ...ordersQuery(search), placeholderData: keepPreviousData });
