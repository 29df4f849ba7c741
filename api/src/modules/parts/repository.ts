import {
  CATALOG_FACET_PARAMS,
  type CatalogFacetFilters,
  type CatalogFacetParam,
  type AdminPartSort,
  type CatalogSort,
  type Category,
  facetKey,
  LOW_STOCK_MAX,
  type StockFilter,
} from '@pcpp/contracts/core';
import type { Collection, Filter, ObjectId, Sort, UpdateFilter, WithId } from 'mongodb';
import type { PartDocument } from './documents';
import { updateIfMatches } from '../../db/update-if-matches';
import { SEARCH_INDEX_VERSION, searchFieldsOf, textQuery } from './search-index';

/** The fields an edit sets as they are (the stock is changed by a difference instead). */
export type PartEdit = Partial<Pick<PartDocument, 'name' | 'category' | 'price' | 'min_quantity' | 'description' | 'img' | 'specs'>>;
/** The fields the search index is derived from (search-index.ts). */
const INDEXED_FIELDS = ['name', 'description', 'category', 'specs'] as const;

export interface PartSearch extends CatalogFacetFilters {
  category?: Category;
  /** Search text: its words are looked up in each part's indexed words (search-index.ts). */
  text?: string;
  /** Manage Products' stock filter. */
  stock?: StockFilter;
  /** Parts whose average rating is at least this ("4 stars & up"). */
  minRating?: number;
  sort: CatalogSort | AdminPartSort;
  skip: number;
  limit: number;
}

const NEWEST: Sort = { createdAt: -1, _id: -1 };
/** Ties on price fall back to newest first, and _id makes every order total (stable pages). */
const SORTS: Record<Exclude<CatalogSort | AdminPartSort, 'relevance'>, Sort> = {
  newest: NEWEST,
  'price-asc': { price: 1, createdAt: -1, _id: -1 },
  'price-desc': { price: -1, createdAt: -1, _id: -1 },
  'name-asc': { name: 1, _id: 1 },
  'name-desc': { name: -1, _id: -1 },
  'stock-asc': { p_quantity: 1, createdAt: -1, _id: -1 },
  'stock-desc': { p_quantity: -1, createdAt: -1, _id: -1 },
  // Unrated parts (no rating field) come last; among equal averages, the more reviewed first.
  rating: { 'rating.average': -1, 'rating.count': -1, createdAt: -1, _id: -1 },
};

/** Sold out: none left; low: 1 to LOW_STOCK_MAX; in stock: more. */
const STOCK_CONDITIONS: Record<StockFilter, Filter<PartDocument>> = {
  'sold-out': { p_quantity: { $lte: 0 } },
  low: { p_quantity: { $gte: 1, $lte: LOW_STOCK_MAX } },
  'in-stock': { p_quantity: { $gt: LOW_STOCK_MAX } },
};

/** Found by nothing: a search with no word to look for. */
const NOTHING: Filter<PartDocument> = { _id: { $in: [] } };

type Filters = Pick<PartSearch, 'category' | 'text' | 'stock' | 'minRating' | CatalogFacetParam>;

/** Category, facets and search text, each one indexed condition (the text's matches, at any rank). */
function searchFilter(search: Filters, leaveOut?: CatalogFacetParam): Filter<PartDocument> {
  const conditions: Filter<PartDocument>[] = [];
  if (search.category) conditions.push({ category: search.category });
  if (search.stock) conditions.push(STOCK_CONDITIONS[search.stock]);
  const keys = CATALOG_FACET_PARAMS.filter((param) => param !== leaveOut && search[param]).map((param) => facetKey(param, search[param]!));
  if (keys.length > 0) conditions.push({ facets: { $all: keys } });
  if (search.text) conditions.push(textQuery(search.text)?.matches ?? NOTHING);
  if (search.minRating) conditions.push({ 'rating.average': { $gte: search.minRating } });
  return conditions.length === 0 ? {} : conditions.length === 1 ? conditions[0]! : { $and: conditions };
}

/** The parts stored with what the search and the facets read (search-index.ts). */
export function indexedPart<T extends PartDocument>(part: T): T {
  return { ...part, ...searchFieldsOf(part) };
}

