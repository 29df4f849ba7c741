import type { CatalogSort, Category } from '@pcpp/contracts/core';
import type { Collection, Filter, ObjectId, Sort } from 'mongodb';
import type { PartDocument } from '../../db/mongo';
import { containsText } from '../../db/text-match';

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
