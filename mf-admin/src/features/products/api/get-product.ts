import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed, partKeys } from '@pcpp/contracts';
import { type ApiAnswer, partSchema } from '@pcpp/contracts/core';

/** GET /tools/{id}: the part as it is now, with the version an edit starts from. */
export function getPart(id: string, signal?: AbortSignal): Promise<ApiAnswer<'/tools/{id}', 'get'>> {
  return getParsed(partSchema, `/tools/${encodeURIComponent(id)}`, { signal });
}

// The shop's own key for one part: its pages and this form share what was loaded.
export const partQuery = (id: string) => queryOptions({ queryKey: partKeys.detail(id), queryFn: ({ signal }) => getPart(id, signal) });

export const usePart = (id: string) => useQuery(partQuery(id));
