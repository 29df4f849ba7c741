import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { activityKeys, api } from '@pcpp/contracts';
import { ADMIN_PAGE_SIZE, activityEntrySchema, type ActivityKind, pageSchema } from '@pcpp/contracts/core';

const activityPageSchema = pageSchema(activityEntrySchema);

/** Which entries: a page, of one kind, by admins whose email contains `actor`. */
export interface ActivitySearch {
  page: number;
  kind?: ActivityKind;
  actor?: string;
}

/** GET /activity (admin): what admins did, newest first, a page at a time. */
export function getActivity(search: ActivitySearch, signal?: AbortSignal) {
  return api.get('/activity', {
    query: { page: String(search.page), limit: String(ADMIN_PAGE_SIZE), ...(search.kind ? { kind: search.kind } : {}), ...(search.actor ? { actor: search.actor } : {}) },
    signal,
    answer: activityPageSchema,
  });
}

export const activityQuery = (search: ActivitySearch) =>
  queryOptions({ queryKey: activityKeys.list(search), queryFn: ({ signal }) => getActivity(search, signal) });

export const useActivity = (search: ActivitySearch) => useQuery({ ...activityQuery(search), placeholderData: keepPreviousData });
