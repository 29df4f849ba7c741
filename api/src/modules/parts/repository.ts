import type { CatalogSort, Category } from '@pcpp/contracts/core';
import type { Collection, Filter, ObjectId, Sort, UpdateFilter, WithId } from 'mongodb';
import type { PartDocument } from '../../db/mongo';
import { containsText } from '../../db/text-match';
import { updateIfMatches } from '../../db/update-if-matches';

/** The fields an edit sets as they are (the stock is changed by a difference instead). */
export type PartEdit = Partial<Pick<PartDocument, 'name' | 'category' | 'price' | 'min_quantity' | 'description' | 'img'>>;

export interface PartSearch {
  category?: Category;
  /** Plain text, matched case-insensitively inside the name or the description. */
  text?: string;
  sort: CatalogSort;
  skip: number;
  limit: number;
}

/** Ties on price fall back to newest first, and _id makes every order total (stable pages). */
const SORTS: Record<CatalogSort, Sort> = {
  newest: { createdAt: -1, _id: -1 },
  'price-asc': { price: 1, createdAt: -1, _id: -1 },
  'price-desc': { price: -1, createdAt: -1, _id: -1 },
};

function searchFilter({ category, text }: Pick<PartSearch, 'category' | 'text'>): Filter<PartDocument> {
  const filter: Filter<PartDocument> = {};
  if (category) filter.category = category;
  if (text) {
    const pattern = containsText(text);
    filter.$or = [{ name: pattern }, { description: pattern }];
  }
  return filter;
}

/** Called after each write public catalog reads show (catalog-cache.ts drops its answers). */
export function createPartsRepository(parts: Collection<PartDocument>, { onCatalogChange = () => {} } = {}) {
  return {
    /** Oldest first: the home page shows the last six as the latest parts. */
    findAll: () => parts.find({}).sort({ createdAt: 1, _id: 1 }).toArray(),
    findById: (id: ObjectId) => parts.findOne({ _id: id }),
    async insert(part: PartDocument): Promise<ObjectId> {
      const { insertedId } = await parts.insertOne({ ...part });
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
     * An admin's edit, in one conditional update: only while the part is still at `version` (a
     * part never edited has none: version 0), it sets `set`, adds `stockDelta` to the stock (never
     * below 0, so units orders took meanwhile are kept) and counts one more version. The part after
     * the edit, or null when it moved on, is gone, or has too little stock for a negative delta.
     */
    async edit(id: ObjectId, version: number, set: PartEdit, stockDelta: number): Promise<WithId<PartDocument> | null> {
      const filter: Filter<PartDocument> & { _id: ObjectId } = {
        _id: id,
        version: version === 0 ? { $exists: false } : version,
        ...(stockDelta < 0 ? { p_quantity: { $gte: -stockDelta } } : {}),
      };
      const update: UpdateFilter<PartDocument> = {
        $inc: { version: 1, ...(stockDelta !== 0 ? { p_quantity: stockDelta } : {}) },
        ...(Object.keys(set).length > 0 ? { $set: set } : {}),
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
      const filter = searchFilter(search);
      const [docs, total] = await Promise.all([
        parts.find(filter).sort(SORTS[search.sort]).skip(search.skip).limit(search.limit).toArray(),
        parts.countDocuments(filter),
      ]);
      return { docs, total };
    },
  };
}

export type PartsRepository = ReturnType<typeof createPartsRepository>;
