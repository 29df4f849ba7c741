import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed, toolKeys, toolSchema } from '@pcpp/contracts';

/** GET /tools/{id} (bearer): one part, with its current stock. */
export function getTool(id: string, signal?: AbortSignal) {
  return getParsed(toolSchema, `/tools/${encodeURIComponent(id)}`, { signal });
}

/** Stock changes as others buy: a purchase page is never older than 10 s when it opens. */
export const toolQuery = (id: string) =>
  queryOptions({ queryKey: toolKeys.detail(id), queryFn: ({ signal }) => getTool(id, signal), staleTime: 10_000 });

export const useTool = (id: string, enabled: boolean) => useQuery({ ...toolQuery(id), enabled });
