import { queryOptions } from '@tanstack/react-query';
import { api, partKeys, usePageQuery } from '@pcpp/contracts';
import { LATEST_PARTS_QUERY } from '@pcpp/contracts/core';

/** GET /tools?sort=newest&limit=6: the latest parts, one small page instead of the whole catalog. */
export async function getLatestParts(signal?: AbortSignal) {
  // The answer's schema (and zod) load beside the request: home hydrated with the server's data never asks.
  const page = await api.get('/tools', { query: LATEST_PARTS_QUERY, signal, answer: () => import('@pcpp/contracts/core').then((core) => core.partListSchema) });
  return page.items;
}

export const latestPartsQuery = () =>
  queryOptions({ queryKey: partKeys.latest(), queryFn: ({ signal }) => getLatestParts(signal) });

export const useLatestParts = () => usePageQuery(latestPartsQuery());
