import { z } from 'zod';
import { catalogFacetFields } from './catalog-facets-schemas';
import { CATALOG_FACET_PARAMS } from './catalog-facets';
import { CATALOG_MAX_LIMIT, CATALOG_SEARCH_MAX_LENGTH, CATALOG_SORTS, unknownQueryParameterError } from './catalog-query';
import { CATEGORIES } from './entities';
import { optionalText } from './text';
import { ADMIN_PART_SORTS } from './product-admin';
import { stockFilterSchema } from './product-admin-schemas';

// The catalog query's schemas (GET /tools's query string, and each parameter as the storefront
// reads its URL), apart from the paths and labels in catalog-query.ts that every page uses.

const CATALOG_PARAMS = ['category', 'q', ...CATALOG_FACET_PARAMS, 'stock', 'minRating', 'sort', 'page', 'limit'] as const;
/** GET /tools sorts as the catalog does, and as Manage Products does (by name, by stock). */
const PART_LIST_SORTS = [...new Set([...CATALOG_SORTS, ...ADMIN_PART_SORTS])] as [CatalogSortOrAdmin, ...CatalogSortOrAdmin[]];
type CatalogSortOrAdmin = (typeof CATALOG_SORTS)[number] | (typeof ADMIN_PART_SORTS)[number];

/** Query-string values are text: a whole number is checked as text first, so "1.5" or "1e3" fail. */
function wholeNumberText(name: string, min: number, max: number) {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return z
    .string({ error: message })
    .regex(/^\d{1,7}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
}

export const catalogQueryFields = {
  category: z.enum(CATEGORIES, { error: `category must be one of: ${CATEGORIES.join(', ')}` }),
  q: optionalText(CATALOG_SEARCH_MAX_LENGTH, `q must be at most ${CATALOG_SEARCH_MAX_LENGTH} characters`),
  sort: z.enum(CATALOG_SORTS, { error: `sort must be one of: ${CATALOG_SORTS.join(', ')}` }),
  page: wholeNumberText('page', 1, 1_000_000),
  limit: wholeNumberText('limit', 1, CATALOG_MAX_LIMIT),
  /** Parts rated at least this many stars on average ("4 stars & up"). */
  minRating: wholeNumberText('minRating', 1, 5),
  ...catalogFacetFields,
};

/** The query string of GET /tools; any parameter it does not know is refused. */
export const catalogQuerySchema = z.strictObject(
  {
    category: catalogQueryFields.category.optional(),
    q: catalogQueryFields.q.optional(),
    socket: catalogQueryFields.socket.optional(),
    memoryType: catalogQueryFields.memoryType.optional(),
    formFactor: catalogQueryFields.formFactor.optional(),
    interface: catalogQueryFields.interface.optional(),
    capacity: catalogQueryFields.capacity.optional(),
    wattage: catalogQueryFields.wattage.optional(),
    stock: stockFilterSchema.optional(),
    minRating: catalogQueryFields.minRating.optional(),
    sort: z.enum(PART_LIST_SORTS, { error: `sort must be one of: ${PART_LIST_SORTS.join(', ')}` }).optional(),
    page: catalogQueryFields.page.optional(),
    limit: catalogQueryFields.limit.optional(),
  },
  { error: unknownQueryParameterError(CATALOG_PARAMS) },
);

export type CatalogQuery = z.output<typeof catalogQuerySchema>;
