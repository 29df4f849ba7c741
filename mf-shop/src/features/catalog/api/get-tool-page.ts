import { queryOptions } from '@tanstack/react-query';
import { catalogApiPath, getParsed, toolKeys, toolPageSchema, usePageQuery } from '@pcpp/contracts';
import { parseCatalogSearch } from '../../../lib/catalog-url';

/** GET /tools with the catalog's filters: one page for a URL query, asked with the same names. */
export async function getToolPage(search: string, signal?: AbortSignal) {
  // One spelling of the address, so the first page matches the preload index.html carries.
  return getParsed(toolPageSchema, catalogApiPath(parseCatalogSearch(search)), { signal });
}

/** The normalised query string is the key: equivalent URLs share one request. */
export const toolPageQuery = (search: string) =>
  queryOptions({ queryKey: toolKeys.page(search), queryFn: ({ signal }) => getToolPage(search, signal) });

export const useToolPage = (search: string) => usePageQuery(toolPageQuery(search));
