import { queryOptions } from '@tanstack/react-query';
import { ApiError, OBJECT_ID_PATTERN, getParsed, toolKeys, toolSchema, usePageQuery } from '@pcpp/contracts';

/**
 * GET /tools/{id} (public): one part, with its current stock, or null when there is no such part
 * (an answer the page shows, not a failure: the server renders it and the browser hydrates it as is).
 * The product and purchase pages both read it.
 */
export async function getTool(id: string, signal?: AbortSignal) {
  try {
    return await getParsed(toolSchema, `/tools/${encodeURIComponent(id)}`, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Stock changes as others buy: a part's page is never older than 10 s when it opens. */
export const toolQuery = (id: string) =>
  queryOptions({ queryKey: toolKeys.detail(id), queryFn: ({ signal }) => getTool(id, signal), staleTime: 10_000 });

/** A malformed id is never sent: the page shows not-found without asking. */
export function useTool(id: string) {
  const validId = OBJECT_ID_PATTERN.test(id);
  return { validId, tool: usePageQuery({ ...toolQuery(id), enabled: validId }) };
}
