import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE, activityEntrySchema, activityKeys, type ApiAnswer, getParsed, pageSchema } from '@pcpp/contracts';

const activityPageSchema = pageSchema(activityEntrySchema);

/** GET /activity (admin): what admins did, newest first, a page at a time. */
export function getActivity(page: number, signal?: AbortSignal): Promise<ApiAnswer<'/activity', 'get'>> {
  return getParsed(activityPageSchema, '/activity', { params: { page, limit: ADMIN_PAGE_SIZE }, signal });
}

export const activityQuery = (page: number) =>
  queryOptions({ queryKey: activityKeys.page(page), queryFn: ({ signal }) => getActivity(page, signal) });

export const useActivity = (page: number) => useQuery({ ...activityQuery(page), placeholderData: keepPreviousData });
