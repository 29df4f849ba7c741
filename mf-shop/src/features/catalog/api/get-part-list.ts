import { queryOptions } from '@tanstack/react-query';
import { getParsed, partKeys, usePageQuery } from '@pcpp/contracts';
import { type ApiPageAnswer, catalogApiPath } from '@pcpp/contracts/core';
import { parseCatalogSearch } from '../../../lib/parse-catalog-search';

/** GET /tools with the catalog's filters: one page for a URL query, asked with the same names. */
export async function getPartList(search: string, signal?: AbortSignal): Promise<ApiPageAnswer<'/tools', 'get'>> {
  // One spelling of the address, so the first page matches the preload index.html carries.
  // The answer's schema (and zod) load beside the request: the catalog hydrated with the server's data never asks.
  return getParsed(() => import('@pcpp/contracts/core').then((core) => core.partListSchema), catalogApiPath(parseCatalogSearch(search)), { signal });
}

/** The normalised query string is the key: equivalent URLs share one request. */
export const partListQuery = (search: string) =>
  queryOptions({ queryKey: partKeys.page(search), queryFn: ({ signal }) => getPartList(search, signal) });

export const usePartList = (search: string) => usePageQuery(partListQuery(search));
