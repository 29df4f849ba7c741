import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, orderKeys } from '@pcpp/contracts';
import { orderSummarySchema, pageSchema } from '@pcpp/contracts/core';

const myOrdersPageSchema = pageSchema(orderSummarySchema);

/** GET /orders/mine: the signed-in customer's orders, one row each, newest first, a page at a time. */
export const myOrdersQuery = (email: string, page: number) =>
  queryOptions({
    queryKey: orderKeys.wholeMine(email, page),
    queryFn: ({ signal }) => api.get('/orders/mine', { query: { page: String(page) }, signal, answer: myOrdersPageSchema }),
    placeholderData: keepPreviousData,
  });

export const useMyOrders = (email: string, page: number) => useQuery(myOrdersQuery(email, page));
