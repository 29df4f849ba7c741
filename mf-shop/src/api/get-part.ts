import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiAnswer, OBJECT_ID_PATTERN, getParsed, partKeys, partSchema } from '@pcpp/contracts';

/** GET /tools/{id} (public): one part, with its current stock. The product and purchase pages both read it. */
export function getPart(id: string, signal?: AbortSignal): Promise<ApiAnswer<'/tools/{id}', 'get'>> {
  return getParsed(partSchema, `/tools/${encodeURIComponent(id)}`, { signal });
}

/** Stock changes as others buy: a part's page is never older than 10 s when it opens. */
export const partQuery = (id: string) =>
  queryOptions({ queryKey: partKeys.detail(id), queryFn: ({ signal }) => getPart(id, signal), staleTime: 10_000 });

/** A malformed id is never sent: the page shows not-found without asking. */
export function usePart(id: string) {
  const validId = OBJECT_ID_PATTERN.test(id);
  return { validId, part: useQuery({ ...partQuery(id), enabled: validId }) };
}
