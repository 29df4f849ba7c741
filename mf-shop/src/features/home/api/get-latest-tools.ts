import { queryOptions } from '@tanstack/react-query';
import { LATEST_TOOLS_PATH, getParsed, toolKeys, toolPageSchema, usePageQuery } from '@pcpp/contracts';

/** GET /tools?sort=newest&limit=6: the latest parts, one small page instead of the whole catalog. */
export async function getLatestTools(signal?: AbortSignal) {
  const page = await getParsed(toolPageSchema, LATEST_TOOLS_PATH, { signal });
  return page.items;
}

export const latestToolsQuery = () =>
  queryOptions({ queryKey: toolKeys.latest(), queryFn: ({ signal }) => getLatestTools(signal) });

export const useLatestTools = () => usePageQuery(latestToolsQuery());
