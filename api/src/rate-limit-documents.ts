// What this module stores: its documents' shapes (the driver adds _id: reads return WithId<...>),
// its collections and their indexes. db/mongo.ts puts every module's together.
import { type Collection, type Db } from 'mongodb';

/** A rate limit's count for one key (`<limit>:<address or account>`) in its current window. */
export interface RateLimitDocument {
  _id: string;
  hits: number;
  /** When the window ends; the TTL index deletes the document then. */
  resetAt: Date;
}

export interface RateLimitsCollections {
  rateLimits: Collection<RateLimitDocument>;
}

export function rateLimitsCollections(db: Db): RateLimitsCollections {
  return {
    rateLimits: db.collection<RateLimitDocument>('rate_limits'),
  };
}

export async function ensureRateLimitsIndexes({ rateLimits }: RateLimitsCollections): Promise<void> {
  await Promise.all([
    // Counts go when their window ends.
    rateLimits.createIndex({ resetAt: 1 }, { name: 'resetAt_ttl', expireAfterSeconds: 0 }),
  ]);
}
