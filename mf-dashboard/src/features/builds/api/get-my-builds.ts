import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, buildKeys } from '@pcpp/contracts';
import { BUILDS_PAGE_SIZE, buildSummarySchema, pageSchema } from '@pcpp/contracts/core';

const myBuildsSchema = pageSchema(buildSummarySchema);

/** GET /builds?mine=true: the signed-in account's saved builds, last saved first, a page at a time. */
export function getMyBuilds(page: number, signal?: AbortSignal) {
  return api.get('/builds', { query: { mine: 'true', page: String(page), limit: String(BUILDS_PAGE_SIZE) }, signal, answer: myBuildsSchema });
}

export const myBuildsQuery = (email: string, page: number) =>
  queryOptions({ queryKey: buildKeys.mine(email, page), queryFn: ({ signal }) => getMyBuilds(page, signal) });

/** The previous page stays on screen while the next one loads. */
export const useMyBuilds = (email: string, page: number) => useQuery({ ...myBuildsQuery(email, page), placeholderData: keepPreviousData });
