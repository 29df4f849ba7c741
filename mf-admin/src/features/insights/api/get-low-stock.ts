import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed, insightsKeys } from '@pcpp/contracts';
import { ADMIN_PAGE_SIZE, type ApiAnswer, lowStockAnswerSchema } from '@pcpp/contracts/core';

/** GET /admin/low-stock (admin): parts at or below the threshold or running out within 14 days, a page at a time. */
export function getLowStock(page: number, signal?: AbortSignal): Promise<ApiAnswer<'/admin/low-stock', 'get'>> {
  return getParsed(lowStockAnswerSchema, '/admin/low-stock', { params: { page, limit: ADMIN_PAGE_SIZE }, signal });
}

export const lowStockQuery = (page: number) =>
  queryOptions({ queryKey: insightsKeys.lowStock(page), queryFn: ({ signal }) => getLowStock(page, signal) });

export const useLowStock = (page: number) => useQuery({ ...lowStockQuery(page), placeholderData: keepPreviousData });
