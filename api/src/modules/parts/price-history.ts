import type { PriceChange } from '@pcpp/contracts/core';
import type { Collection, ObjectId } from 'mongodb';
import type { PriceChangeDocument } from './documents';

/** The answer's limit: a part whose price changed more often than this shows its latest changes. */
export const PRICE_HISTORY_MAX = 500;

/** A part's price changes: written by the admin's edit, read by the part's page (its chart). */
export function createPriceHistory(priceChanges: Collection<PriceChangeDocument>) {
  return {
    async record(change: PriceChangeDocument): Promise<void> {
      await priceChanges.insertOne(change);
    },
    /**
     * Newest first, for anyone: which admin changed the price (changedBy) stays in the database and
     * the admin console's Activity; staff identity is not the public's to read.
     */
    async of(productId: ObjectId): Promise<PriceChange[]> {
      const docs = await priceChanges.find({ productId }).sort({ changedAt: -1, _id: -1 }).limit(PRICE_HISTORY_MAX).toArray();
      return docs.map((doc) => ({ from: doc.from, to: doc.to, changedAt: doc.changedAt.toISOString() }));
    },
  };
}

export type PriceHistory = ReturnType<typeof createPriceHistory>;
