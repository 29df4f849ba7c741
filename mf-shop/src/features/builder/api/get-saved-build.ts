import { queryOptions } from '@tanstack/react-query';
import { api, buildKeys, usePageQuery } from '@pcpp/contracts';
import { OBJECT_ID_PATTERN } from '@pcpp/contracts/core';

/** GET /builds/{id} (public): a saved build with each slot's part as the catalog has it now. */
export function getSavedBuild(id: string, signal?: AbortSignal) {
  // The answer's schema (and zod) load beside the request: a page hydrated with the server's data never asks.
  return api.get('/builds/{id}', { params: { id }, signal, answer: () => import('@pcpp/contracts/core').then((core) => core.savedBuildSchema) });
}

export const savedBuildQuery = (id: string) =>
  queryOptions({ queryKey: buildKeys.detail(id), queryFn: ({ signal }) => getSavedBuild(id, signal), staleTime: 10_000 });

/** A malformed id is never sent. On the shell's server the page waits for the build (a shared link's preview names its parts). */
export function useSavedBuild(id: string | undefined) {
  const validId = id !== undefined && OBJECT_ID_PATTERN.test(id);
  return { validId, build: usePageQuery({ ...savedBuildQuery(id ?? ''), enabled: validId }) };
}
