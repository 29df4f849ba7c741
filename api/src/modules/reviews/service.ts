import type { Review } from '@pcpp/contracts/core';
import type { WithId } from 'mongodb';
import type { ReviewDocument } from '../../db/mongo';
import type { ReviewsRepository } from './repository';

/** Field by field, so nothing stored but unlisted (or unprojected) reaches a client. */
export function toReview(doc: WithId<ReviewDocument>): Review {
  return { _id: doc._id.toHexString(), name: doc.name, review: doc.review, ratings: doc.ratings };
}

export function createReviewsService(repository: ReviewsRepository) {
  return {
    async list(): Promise<Review[]> {
      return (await repository.findAll()).map(toReview);
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
