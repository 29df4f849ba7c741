// What this module stores: its documents' shapes (the driver adds _id: reads return WithId<...>),
// its collections and their indexes. db/mongo.ts puts every module's together.
import { type Collection, type Db, type ObjectId } from 'mongodb';

/**
 * A customer's review of one part (issue 33). purchasedAt: when the author's first paid order of
 * the part was placed (the "Verified purchase" month). helpful: how many accounts marked it so
 * (each vote is a document of part_review_votes). hidden: set by an admin; never served publicly.
 */
export interface PartReviewDocument {
  productId: ObjectId;
  authorId: ObjectId;
  authorEmail: string;
  name: string;
  rating: number;
  title: string;
  text: string;
  purchasedAt: Date;
  helpful: number;
  /** Votes held back from `helpful` (a burst of new accounts') until an admin counts or discards them. */
  heldVotes?: number;
  hidden?: boolean;
  createdAt: Date;
  updatedAt?: Date;
}

/**
 * One account's "helpful" on one review: the unique index lets it count once. addressHash: the
 * voter's address, keyed-hashed (the daily limit per address; the address itself is not kept).
 * newAccount: the account was new when it voted. held: part of a burst of new accounts' votes,
 * not counted until an admin decides; cleared: an admin counted it (never held again).
 */
export interface PartReviewVoteDocument {
  reviewId: ObjectId;
  voterId: ObjectId;
  addressHash?: string;
  newAccount?: boolean;
  held?: boolean;
  cleared?: boolean;
  createdAt: Date;
}

export interface PartReviewsCollections {
  partReviews: Collection<PartReviewDocument>;
  partReviewVotes: Collection<PartReviewVoteDocument>;
}

export function partReviewsCollections(db: Db): PartReviewsCollections {
  return {
    partReviews: db.collection<PartReviewDocument>('part_reviews'),
    partReviewVotes: db.collection<PartReviewVoteDocument>('part_review_votes'),
  };
}

export async function ensurePartReviewsIndexes({ partReviews, partReviewVotes }: PartReviewsCollections): Promise<void> {
  await Promise.all([
    // One review per part and account, whatever two tabs send at once.
    partReviews.createIndex({ productId: 1, authorId: 1 }, { name: 'productId_authorId', unique: true }),
    // A part's reviews newest first or most helpful first.
    partReviews.createIndex({ productId: 1, createdAt: -1 }, { name: 'productId_createdAt' }),
    partReviews.createIndex({ productId: 1, helpful: -1, createdAt: -1 }, { name: 'productId_helpful' }),
    // The admin's table: all part reviews newest first.
    partReviews.createIndex({ createdAt: -1 }, { name: 'createdAt' }),
    partReviewVotes.createIndex({ reviewId: 1, voterId: 1 }, { name: 'reviewId_voterId', unique: true }),
    partReviewVotes.createIndex({ voterId: 1 }, { name: 'voterId' }),
    // The daily limits: one account's votes, one address's votes, newest first.
    partReviewVotes.createIndex({ voterId: 1, createdAt: -1 }, { name: 'voterId_createdAt' }),
    partReviewVotes.createIndex({ addressHash: 1, createdAt: -1 }, { name: 'addressHash_createdAt' }),
    // The admin's reviews with votes held back.
    partReviews.createIndex({ heldVotes: -1, createdAt: -1 }, { name: 'heldVotes_createdAt', partialFilterExpression: { heldVotes: { $gt: 0 } } }),
  ]);
}
