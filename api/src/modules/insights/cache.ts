import type { Collection } from 'mongodb';
import type { InsightsCacheDocument } from './documents';

/**
 * Answers kept for `seconds` in the database, not in the process: every api instance reads the
 * same entry, so two instances never show an admin different figures, and none shows figures
 * older than `seconds`. 0 turns it off.
 */
export function createInsightsCache(collection: Collection<InsightsCacheDocument>, seconds: number, now: () => Date) {
  return {
    async through<T>(key: string, compute: () => Promise<T>): Promise<T> {
      if (seconds <= 0) return compute();
      const at = now();
      const kept = await collection.findOne({ _id: key, expiresAt: { $gt: at } });
      if (kept) return JSON.parse(kept.value) as T;
      const value = await compute();
      // Two instances computing at once both write the same figures: the last one stays.
      await collection.updateOne(
        { _id: key },
        { $set: { value: JSON.stringify(value), computedAt: at, expiresAt: new Date(at.getTime() + seconds * 1000) } },
        { upsert: true },
      );
      return value;
    },
  };
}

export type InsightsCache = ReturnType<typeof createInsightsCache>;
