import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE, type ApiPageAnswer, getParsed, orderKeys, orderSchema, pageSchema, type OrderStatus } from '@pcpp/contracts';

const ordersPageSchema = pageSchema(orderSchema);

/** GET /order (admin): every order, newest first, optionally of one status, a page at a time. */
export function getOrders(params: { page: number; status?: OrderStatus }, signal?: AbortSignal): Promise<ApiPageAnswer<'/order', 'get'>> {
  return getParsed(ordersPageSchema, '/order', {
    params: { page: params.page, limit: ADMIN_PAGE_SIZE, ...(params.status ? { status: params.status } : {}) },
    signal,
  });
}

export const ordersQuery = (params: { page: number; status?: OrderStatus }) =>
  queryOptions({ queryKey: orderKeys.list(params), queryFn: ({ signal }) => getOrders(params, signal) });

export const useOrders = (params: { page: number; status?: OrderStatus }) =>
  useQuery({ ...ordersQuery(params), placeholderData: keepPreviousData });
