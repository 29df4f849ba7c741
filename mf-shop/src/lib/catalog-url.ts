import {
  CATALOG_FACET_PARAMS,
  type CatalogFacetFilters,
  type CatalogSort,
  type Category,
  catalogQueryFields,
  defaultCatalogSort,
} from '@pcpp/contracts';

/**
 * The catalog's state lives in its URL, with the api's parameter names, so a link can be shared:
 * /products?category=CPU%20Cooler&q=quiet&socket=AM5&sort=price-asc&page=2
 */
export const CATALOG_PATH = '/products';

export interface CatalogFilters extends CatalogFacetFilters {
  category?: Category;
  q?: string;
  sort?: CatalogSort;
  page?: number;
}

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
  const sort = read(params, 'sort', catalogQueryFields.sort);
  if (sort && sort !== defaultCatalogSort(q)) filters.sort = sort;
  const page = read(params, 'page', catalogQueryFields.page);
  if (page && page > 1) filters.page = page;
  return filters;
}

/** The query string for the filters ('' when there are none), spaces as %20, defaults left out. */
export function catalogSearch(filters: CatalogFilters): string {
  const parts: string[] = [];
  const add = (name: string, value: string) => parts.push(`${name}=${encodeURIComponent(value)}`);
  if (filters.category) add('category', filters.category);
  const q = filters.q?.trim();
  if (q) add('q', q);
  for (const facet of CATALOG_FACET_PARAMS) if (filters[facet]) add(facet, filters[facet]);
  if (filters.sort && filters.sort !== defaultCatalogSort(q)) add('sort', filters.sort);
  if (filters.page && filters.page > 1) add('page', String(filters.page));
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

export function catalogHref(filters: CatalogFilters = {}): string {
  return `${CATALOG_PATH}${catalogSearch(filters)}`;
}

/** A part's own page, shareable. */
export function partHref(id: string): string {
  return `${CATALOG_PATH}/${encodeURIComponent(id)}`;
}

/** The spec's purchase page of a part (signed-in only). */
export function purchaseHref(id: string): string {
  return `/purchase/${encodeURIComponent(id)}`;
}
