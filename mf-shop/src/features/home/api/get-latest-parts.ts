import { queryOptions } from '@tanstack/react-query';
import { getParsed, partKeys, usePageQuery } from '@pcpp/contracts';
import { type ApiPageAnswer, LATEST_PARTS_PATH } from '@pcpp/contracts/core';

/** GET /tools?sort=newest&limit=6: the latest parts, one small page instead of the whole catalog. */
export async function getLatestParts(signal?: AbortSignal): Promise<ApiPageAnswer<'/tools', 'get'>['items']> {
  // The answer's schema (and zod) load beside the request: home hydrated with the server's data never asks.
  const page = await getParsed(() => import('@pcpp/contracts/core').then((core) => core.partListSchema), LATEST_PARTS_PATH, { signal });
  return page.items;
}

export const latestPartsQuery = () =>
  queryOptions({ queryKey: partKeys.latest(), queryFn: ({ signal }) => getLatestParts(signal) });

export const useLatestParts = () => usePageQuery(latestPartsQuery());
