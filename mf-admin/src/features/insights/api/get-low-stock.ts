import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, insightsKeys } from '@pcpp/contracts';
import { ADMIN_PAGE_SIZE, lowStockAnswerSchema } from '@pcpp/contracts/core';

/** GET /admin/low-stock (admin): parts at or below the threshold or running out within 14 days, a page at a time. */
export function getLowStock(page: number, signal?: AbortSignal) {
  return api.get('/admin/low-stock', { query: { page: String(page), limit: String(ADMIN_PAGE_SIZE) }, signal, answer: lowStockAnswerSchema });
}

export const lowStockQuery = (page: number) =>
  queryOptions({ queryKey: insightsKeys.lowStock(page), queryFn: ({ signal }) => getLowStock(page, signal) });

export const useLowStock = (page: number) => useQuery({ ...lowStockQuery(page), placeholderData: keepPreviousData });
