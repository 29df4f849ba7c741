import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiPageAnswer, LATEST_PARTS_PATH, getParsed, partKeys, partListSchema } from '@pcpp/contracts';

/** GET /tools?sort=newest&limit=6: the latest parts, one small page instead of the whole catalog. */
export async function getLatestParts(signal?: AbortSignal): Promise<ApiPageAnswer<'/tools', 'get'>['items']> {
  const page = await getParsed(partListSchema, LATEST_PARTS_PATH, { signal });
  return page.items;
}

export const latestPartsQuery = () =>
  queryOptions({ queryKey: partKeys.latest(), queryFn: ({ signal }) => getLatestParts(signal) });

export const useLatestParts = () => useQuery(latestPartsQuery());
