import { queryOptions, useQuery } from '@tanstack/react-query';
import { CATALOG_PAGE_SIZE, DEFAULT_CATALOG_SORT, getParsed, toolKeys, toolPageSchema } from '@pcpp/contracts';
import { parseCatalogSearch } from '../../../lib/catalog-url';

/** GET /tools with the catalog's filters: one page for a URL query, asked with the same names. */
export async function getToolPage(search: string, signal?: AbortSignal) {
  const { category, q, sort = DEFAULT_CATALOG_SORT, page = 1 } = parseCatalogSearch(search);
  return getParsed(toolPageSchema, '/tools', {
    params: { category, q, sort, page, limit: CATALOG_PAGE_SIZE },
    signal,
  });
}

/** The normalised query string is the key: equivalent URLs share one request. */
export const toolPageQuery = (search: string) =>
  queryOptions({ queryKey: toolKeys.page(search), queryFn: ({ signal }) => getToolPage(search, signal) });

export const useToolPage = (search: string) => useQuery(toolPageQuery(search));
