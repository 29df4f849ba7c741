import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, orderKeys } from '@pcpp/contracts';
import { orderDetailSchema } from '@pcpp/contracts/core';

/** GET /orders/{number}: one whole order, as it is now. */
export const orderQuery = (number: string) =>
  queryOptions({
    queryKey: orderKeys.whole(number),
    queryFn: ({ signal }) => api.get('/orders/{number}', { params: { number }, signal, answer: orderDetailSchema }),
  });

export const useOrder = (number: string) => useQuery(orderQuery(number));
