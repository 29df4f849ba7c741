import { indexedPart } from '../modules/parts/repository';
import type { Collections } from './mongo';
import { seedReviews, seedParts } from './seed-data';

export interface SeedResult {
  parts: number;
  reviews: number;
}

/**
 * Fills an empty catalog with the demo parts and reviews; collections that hold anything are
 * left alone, so restarts and a real shop's data are never touched.
 */
export async function seedDemoData(collections: Collections, now = new Date()): Promise<SeedResult> {
  const result: SeedResult = { parts: 0, reviews: 0 };
  if ((await collections.parts.countDocuments({}, { limit: 1 })) === 0) {
    const stamp = timestamps(seedParts.length, now);
    const docs = seedParts.map((part, index) => indexedPart({ ...part, createdAt: stamp(index) }));
    result.parts = (await collections.parts.insertMany(docs, { ordered: true })).insertedCount;
  }
  if ((await collections.reviews.countDocuments({}, { limit: 1 })) === 0) {
    const stamp = timestamps(seedReviews.length, now);
    const docs = seedReviews.map((review, index) => ({ ...review, createdAt: stamp(index) }));
    result.reviews = (await collections.reviews.insertMany(docs, { ordered: true })).insertedCount;
  }
  return result;
}

/** One second apart in array order, the last one second before now: the array's end is newest. */
function timestamps(count: number, now: Date): (index: number) => Date {
  return (index) => new Date(now.getTime() - (count - index) * 1000);
}
