import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, orderKeys } from '@pcpp/contracts';
import { orderSchema } from '@pcpp/contracts/core';

/** GET /order/{id}: one order, for its owner (or an admin). */
export function getOrder(id: string, signal?: AbortSignal) {
  return api.get('/order/{id}', { params: { id }, signal, answer: orderSchema });
}

export const orderQuery = (id: string) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => getOrder(id, signal) });

export const useOrder = (id: string, enabled: boolean) => useQuery({ ...orderQuery(id), enabled });
