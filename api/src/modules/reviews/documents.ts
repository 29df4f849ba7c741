// What this module stores: its documents' shapes (the driver adds _id: reads return WithId<...>),
// its collections and their indexes. db/mongo.ts puts every module's together.
import type { Review } from '@pcpp/contracts/core';
import { type Collection, type Db, type ObjectId } from 'mongodb';

/**
 * authorId and authorEmail: the account that posted it (the users _id and email; never sent to the
 * public); absent on seeded reviews. hidden: set by an admin; a hidden review is never served to
 * the public. Absent means shown.
 */
export type ReviewDocument = Omit<Review, '_id' | 'byAdmin'> & {
  authorId?: ObjectId;
  authorEmail?: string;
  hidden?: boolean;
  createdAt: Date;
};

export interface ReviewsCollections {
  reviews: Collection<ReviewDocument>;
}

export function reviewsCollections(db: Db): ReviewsCollections {
  return {
    reviews: db.collection<ReviewDocument>('reviews'),
  };
}

export async function ensureReviewsIndexes({ reviews }: ReviewsCollections): Promise<void> {
  await Promise.all([
    // Reviews oldest first (the plain list) or newest first (the home page's six, the admin's table).
    reviews.createIndex({ createdAt: 1, _id: 1 }, { name: 'createdAt_id' }),
  ]);
}
