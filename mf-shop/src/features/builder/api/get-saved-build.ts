import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiAnswer, OBJECT_ID_PATTERN, buildKeys, getParsed, savedBuildSchema } from '@pcpp/contracts';

/** GET /builds/{id} (public): a saved build with each slot's part as the catalog has it now. */
export function getSavedBuild(id: string, signal?: AbortSignal): Promise<ApiAnswer<'/builds/{id}', 'get'>> {
  return getParsed(savedBuildSchema, `/builds/${encodeURIComponent(id)}`, { signal });
}

export const savedBuildQuery = (id: string) =>
  queryOptions({ queryKey: buildKeys.detail(id), queryFn: ({ signal }) => getSavedBuild(id, signal), staleTime: 10_000 });

/** A malformed id is never sent. */
export function useSavedBuild(id: string | undefined) {
  const validId = id !== undefined && OBJECT_ID_PATTERN.test(id);
  return { validId, build: useQuery({ ...savedBuildQuery(id ?? ''), enabled: validId }) };
}
