import type { Collection, Document, Filter, ObjectId, UpdateFilter, WithId } from 'mongodb';

/**
 * Applies `update` only while `filter` matches; the document after the change, or null when it
 * no longer matched (another request changed it first). An updateOne, then a read: the embedded
 * jongodb checks a findOneAndUpdate's filter apart from its write, so two racing calls could both
 * win, while its updateOne is atomic (db/conformance.test.ts). On MongoDB both are atomic.
 */
export async function updateIfMatches<T extends Document>(
  collection: Collection<T>,
  filter: Filter<T> & { _id: ObjectId },
  update: UpdateFilter<T>,
): Promise<WithId<T> | null> {
  const { modifiedCount } = await collection.updateOne(filter, update);
  return modifiedCount === 1 ? collection.findOne({ _id: filter._id } as Filter<T>) : null;
}
