import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed, partKeys } from '@pcpp/contracts';
import { ADMIN_PAGE_SIZE, type ApiPageAnswer, partListSchema } from '@pcpp/contracts/core';

/** GET /tools, newest first, a page at a time: the catalog's own paging. */
export function getParts(page: number, signal?: AbortSignal): Promise<ApiPageAnswer<'/tools', 'get'>> {
  return getParsed(partListSchema, '/tools', { params: { sort: 'newest', page, limit: ADMIN_PAGE_SIZE }, signal });
}

export const partsQuery = (page: number) =>
  queryOptions({ queryKey: partKeys.list({ page }), queryFn: ({ signal }) => getParts(page, signal) });

export const useParts = (page: number) => useQuery({ ...partsQuery(page), placeholderData: keepPreviousData });
