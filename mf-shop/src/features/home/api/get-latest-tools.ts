import { HOME_LIST_SIZE, type Tool, type ToolPage, apiClient } from '@pcpp/contracts';

/** The latest parts, newest first: one small page instead of the whole catalog. */
export async function getLatestTools(_key: string, signal: AbortSignal): Promise<Tool[]> {
  const { data } = await apiClient.get<ToolPage>('/tools', {
    params: { sort: 'newest', limit: HOME_LIST_SIZE },
    signal,
  });
  return data.items;
}
