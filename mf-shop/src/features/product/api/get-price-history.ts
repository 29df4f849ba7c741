import { queryOptions } from '@tanstack/react-query';
import { api, partKeys, usePageQuery } from '@pcpp/contracts';

/** GET /tools/{id}/price-history (public): the part's price changes, newest first. Under the part's key: what refreshes the part refreshes it. */
export const priceHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: [...partKeys.detail(id), 'price-history'] as const,
    queryFn: ({ signal }) =>
      api.get('/tools/{id}/price-history', { params: { id }, signal, answer: () => import('@pcpp/contracts/core').then((core) => core.priceChangeSchema.array()) }),
    staleTime: 60_000,
  });

export const usePriceHistory = (id: string) => usePageQuery(priceHistoryQuery(id));
