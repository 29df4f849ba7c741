import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getParsed, orderKeys, orderSchema } from '@pcpp/contracts';

const myOrdersSchema = z.array(orderSchema);

/** GET /myorder?email= : the signed-in customer's own orders, newest first. */
export function getMyOrders(email: string, signal?: AbortSignal) {
  return getParsed(myOrdersSchema, '/myorder', { params: { email }, signal });
}

export const myOrdersQuery = (email: string) =>
  queryOptions({ queryKey: orderKeys.mine(email), queryFn: ({ signal }) => getMyOrders(email, signal) });

export const useMyOrders = (email: string) => useQuery(myOrdersQuery(email));
