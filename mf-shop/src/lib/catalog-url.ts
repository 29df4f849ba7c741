import { CATALOG_PAGE_PATH, CATALOG_FACET_PARAMS, type CatalogFacetFilters, type CatalogSort, type Category, partPagePath, defaultCatalogSort } from '@pcpp/contracts/core';

/**
 * The catalog's state lives in its URL, with the api's parameter names, so a link can be shared:
 * /products?category=CPU%20Cooler&q=quiet&socket=AM5&sort=price-asc&page=2
 */
export const CATALOG_PATH = CATALOG_PAGE_PATH;

export interface CatalogFilters extends CatalogFacetFilters {
  category?: Category;
  q?: string;
  sort?: CatalogSort;
  /** "4 stars & up": parts rated at least this on average. */
  minRating?: number;
  page?: number;
}

/** The query string for the filters ('' when there are none), spaces as %20, defaults left out. */
export function catalogSearch(filters: CatalogFilters): string {
  const parts: string[] = [];
  const add = (name: string, value: string) => parts.push(`${name}=${encodeURIComponent(value)}`);
  if (filters.category) add('category', filters.category);
  const q = filters.q?.trim();
  if (q) add('q', q);
  for (const facet of CATALOG_FACET_PARAMS) if (filters[facet]) add(facet, filters[facet]);
  if (filters.minRating) add('minRating', String(filters.minRating));
  if (filters.sort && filters.sort !== defaultCatalogSort(q)) add('sort', filters.sort);
  if (filters.page && filters.page > 1) add('page', String(filters.page));
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

export function catalogHref(filters: CatalogFilters = {}): string {
  return `${CATALOG_PATH}${catalogSearch(filters)}`;
}

/** A part's own page, shareable. */
export function partHref(id: string): string {
  return partPagePath(id);
}

/** The spec's purchase page of a part (signed-in only). */
export function purchaseHref(id: string): string {
  return `/purchase/${encodeURIComponent(id)}`;
}
