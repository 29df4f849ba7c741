import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE, type ApiPageAnswer, getParsed, partKeys, partListSchema } from '@pcpp/contracts';

/** GET /tools, newest first, a page at a time: the catalog's own paging. */
export function getParts(page: number, signal?: AbortSignal): Promise<ApiPageAnswer<'/tools', 'get'>> {
  return getParsed(partListSchema, '/tools', { params: { sort: 'newest', page, limit: ADMIN_PAGE_SIZE }, signal });
}

export const partsQuery = (page: number) =>
  queryOptions({ queryKey: partKeys.list({ page }), queryFn: ({ signal }) => getParts(page, signal) });

export const useParts = (page: number) => useQuery({ ...partsQuery(page), placeholderData: keepPreviousData });
