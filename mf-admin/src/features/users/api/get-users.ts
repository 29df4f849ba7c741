import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed, userKeys } from '@pcpp/contracts';
import { ADMIN_PAGE_SIZE, type ApiPageAnswer, pageSchema, userSummarySchema } from '@pcpp/contracts/core';

const usersPageSchema = pageSchema(userSummarySchema);

/** GET /user (admin): accounts, newest first, searched by email, one page at a time. */
export function getUsers(params: { page: number; q?: string; limit?: number }, signal?: AbortSignal): Promise<ApiPageAnswer<'/user', 'get'>> {
  return getParsed(usersPageSchema, '/user', {
    params: { page: params.page, limit: params.limit ?? ADMIN_PAGE_SIZE, ...(params.q ? { q: params.q } : {}) },
    signal,
  });
}

export const usersQuery = (params: { page: number; q?: string }) =>
  queryOptions({ queryKey: userKeys.list(params), queryFn: ({ signal }) => getUsers(params, signal) });

export const useUsers = (params: { page: number; q?: string }) =>
  useQuery({ ...usersQuery(params), placeholderData: keepPreviousData });

/** How many accounts there are in all, whatever the search (the heading's count): a page of one. */
export const useUserCount = () =>
  useQuery({
    queryKey: userKeys.count(),
    queryFn: async ({ signal }) => (await getUsers({ page: 1, limit: 1 }, signal)).total,
  });
