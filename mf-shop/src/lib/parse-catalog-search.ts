import { CATALOG_FACET_PARAMS, catalogQueryFields, defaultCatalogSort } from '@pcpp/contracts/core';
import type { CatalogFilters } from './catalog-url';

// Reading the catalog's filters from a URL checks each value with the api's own schema (zod): apart
// from catalog-url.ts, so the pages that only link to the catalog (home) do not load zod.

function read<T>(params: URLSearchParams, name: string, schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }): T | undefined {
  const raw = params.get(name);
  if (raw === null) return undefined;
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Reads the filters from a URL's query. A value the api would refuse (a mistyped category, page 0)
 * is dropped rather than shown as an error: the visitor still gets parts. Defaults are left out.
 */
export function parseCatalogSearch(search: string | URLSearchParams): CatalogFilters {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const filters: CatalogFilters = {};
  const category = read(params, 'category', catalogQueryFields.category);
  if (category) filters.category = category;
  const q = read(params, 'q', catalogQueryFields.q);
  if (q) filters.q = q;
  for (const facet of CATALOG_FACET_PARAMS) {
    const value = read(params, facet, catalogQueryFields[facet]);
    if (value) filters[facet] = value;
  }
  const minRating = read(params, 'minRating', catalogQueryFields.minRating);
  if (minRating) filters.minRating = minRating;
  const sort = read(params, 'sort', catalogQueryFields.sort);
  if (sort && sort !== defaultCatalogSort(q)) filters.sort = sort;
  const page = read(params, 'page', catalogQueryFields.page);
  if (page && page > 1) filters.page = page;
  return filters;
}
