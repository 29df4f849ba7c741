import { FORMER_CUSTOMER } from '@pcpp/contracts/core';
import type { Collection, Filter, ObjectId, WithId } from 'mongodb';
import type { ReviewDocument } from './documents';
import { findListed } from '../../paging';

/** What the public may read: a review an admin hid is never served to it. */
const PUBLIC: Filter<ReviewDocument> = { hidden: { $ne: true } };
// Both orders walk the createdAt_id index (db/mongo.ts); _id orders reviews of the same millisecond.
const OLDEST_FIRST = { createdAt: 1, _id: 1 } as const;
const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

/** Called after each write public catalog reads show (catalog-cache.ts drops its answers). */
export function createReviewsRepository(reviews: Collection<ReviewDocument>, { onCatalogChange = () => {} } = {}) {
  return {
    /** The public reviews, oldest first: the spec's plain list, whose last six the home page shows. */
    findPublic: () => reviews.find(PUBLIC).sort(OLDEST_FIRST).toArray(),

    /** One page of the reviews, newest first, and how many there are: the public ones, or all (the admin's table). */
    async findPage(page: { skip: number; limit: number }, { includeHidden }: { includeHidden: boolean }) {
      const { docs, total = 0 } = await findListed(reviews, includeHidden ? {} : PUBLIC, NEWEST_FIRST, page);
      return { docs, total };
    },

    findById: (id: ObjectId) => reviews.findOne({ _id: id }),

    /** The account's reviews, oldest first (its data export). */
    byAuthor: (authorId: ObjectId) => reviews.find({ authorId }).sort(OLDEST_FIRST).toArray(),

    /** The author's email moved. */
    async renameAuthorEmail(authorId: ObjectId, email: string): Promise<void> {
      await reviews.updateMany({ authorId }, { $set: { authorEmail: email } });
    },

    /** Closing the account: its reviews stay, signed FORMER_CUSTOMER and tied to no account. */
    async anonymiseAuthor(authorId: ObjectId): Promise<void> {
      const { modifiedCount } = await reviews.updateMany({ authorId }, { $set: { name: FORMER_CUSTOMER }, $unset: { authorId: '', authorEmail: '' } });
      if (modifiedCount > 0) onCatalogChange();
    },

    async insert(review: ReviewDocument): Promise<WithId<ReviewDocument>> {
      const { insertedId } = await reviews.insertOne({ ...review });
      onCatalogChange();
      return { ...review, _id: insertedId };
    },

    /**
     * Hides or shows the review; true when this call changed it (false when it already was so,
     * or is not there). Conditional, so two admins pressing at once record one change.
     */
    async setHidden(id: ObjectId, hidden: boolean): Promise<boolean> {
      const filter: Filter<ReviewDocument> = hidden ? { _id: id, hidden: { $ne: true } } : { _id: id, hidden: true };
      const changed = (await reviews.updateOne(filter, { $set: { hidden } })).modifiedCount === 1;
      if (changed) onCatalogChange();
      return changed;
    },
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
