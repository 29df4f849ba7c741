import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, userKeys } from '@pcpp/contracts';
import { ADMIN_PAGE_SIZE, pageSchema, userSummarySchema } from '@pcpp/contracts/core';

const usersPageSchema = pageSchema(userSummarySchema);

/** GET /user (admin): accounts, newest first, searched by email, one page at a time. */
export function getUsers(params: { page: number; q?: string; limit?: number }, signal?: AbortSignal) {
  return api.get('/user', {
    query: { page: String(params.page), limit: String(params.limit ?? ADMIN_PAGE_SIZE), ...(params.q ? { q: params.q } : {}) },
    signal,
    answer: usersPageSchema,
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
