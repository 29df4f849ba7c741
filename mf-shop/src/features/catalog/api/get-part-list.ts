import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiPageAnswer, catalogApiPath, getParsed, partKeys, partListSchema } from '@pcpp/contracts';
import { parseCatalogSearch } from '../../../lib/catalog-url';

/** GET /tools with the catalog's filters: one page for a URL query, asked with the same names. */
export async function getPartList(search: string, signal?: AbortSignal): Promise<ApiPageAnswer<'/tools', 'get'>> {
  // One spelling of the address, so the first page matches the preload index.html carries.
  return getParsed(partListSchema, catalogApiPath(parseCatalogSearch(search)), { signal });
}

/** The normalised query string is the key: equivalent URLs share one request. */
export const partListQuery = (search: string) =>
  queryOptions({ queryKey: partKeys.page(search), queryFn: ({ signal }) => getPartList(search, signal) });

export const usePartList = (search: string) => useQuery(partListQuery(search));
