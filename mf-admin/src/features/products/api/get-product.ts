import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, partKeys } from '@pcpp/contracts';
import { partSchema } from '@pcpp/contracts/core';

/** GET /tools/{id}: the part as it is now, with the version an edit starts from. */
export function getPart(id: string, signal?: AbortSignal) {
  return api.get('/tools/{id}', { params: { id }, signal, answer: partSchema });
}

// The shop's own key for one part: its pages and this form share what was loaded.
export const partQuery = (id: string) => queryOptions({ queryKey: partKeys.detail(id), queryFn: ({ signal }) => getPart(id, signal) });

export const usePart = (id: string) => useQuery(partQuery(id));
