import type { Collection, WithId } from 'mongodb';
import type { ReviewDocument } from '../../db/mongo';

export function createReviewsRepository(reviews: Collection<ReviewDocument>) {
  return {
    /** Oldest first: the home page shows the last six. */
    findAll: () => reviews.find({}).sort({ createdAt: 1, _id: 1 }).toArray(),

    async insert(review: ReviewDocument): Promise<WithId<ReviewDocument>> {
      const { insertedId } = await reviews.insertOne({ ...review });
      return { ...review, _id: insertedId };
    },
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
