import { ERASED_MARKER, FORMER_CUSTOMER, type HeldVoteDecision, type PartReviewSort, type RatingSummary } from '@pcpp/contracts/core';
import { type Collection, type Filter, MongoServerError, ObjectId, type Sort, type WithId } from 'mongodb';
import { findListed } from '../../paging';
import type { PartDocument } from '../parts/documents';
import type { UserDocument } from '../users/documents';
import type { PartReviewDocument, PartReviewsCollections, PartReviewVoteDocument } from './documents';

const DUPLICATE_KEY = 11000;
const SHOWN: Filter<PartReviewDocument> = { hidden: { $ne: true } };
const SORTS: Record<PartReviewSort, Sort> = {
  newest: { createdAt: -1, _id: -1 },
  helpful: { helpful: -1, createdAt: -1, _id: -1 },
};

/** Called after each write public catalog reads show (catalog-cache.ts drops its answers). */
export function createPartReviewsRepository(
  collections: PartReviewsCollections & { parts: Collection<PartDocument>; users: Collection<UserDocument> },
  { onCatalogChange = () => {} } = {},
) {
  const { partReviews, partReviewVotes, parts, users } = collections;

  /**
   * Writes the part's rating from its shown reviews, so the catalog sorts and filters on one
   * indexed field. Recounted whole each time: a lost race leaves it right at the next write.
   */
  async function refreshRating(productId: ObjectId): Promise<void> {
    const rows = await partReviews
      .aggregate<{ _id: number; count: number }>([{ $match: { productId, ...SHOWN } }, { $group: { _id: '$rating', count: { $sum: 1 } } }])
      .toArray();
    const histogram: RatingSummary['histogram'] = [0, 0, 0, 0, 0];
    for (const row of rows) if (row._id >= 1 && row._id <= 5) histogram[row._id - 1] = row.count;
    const count = histogram.reduce((sum, n) => sum + n, 0);
    const average = count === 0 ? 0 : Math.round((histogram.reduce((sum, n, i) => sum + n * (i + 1), 0) / count) * 10) / 10;
    await parts.updateOne({ _id: productId }, count === 0 ? { $unset: { rating: '', ratingHistogram: '' } } : { $set: { rating: { average, count }, ratingHistogram: histogram } });
    onCatalogChange();
  }

  return {
    findPart: (productId: ObjectId) => parts.findOne({ _id: productId }),

    async findShownPage(productId: ObjectId, sort: PartReviewSort, page: { skip: number; limit: number }) {
      const { docs, total = 0 } = await findListed(partReviews, { productId, ...SHOWN }, SORTS[sort], page);
      return { docs, total };
    },

    async findForModeration(filter: { productId?: ObjectId; hidden?: boolean; heldVotes?: boolean }, page: { skip: number; limit: number }) {
      const query: Filter<PartReviewDocument> = {};
      if (filter.productId) query.productId = filter.productId;
      if (filter.hidden !== undefined) query.hidden = filter.hidden ? true : { $ne: true };
      if (filter.heldVotes !== undefined) query.heldVotes = filter.heldVotes ? { $gt: 0 } : { $not: { $gt: 0 } };
      const { docs, total = 0 } = await findListed(partReviews, query, SORTS.newest, page);
      return { docs, total };
    },

    partNames: async (ids: ObjectId[]) =>
      new Map((await parts.find({ _id: { $in: ids } }).toArray()).map((part) => [part._id.toHexString(), part.name])),

    findById: (id: ObjectId) => partReviews.findOne({ _id: id }),

    /** When the shop's account was made (its first sign-in): how new a voter is. Null for an unknown account. */
    accountCreatedAt: async (accountId: ObjectId) => (await users.findOne({ _id: accountId }))?.createdAt ?? null,
    findMine: (productId: ObjectId, authorId: ObjectId) => partReviews.findOne({ productId, authorId }),

    async helpfulIdsOf(voterId: ObjectId, reviewIds: ObjectId[]): Promise<string[]> {
      if (reviewIds.length === 0) return [];
      return (await partReviewVotes.find({ voterId, reviewId: { $in: reviewIds } }).toArray()).map((vote) => vote.reviewId.toHexString());
    },
    reviewIdsOf: async (productId: ObjectId) => (await partReviews.find({ productId }).toArray()).map((doc) => doc._id),

    /** Stores the review; null when the account already has one of this part (the unique index says so). */
    async insert(review: PartReviewDocument): Promise<WithId<PartReviewDocument> | null> {
      try {
        const { insertedId } = await partReviews.insertOne({ ...review });
        await refreshRating(review.productId);
        return { ...review, _id: insertedId };
      } catch (error) {
        if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return null;
        throw error;
      }
    },

    async update(id: ObjectId, authorId: ObjectId, set: Pick<PartReviewDocument, 'rating' | 'title' | 'text' | 'updatedAt'>) {
      const result = await partReviews.updateOne({ _id: id, authorId }, { $set: set });
      if (result.matchedCount === 0) return null;
      const doc = await partReviews.findOne({ _id: id });
      if (doc) await refreshRating(doc.productId);
      return doc;
    },

    async delete(doc: WithId<PartReviewDocument>): Promise<void> {
      await partReviews.deleteOne({ _id: doc._id, authorId: doc.authorId });
      await partReviewVotes.deleteMany({ reviewId: doc._id });
      await refreshRating(doc.productId);
    },

    /** The account's reviews of parts, newest first (its data export). */
    byAuthor: (authorId: ObjectId) => partReviews.find({ authorId }).sort({ createdAt: -1, _id: -1 }).toArray(),

    /** The author's email moved. */
    async renameAuthorEmail(authorId: ObjectId, email: string): Promise<void> {
      await partReviews.updateMany({ authorId }, { $set: { authorEmail: email } });
    },

    /**
     * Closing the account: its reviews stay (the parts' ratings with them), signed FORMER_CUSTOMER;
     * each gets an author id of its own that names no account (one review per part and author).
     */
    async anonymiseAuthor(authorId: ObjectId): Promise<void> {
      const docs = await partReviews.find({ authorId }).toArray();
      for (const doc of docs) {
        await partReviews.updateOne({ _id: doc._id }, { $set: { name: FORMER_CUSTOMER, authorEmail: ERASED_MARKER, authorId: new ObjectId() } });
      }
      if (docs.length > 0) onCatalogChange();
    },

    /** Stores one account's "helpful" once: false when it had already. The count is `recountVotes`' business. */
    async addVote(vote: PartReviewVoteDocument): Promise<boolean> {
      try {
        await partReviewVotes.insertOne({ ...vote });
        return true;
      } catch (error) {
        if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return false;
        throw error;
      }
    },

    /** Votes given since `since`: by one account, or from one address (the daily limits). */
    votesSince: (by: { voterId: ObjectId } | { addressHash: string }, since: Date) =>
      partReviewVotes.countDocuments({ ...by, createdAt: { $gte: since } }),

    /**
     * Holds back the new accounts' votes on the review since `since` (none an admin counted) once
     * they are `burst` or more; true when it did.
     */
    async holdBurst(reviewId: ObjectId, since: Date, burst: number): Promise<boolean> {
      const filter: Filter<PartReviewVoteDocument> = { reviewId, newAccount: true, cleared: { $ne: true }, createdAt: { $gte: since } };
      if ((await partReviewVotes.countDocuments(filter)) < burst) return false;
      await partReviewVotes.updateMany(filter, { $set: { held: true } });
      return true;
    },

    /** An admin's decision on a review's held votes: counted (and never held again) or deleted; how many. */
    async decideHeld(reviewId: ObjectId, decision: HeldVoteDecision): Promise<number> {
      const held: Filter<PartReviewVoteDocument> = { reviewId, held: true };
      if (decision === 'discard') return (await partReviewVotes.deleteMany(held)).deletedCount;
      return (await partReviewVotes.updateMany(held, { $set: { held: false, cleared: true } })).modifiedCount;
    },

    /**
     * Writes the review's count from its votes (those held back apart), so a race or a decision
     * leaves it right: recounted whole each time. The review after.
     */
    async recountVotes(reviewId: ObjectId): Promise<WithId<PartReviewDocument> | null> {
      const [helpful, heldVotes] = await Promise.all([
        partReviewVotes.countDocuments({ reviewId, held: { $ne: true } }),
        partReviewVotes.countDocuments({ reviewId, held: true }),
      ]);
      await partReviews.updateOne({ _id: reviewId }, heldVotes > 0 ? { $set: { helpful, heldVotes } } : { $set: { helpful }, $unset: { heldVotes: '' } });
      onCatalogChange();
      return partReviews.findOne({ _id: reviewId });
    },

    /** Hides or shows; true when this call changed it. */
    async setHidden(doc: WithId<PartReviewDocument>, hidden: boolean): Promise<boolean> {
      const filter: Filter<PartReviewDocument> = hidden ? { _id: doc._id, hidden: { $ne: true } } : { _id: doc._id, hidden: true };
      const changed = (await partReviews.updateOne(filter, { $set: { hidden } })).modifiedCount === 1;
      if (changed) await refreshRating(doc.productId);
      return changed;
    },
  };
}

export type PartReviewsRepository = ReturnType<typeof createPartReviewsRepository>;
