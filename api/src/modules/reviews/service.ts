import { publicNameOf, type Review } from '@pcpp/contracts/core';
import type { WithId } from 'mongodb';
import type { AccessClaims } from '../../auth/access-token';
import type { IdentityProvider } from '../../auth/firebase';
import type { ReviewDocument } from '../../db/mongo';
import type { ReviewsRepository } from './repository';
import type { AddReviewBody } from './validators';

/** Field by field, so nothing stored but unlisted (or unprojected) reaches a client. */
export function toReview(doc: WithId<ReviewDocument>): Review {
  return { _id: doc._id.toHexString(), name: doc.name, review: doc.review, ratings: doc.ratings };
}

export function createReviewsService(deps: {
  reviews: ReviewsRepository;
  identity: Pick<IdentityProvider, 'accountByEmail'>;
}) {
  return {
    async list(): Promise<Review[]> {
      return (await deps.reviews.findAll()).map(toReview);
    },

    /**
     * A review is posted under the caller's account: the name is the one the identity provider
     * holds now (the display name, else the email's local part), never one the client sends.
     */
    async add(caller: AccessClaims, input: AddReviewBody): Promise<Review> {
      const { displayName } = await deps.identity.accountByEmail(caller.email);
      const saved = await deps.reviews.insert({
        name: publicNameOf({ displayName, email: caller.email }),
        review: input.review,
        ratings: input.ratings,
        authorEmail: caller.email,
        createdAt: new Date(),
      });
      return toReview(saved);
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
