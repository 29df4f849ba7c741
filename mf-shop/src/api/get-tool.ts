import { queryOptions } from '@tanstack/react-query';
import { OBJECT_ID_PATTERN, getParsed, toolKeys, toolSchema, usePageQuery } from '@pcpp/contracts';

/** GET /tools/{id} (public): one part, with its current stock. The product and purchase pages both read it. */
export function getTool(id: string, signal?: AbortSignal) {
  return getParsed(toolSchema, `/tools/${encodeURIComponent(id)}`, { signal });
}

/** Stock changes as others buy: a part's page is never older than 10 s when it opens. */
export const toolQuery = (id: string) =>
  queryOptions({ queryKey: toolKeys.detail(id), queryFn: ({ signal }) => getTool(id, signal), staleTime: 10_000 });

/** A malformed id is never sent: the page shows not-found without asking. */
export function useTool(id: string) {
  const validId = OBJECT_ID_PATTERN.test(id);
  return { validId, tool: usePageQuery({ ...toolQuery(id), enabled: validId }) };
}
