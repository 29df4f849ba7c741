import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { buildKeys, getParsed } from '@pcpp/contracts';
import { type ApiAnswer, BUILDS_PAGE_SIZE, buildSummarySchema, pageSchema } from '@pcpp/contracts/core';

const myBuildsSchema = pageSchema(buildSummarySchema);

/** GET /builds?mine=true: the signed-in account's saved builds, last saved first, a page at a time. */
export function getMyBuilds(page: number, signal?: AbortSignal): Promise<ApiAnswer<'/builds', 'get'>> {
  return getParsed(myBuildsSchema, '/builds', { params: { mine: 'true', page, limit: BUILDS_PAGE_SIZE }, signal });
}

export const myBuildsQuery = (email: string, page: number) =>
  queryOptions({ queryKey: buildKeys.mine(email, page), queryFn: ({ signal }) => getMyBuilds(page, signal) });

/** The previous page stays on screen while the next one loads. */
export const useMyBuilds = (email: string, page: number) => useQuery({ ...myBuildsQuery(email, page), placeholderData: keepPreviousData });
