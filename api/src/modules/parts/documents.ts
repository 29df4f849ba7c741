// What this module stores: its documents' shapes (the driver adds _id: reads return WithId<...>),
// its collections and their indexes. db/mongo.ts puts every module's together.
import type { Part } from '@pcpp/contracts/core';
import { type Collection, type Db, type ObjectId } from 'mongodb';

/**
 * version: absent until an admin first edits the part (read as 0); each edit adds 1. rating and
 * ratingHistogram: kept by the part-reviews module from the shown reviews (absent: none yet).
 */
export type PartDocument = Omit<Part, '_id' | 'createdAt' | 'version'> & {
  version?: number;
  createdAt: Date;
  ratingHistogram?: [number, number, number, number, number];
} & Partial<PartSearchFields>;

/**
 * Stored beside a part, derived from its name, description, category and specs
 * (modules/parts/search-index.ts): its facet keys and the words the catalog's search finds it by.
 * Absent on a part stored before them until the start-up reindex adds them.
 */
export interface PartSearchFields {
  facets: string[];
  search: { v: number; terms: string[]; deletes: string[]; subs: string[]; description: string[] };
}

/** One change of a part's price (cents), by whom: its price history (GET /tools/{id}/price-history). */
export interface PriceChangeDocument {
  productId: ObjectId;
  from: number;
  to: number;
  changedAt: Date;
  changedBy: string;
}

export interface PartsCollections {
  parts: Collection<PartDocument>;
  priceChanges: Collection<PriceChangeDocument>;
}

export function partsCollections(db: Db): PartsCollections {
  return {
    parts: db.collection<PartDocument>('tools'),
    priceChanges: db.collection<PriceChangeDocument>('priceChanges'),
  };
}

export async function ensurePartsIndexes({ parts, priceChanges }: PartsCollections): Promise<void> {
  await Promise.all([
    // Lists are served oldest first.
    parts.createIndex({ createdAt: 1 }, { name: 'createdAt' }),
    // The catalog: a category newest first; facets and the search's words (multikey, see search-index.ts).
    parts.createIndex({ category: 1, createdAt: -1 }, { name: 'category_createdAt' }),
    parts.createIndex({ facets: 1 }, { name: 'facets' }),
    parts.createIndex({ 'search.terms': 1 }, { name: 'search_terms' }),
    parts.createIndex({ 'search.deletes': 1 }, { name: 'search_deletes' }),
    parts.createIndex({ 'search.subs': 1 }, { name: 'search_subs' }),
    parts.createIndex({ 'search.description': 1 }, { name: 'search_description' }),
    parts.createIndex({ 'search.v': 1 }, { name: 'search_v' }),
    // The catalog sorted by rating (issue 33).
    parts.createIndex({ 'rating.average': -1, 'rating.count': -1, createdAt: -1 }, { name: 'rating' }),
    // A part's price history, newest first.
    priceChanges.createIndex({ productId: 1, changedAt: -1 }, { name: 'productId_changedAt' }),
  ]);
}
