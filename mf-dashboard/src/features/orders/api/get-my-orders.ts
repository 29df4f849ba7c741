import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getParsed, orderKeys } from '@pcpp/contracts';
import { type ApiAnswer, orderSchema } from '@pcpp/contracts/core';

const myOrdersSchema = z.array(orderSchema);
/** The plain call's answer: an array (GET /myorder answers a page only when asked for one). */
type MyOrders = Extract<ApiAnswer<'/myorder', 'get'>, unknown[]>;

/** An order the customer deleted is kept by the api (cancelled, reason 'deleted') but gone for them. */
const deletedByCustomer = (order: MyOrders[number]) =>
  order.status === 'cancelled' && order.statusHistory.at(-1)?.reason === 'deleted';

/** GET /myorder?email= : the signed-in customer's own orders, newest first. */
export async function getMyOrders(email: string, signal?: AbortSignal): Promise<MyOrders> {
  const orders = await getParsed(myOrdersSchema, '/myorder', { params: { email }, signal });
  return orders.filter((order) => !deletedByCustomer(order));
}

export const myOrdersQuery = (email: string) =>
  queryOptions({ queryKey: orderKeys.mine(email), queryFn: ({ signal }) => getMyOrders(email, signal) });

export const useMyOrders = (email: string) => useQuery(myOrdersQuery(email));
