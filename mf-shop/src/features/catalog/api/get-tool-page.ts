import { CATALOG_PAGE_SIZE, DEFAULT_CATALOG_SORT, type ToolPage, apiClient } from '@pcpp/contracts';
import { parseCatalogSearch } from '../../../lib/catalog-url';

/** One catalog page for a URL query (the key), asked of the api with the same parameter names. */
export async function getToolPage(search: string, signal: AbortSignal): Promise<ToolPage> {
  const { category, q, sort = DEFAULT_CATALOG_SORT, page = 1 } = parseCatalogSearch(search);
  const { data } = await apiClient.get<ToolPage>('/tools', {
    params: { category, q, sort, page, limit: CATALOG_PAGE_SIZE },
    signal,
  });
  return data;
}
