import type { Collection } from 'mongodb';
import type { ReviewDocument } from '../../db/mongo';

export function createReviewsRepository(reviews: Collection<ReviewDocument>) {
  return {
    /** Oldest first: the home page shows the last six. */
    findAll: () => reviews.find({}).sort({ createdAt: 1, _id: 1 }).toArray(),
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
