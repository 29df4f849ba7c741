// What this module stores: its documents' shapes, its collections and their indexes (db/mongo.ts
// puts every module's together). Its stock query reads the parts; the index it leans on is made
// here, beside the query. The orders' figures come through the orders module, with its indexes.
import { type Collection, type Db } from 'mongodb';
import type { PartsCollections } from '../parts/documents';

/**
 * A computed answer kept for a short time (the admin's Overview): in the database, so every api
 * instance reads the same one. value: the answer's JSON text.
 */
export interface InsightsCacheDocument {
  _id: string;
  value: string;
  computedAt: Date;
  expiresAt: Date;
}

export interface InsightsCollections {
  insightsCache: Collection<InsightsCacheDocument>;
}

export function insightsCollections(db: Db): InsightsCollections {
  return {
    insightsCache: db.collection<InsightsCacheDocument>('insights_cache'),
  };
}

export async function ensureInsightsIndexes({
  insightsCache,
  parts,
}: InsightsCollections & Pick<PartsCollections, 'parts'>): Promise<void> {
  await Promise.all([
    // The Overview: parts by stock; its cached answers go when they expire.
    parts.createIndex({ p_quantity: 1 }, { name: 'p_quantity' }),
    insightsCache.createIndex({ expiresAt: 1 }, { name: 'expiresAt_ttl', expireAfterSeconds: 0 }),
  ]);
}
