import { CATALOG_FACET_PARAMS, catalogSearchReaders as readers, defaultCatalogSort } from '@pcpp/contracts/core';
import type { CatalogFilters } from './catalog-url';

// Reading the catalog's filters from a URL checks each value as the api's own schema does
// (contracts' catalogSearchReaders, held alike with catalogQueryFields), without zod: the catalog's
// first render reads its URL, and zod would load with it.

function read<T>(params: URLSearchParams, name: string, reader: (raw: string) => T | undefined): T | undefined {
  const raw = params.get(name);
  return raw === null ? undefined : reader(raw);
}

/**
 * Reads the filters from a URL's query. A value the api would refuse (a mistyped category, page 0)
 * is dropped rather than shown as an error: the visitor still gets parts. Defaults are left out.
 */
export function parseCatalogSearch(search: string | URLSearchParams): CatalogFilters {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const filters: CatalogFilters = {};
  const category = read(params, 'category', readers.category);
  if (category) filters.category = category;
  const q = read(params, 'q', readers.q);
  if (q) filters.q = q;
  for (const facet of CATALOG_FACET_PARAMS) {
    const value = read(params, facet, readers[facet]);
    if (value) filters[facet] = value;
  }
  const minRating = read(params, 'minRating', readers.minRating);
  if (minRating) filters.minRating = minRating;
  const sort = read(params, 'sort', readers.sort);
  if (sort && sort !== defaultCatalogSort(q)) filters.sort = sort;
  const page = read(params, 'page', readers.page);
  if (page && page > 1) filters.page = page;
  return filters;
}
