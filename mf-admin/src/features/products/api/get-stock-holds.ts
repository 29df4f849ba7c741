import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, orderKeys } from '@pcpp/contracts';
import { stockHoldsAnswerSchema } from '@pcpp/contracts/core';

/** GET /stock-holds?ids=… (admin): units unpaid orders hold, per part of one table page (at most 50). */
export function getStockHolds(partIds: readonly string[], signal?: AbortSignal) {
  return api.get('/stock-holds', { query: { ids: partIds.join(',') }, signal, answer: stockHoldsAnswerSchema });
}

export const stockHoldsQuery = (partIds: readonly string[]) =>
  queryOptions({
    queryKey: orderKeys.stockHolds(partIds),
    queryFn: ({ signal }) => getStockHolds(partIds, signal),
    enabled: partIds.length > 0,
  });

/** Held units by part id, once loaded. */
export function useStockHolds(partIds: readonly string[]) {
  return useQuery({
    ...stockHoldsQuery(partIds),
    select: (answer) => new Map(answer.holds.map((hold) => [hold.productId, hold])),
  });
}
