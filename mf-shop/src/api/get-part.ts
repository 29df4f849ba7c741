import { queryOptions } from '@tanstack/react-query';
import { api, ApiError, partKeys, usePageQuery } from '@pcpp/contracts';
import { type ApiAnswer, OBJECT_ID_PATTERN } from '@pcpp/contracts/core';

/**
 * GET /tools/{id} (public): one part, with its current stock, or null when there is no such part
 * (an answer the page shows, not a failure: the server renders it and the browser hydrates it as is).
 * The product and purchase pages both read it.
 */
export async function getPart(id: string, signal?: AbortSignal): Promise<ApiAnswer<'/tools/{id}', 'get'> | null> {
  try {
    // The answer's schema (and zod) load beside the request: a page hydrated with the server's data never asks.
    return await api.get('/tools/{id}', { params: { id }, signal, answer: () => import('@pcpp/contracts/core').then((core) => core.partSchema) });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Stock changes as others buy: a part's page is never older than 10 s when it opens. */
export const partQuery = (id: string) =>
  queryOptions({ queryKey: partKeys.detail(id), queryFn: ({ signal }) => getPart(id, signal), staleTime: 10_000 });

/** A malformed id is never sent: the page shows not-found without asking. */
export function usePart(id: string) {
  const validId = OBJECT_ID_PATTERN.test(id);
  return { validId, part: usePageQuery({ ...partQuery(id), enabled: validId }) };
}
