import { CATALOG_FACET_PARAMS, type CatalogFacetParam, STORAGE_INTERFACE_IDS, WATTAGE_RANGES } from './catalog-facets';
import { CATALOG_MAX_LIMIT, CATALOG_SEARCH_MAX_LENGTH, CATALOG_SORTS, type CatalogSort } from './catalog-query';
import { hasNoDirectionControls } from './direction-controls';
import { type Category, CATEGORIES } from './entities';
import { FORM_FACTORS, MEMORY_TYPES, SOCKETS } from './part-specs';
import { isStorableText, trimText } from './text-rules';

// The catalog's parameters read from a page's URL as GET /tools's schemas read them
// (catalogQueryFields, catalog-query-schemas.ts; catalog-search.test.ts holds the two alike), without
// zod: the catalog's pages read their URL on the first render, and zod would load with it.

/** A reader gives the value as the schema's parse would, or undefined where the schema refuses it. */
type Reader<T> = (raw: string) => T | undefined;

const oneOf =
  <T extends string>(values: readonly T[]): Reader<T> =>
  (raw) =>
    (values as readonly string[]).includes(raw) ? (raw as T) : undefined;

/** Query-string whole numbers: digits only (so "1.5" or "1e3" are refused), from min to max. */
const wholeNumber =
  (min: number, max: number): Reader<number> =>
  (raw) => {
    if (!/^\d{1,7}$/.test(raw)) return undefined;
    const value = Number(raw);
    return value >= min && value <= max ? value : undefined;
  };

/** A search: refused when it cannot be stored or carries direction controls, trimmed, at most its length. */
const searchText: Reader<string> = (raw) => {
  if (!isStorableText(raw) || !hasNoDirectionControls(raw)) return undefined;
  const text = trimText(raw);
  return text.length <= CATALOG_SEARCH_MAX_LENGTH ? text : undefined;
};

const capacity: Reader<string> = (raw) => (/^[1-9]\d{0,5}$/.test(raw) && Number(raw) <= 100_000 ? raw : undefined);

export const catalogSearchReaders: {
  category: Reader<Category>;
  q: Reader<string>;
  sort: Reader<CatalogSort>;
  page: Reader<number>;
  limit: Reader<number>;
  minRating: Reader<number>;
} & Record<CatalogFacetParam, Reader<string>> = {
  category: oneOf(CATEGORIES),
  q: searchText,
  sort: oneOf(CATALOG_SORTS),
  page: wholeNumber(1, 1_000_000),
  limit: wholeNumber(1, CATALOG_MAX_LIMIT),
  minRating: wholeNumber(1, 5),
  socket: oneOf(SOCKETS),
  memoryType: oneOf(MEMORY_TYPES),
  formFactor: oneOf(FORM_FACTORS),
  interface: oneOf(Object.values(STORAGE_INTERFACE_IDS)),
  capacity,
  wattage: oneOf(WATTAGE_RANGES.map((range) => range.id)),
};

/** Every parameter the readers know, in the catalog's order. */
export const CATALOG_SEARCH_PARAMS = ['category', 'q', ...CATALOG_FACET_PARAMS, 'minRating', 'sort', 'page', 'limit'] as const;
