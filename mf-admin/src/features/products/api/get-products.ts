import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE, getParsed, toolKeys, toolPageSchema } from '@pcpp/contracts';

/** GET /tools, newest first, a page at a time: the catalog's own paging. */
export function getProducts(page: number, signal?: AbortSignal) {
  return getParsed(toolPageSchema, '/tools', { params: { sort: 'newest', page, limit: ADMIN_PAGE_SIZE }, signal });
}

export const productsQuery = (page: number) =>
  queryOptions({ queryKey: toolKeys.list({ page }), queryFn: ({ signal }) => getProducts(page, signal) });

export const useProducts = (page: number) => useQuery({ ...productsQuery(page), placeholderData: keepPreviousData });
