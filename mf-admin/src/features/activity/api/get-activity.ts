import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { activityKeys, getParsed } from '@pcpp/contracts';
import { ADMIN_PAGE_SIZE, activityEntrySchema, type ActivityKind, type ApiAnswer, pageSchema } from '@pcpp/contracts/core';

const activityPageSchema = pageSchema(activityEntrySchema);

/** Which entries: a page, of one kind, by admins whose email contains `actor`. */
export interface ActivitySearch {
  page: number;
  kind?: ActivityKind;
  actor?: string;
}

/** GET /activity (admin): what admins did, newest first, a page at a time. */
export function getActivity(search: ActivitySearch, signal?: AbortSignal): Promise<ApiAnswer<'/activity', 'get'>> {
  return getParsed(activityPageSchema, '/activity', {
    params: { page: search.page, limit: ADMIN_PAGE_SIZE, ...(search.kind ? { kind: search.kind } : {}), ...(search.actor ? { actor: search.actor } : {}) },
    signal,
  });
}

export const activityQuery = (search: ActivitySearch) =>
  queryOptions({ queryKey: activityKeys.list(search), queryFn: ({ signal }) => getActivity(search, signal) });

export const useActivity = (search: ActivitySearch) => useQuery({ ...activityQuery(search), placeholderData: keepPreviousData });
