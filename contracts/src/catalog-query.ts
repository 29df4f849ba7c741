import { CATALOG_FACET_PARAMS, type CatalogFacet, type CatalogFacetFilters } from './catalog-facets';
import type { ApiCallOptions } from './api-call-types';
import { apiUrl } from './api-url';
import type { Part } from './entities';

/**
 * The catalog's query: GET /tools?category=&q=&sort=&page=&limit= on the api, and the same
 * names in the storefront's URL (/products?category=CPU%20Cooler&q=quiet&sort=price-asc&page=2),
 * so a shared link and an api call say the same thing.
 */
export const CATALOG_SORTS = ['newest', 'price-asc', 'price-desc', 'rating', 'relevance'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];
export const DEFAULT_CATALOG_SORT: CatalogSort = 'newest';

/** Without search text the catalog is newest first; with it, best match first. */
export function defaultCatalogSort(q: string | undefined): CatalogSort {
  return q ? 'relevance' : DEFAULT_CATALOG_SORT;
}

export const catalogSortLabels: Readonly<Record<CatalogSort, string>> = {
  newest: 'Newest first',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  rating: 'Rating: high to low',
  relevance: 'Best match',
};

/** Parts per catalog page, and the most one api call may ask for. */
export const CATALOG_PAGE_SIZE = 12;
export const CATALOG_MAX_LIMIT = 50;
export const CATALOG_SEARCH_MAX_LENGTH = 100;
/** The home page shows the latest six parts and the last six reviews (spec section 9). */
export const HOME_LIST_SIZE = 6;
/** The home page's two lists: their queries, and as exact api paths the shell's server preloads. */
export const LATEST_PARTS_QUERY = { sort: 'newest', limit: String(HOME_LIST_SIZE) } as const satisfies ToolsQuery;
export const LATEST_REVIEWS_QUERY = { sort: 'newest', limit: String(HOME_LIST_SIZE) } as const satisfies NonNullable<ApiCallOptions<'/reviews', 'get'>['query']>;
export const LATEST_PARTS_PATH = apiUrl('/tools', { query: LATEST_PARTS_QUERY });
export const LATEST_REVIEWS_PATH = apiUrl('/reviews', { query: LATEST_REVIEWS_QUERY });

/** GET /tools's query, as the OpenAPI document types it. */
export type ToolsQuery = NonNullable<ApiCallOptions<'/tools', 'get'>['query']>;

type CatalogApiFilters = { category?: string; q?: string; sort?: CatalogSort; page?: number; minRating?: number } & CatalogFacetFilters;

/**
 * GET /tools's query for one catalog page, written one way: the catalog asks for exactly this. Its
 * category and facet values were read with the api's own schemas (parseCatalogSearch), hence the cast.
 */
export function catalogApiQuery(filters: CatalogApiFilters): ToolsQuery {
  const query: Record<string, string> = {};
  if (filters.category) query.category = filters.category;
  if (filters.q) query.q = filters.q;
  for (const facet of CATALOG_FACET_PARAMS) if (filters[facet]) query[facet] = filters[facet];
  if (filters.minRating) query.minRating = String(filters.minRating);
  query.sort = filters.sort ?? defaultCatalogSort(filters.q);
  query.page = String(filters.page ?? 1);
  query.limit = String(CATALOG_PAGE_SIZE);
  return query as ToolsQuery;
}

/** The api path of one catalog page: the shell's server preloads the first page of /products with it. */
export function catalogApiPath(filters: CatalogApiFilters): string {
  return apiUrl('/tools', { query: catalogApiQuery(filters) });
}

/** How many unknown keys an error names; a request with thousands gets a short answer all the same. */
const NAMED_UNKNOWN_KEYS = 3;

/** `"a", "b", "c" and 12 more`: the first few unknown keys, quoted. */
export function quoteUnknownKeys(keys: readonly string[]): string {
  const named = keys.slice(0, NAMED_UNKNOWN_KEYS).map((key) => `"${key.slice(0, 40)}"`).join(', ');
  return keys.length > NAMED_UNKNOWN_KEYS ? `${named} and ${keys.length - NAMED_UNKNOWN_KEYS} more` : named;
}

/** The error option of a strict query schema: an unknown parameter is named, with the known ones. */
export function unknownQueryParameterError(known: readonly string[]) {
  return (issue: { code?: string; keys?: readonly string[] }) =>
    issue.code === 'unrecognized_keys' && issue.keys
      ? `Unknown query parameter ${quoteUnknownKeys(issue.keys)}: use ${known.join(', ')}`
      : undefined;
}

/** GET /tools with any catalog parameter answers one page of parts. */
export interface PartList {
  items: Part[];
  /** Parts matching the filters, on all pages. */
  total: number;
  page: number;
  /** Number of pages at this limit; 0 when nothing matches. */
  pages: number;
  /** The facets with values among the parts the other filters leave, with counts. */
  facets: CatalogFacet[];
}