/** Called after each write public catalog reads show (catalog-cache.ts drops its answers). */
export function createPartsRepository(parts: Collection<PartDocument>, { onCatalogChange = () => {} } = {}) {
  /**
   * Best match first, in three ranks, each newest first: every word is a term as typed (name,
   * category, specs); every word is a term, some by prefix or with a typo; some word only in the
   * description. Counted per rank, then the page is read across them.
   */
  async function byRelevance(search: PartSearch): Promise<{ docs: WithId<PartDocument>[]; total: number }> {
    const query = textQuery(search.text ?? '');
    if (search.text && !query) return { docs: [], total: 0 };
    const base = searchFilter({ ...search, text: undefined });
    const and = (...conditions: Filter<PartDocument>[]): Filter<PartDocument> => ({ $and: [base, ...conditions] });
    const ranks = query
      ? [and(query.exact), and(query.terms, { $nor: [query.exact] }), and(query.matches, { $nor: [query.terms] })]
      : [base];
    const counts = await Promise.all(ranks.map((filter) => parts.countDocuments(filter)));
    const docs: WithId<PartDocument>[] = [];
    let skip = search.skip;
    for (const [index, filter] of ranks.entries()) {
      const count = counts[index]!;
      if (docs.length >= search.limit) break;
      if (skip >= count) {
        skip -= count;
        continue;
      }
      docs.push(...(await parts.find(filter).sort(NEWEST).skip(skip).limit(search.limit - docs.length).toArray()));
      skip = 0;
    }
    return { docs, total: counts.reduce((sum, count) => sum + count, 0) };
  }

  return {
    /** Oldest first: the home page shows the last six as the latest parts. */
    findAll: () => parts.find({}).sort({ createdAt: 1, _id: 1 }).toArray(),
    /** Oldest first, read in batches (GET /tools.csv streams it). */
    cursorAll: () => parts.find({}).sort({ createdAt: 1, _id: 1 }).batchSize(500),
    findById: (id: ObjectId) => parts.findOne({ _id: id }),
    /** Every part with stock, oldest first (the build advisor's catalog). */
    findInStock: () => parts.find({ p_quantity: { $gt: 0 } }).sort({ createdAt: 1, _id: 1 }).toArray(),
    findByIds: (ids: ObjectId[]) => (ids.length === 0 ? Promise.resolve([]) : parts.find({ _id: { $in: ids } }).toArray()),
    async insert(part: PartDocument): Promise<ObjectId> {
      const { insertedId } = await parts.insertOne(indexedPart(part));
      onCatalogChange();
      return insertedId;
    },
    /** 1 when this call deleted the part, 0 when it was not there. (jongodb refuses findOneAndDelete.) */
    async deleteById(id: ObjectId): Promise<number> {
      const { deletedCount } = await parts.deleteOne({ _id: id });
      onCatalogChange();
      return deletedCount;
    },
    /**
     * An admin's edit of `current` (the part as read), in one conditional update: only while the
     * part is still at `version` (a part never edited has none: version 0), it sets `set` (and drops
     * the specs with `dropSpecs`), adds `stockDelta` to the stock (never below 0, so units orders
     * took meanwhile are kept) and counts one more version. The part after the edit, or null when it
     * moved on, is gone, or has too little stock for a negative delta.
     */
    async edit(
      current: WithId<PartDocument>,
      version: number,
      { set, dropSpecs = false, stockDelta }: { set: PartEdit; dropSpecs?: boolean; stockDelta: number },
    ): Promise<WithId<PartDocument> | null> {
      const id = current._id;
      const filter: Filter<PartDocument> & { _id: ObjectId } = {
        _id: id,
        version: version === 0 ? { $exists: false } : version,
        ...(stockDelta < 0 ? { p_quantity: { $gte: -stockDelta } } : {}),
      };
      // A changed name, description, category or specs changes what the search finds it by. The
      // version guard means `current` is what the update changes, so the index is computed from it.
      const reindexed = dropSpecs || INDEXED_FIELDS.some((field) => field in set);
      const edited = { ...current, ...set, ...(dropSpecs ? { specs: undefined } : {}) };
      const fields = { ...set, ...(reindexed ? searchFieldsOf(edited) : {}) };
      const update: UpdateFilter<PartDocument> = {
        $inc: { version: 1, ...(stockDelta !== 0 ? { p_quantity: stockDelta } : {}) },
        ...(Object.keys(fields).length > 0 ? { $set: fields } : {}),
        ...(dropSpecs ? { $unset: { specs: '' } } : {}),
      };
      const after = await updateIfMatches(parts, filter, update);
      if (after) onCatalogChange();
      return after;
    },
    /** Which of these parts still exist (the Activity page links only to those). */
    async existingIds(ids: readonly ObjectId[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      return new Set((await parts.find({ _id: { $in: [...ids] } }).toArray()).map((part) => part._id.toHexString()));
    },
    /** One page of the parts matching the search, and how many match in all. */
    async search(search: PartSearch) {
      if (search.sort === 'relevance') return byRelevance(search);
      const filter = searchFilter(search);
      const [docs, total] = await Promise.all([
        parts.find(filter).sort(SORTS[search.sort]).skip(search.skip).limit(search.limit).toArray(),
        parts.countDocuments(filter),
      ]);
      return { docs, total };
    },
    /**
     * How many parts have each facet value, among the parts the other filters leave: a facet's own
     * choice does not narrow its own counts (AM4 stays offered beside a chosen AM5).
     */
    async facetCounts(search: Filters): Promise<Map<string, number>> {
      const chosen = CATALOG_FACET_PARAMS.filter((param) => search[param]);
      const groups = await Promise.all(
        [undefined, ...chosen].map(async (leaveOut) => ({
          leaveOut,
          rows: await parts
            .aggregate<{ _id: string; count: number }>([
              { $match: searchFilter(search, leaveOut) },
              { $unwind: '$facets' },
              { $group: { _id: '$facets', count: { $sum: 1 } } },
            ])
            .toArray(),
        })),
      );
      const counts = new Map<string, number>();
      for (const { leaveOut, rows } of groups) {
        for (const { _id: key, count } of rows) {
          const param = key.slice(0, key.indexOf(':')) as CatalogFacetParam;
          // A chosen facet's counts come from the pass that left it out; the others from the full filter.
          if (leaveOut === undefined ? !chosen.includes(param) : param === leaveOut) counts.set(key, count);
        }
      }
      return counts;
    },
    /** Adds the search words and facet keys to parts stored without them (or by an older version). */
    async reindex(): Promise<number> {
      const stale = await parts.find({ 'search.v': { $ne: SEARCH_INDEX_VERSION } }).toArray();
      for (const part of stale) await parts.updateOne({ _id: part._id }, { $set: searchFieldsOf(part) });
      if (stale.length > 0) onCatalogChange();
      return stale.length;
    },
  };
}

export type PartsRepository = ReturnType<typeof createPartsRepository>;
