import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed, orderKeys } from '@pcpp/contracts';
import { type ApiAnswer, orderSchema } from '@pcpp/contracts/core';

/** GET /order/{id}: one order, for its owner (or an admin). */
export function getOrder(id: string, signal?: AbortSignal): Promise<ApiAnswer<'/order/{id}', 'get'>> {
  return getParsed(orderSchema, `/order/${encodeURIComponent(id)}`, { signal });
}

export const orderQuery = (id: string) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => getOrder(id, signal) });

export const useOrder = (id: string, enabled: boolean) => useQuery({ ...orderQuery(id), enabled });
