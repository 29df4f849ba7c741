import { queryOptions } from '@tanstack/react-query';
import { api, partKeys, usePageQuery } from '@pcpp/contracts';
import { catalogApiQuery } from '@pcpp/contracts/core';
import { parseCatalogSearch } from '../../../lib/parse-catalog-search';

/** GET /tools with the catalog's filters: one page for a URL query, asked with the same names. */
export async function getPartList(search: string, signal?: AbortSignal) {
  // One spelling of the address, so the first page matches the preload index.html carries.
  // The answer's schema (and zod) load beside the request: the catalog hydrated with the server's data never asks.
  return api.get('/tools', {
    query: catalogApiQuery(parseCatalogSearch(search)),
    signal,
    answer: () => import('@pcpp/contracts/core').then((core) => core.partListSchema),
  });
}

/** The normalised query string is the key: equivalent URLs share one request. */
export const partListQuery = (search: string) =>
  queryOptions({ queryKey: partKeys.page(search), queryFn: ({ signal }) => getPartList(search, signal) });

export const usePartList = (search: string) => usePageQuery(partListQuery(search));
