import {
  ADMIN_PAGE_SIZE,
  HOME_LIST_SIZE,
  type ModeratedReview,
  type Page,
  publicNameOf,
  shownName,
  type Review,
} from '@pcpp/contracts/core';
import { ObjectId, type WithId } from 'mongodb';
import type { AccessClaims } from '../../auth/access-token';
import type { IdentityProvider } from '../../auth/firebase';
import type { ReviewDocument } from './documents';
import { NotFoundError } from '../../errors';
import { pageRequest, toPage } from '../../paging';
import type { ActivityRecorder } from '../activity/service';
import type { UsersRepository } from '../users/repository';
import type { ReviewsRepository } from './repository';
import type { AddReviewBody, ModerationQuery, ReviewListQuery } from './validators';

/**
 * Field by field, so nothing stored but unlisted (or unprojected) reaches a client. `byAdmin`
 * marks a review whose author's account is an admin's, so no admin's word passes as a customer's.
 */
export function toReview(doc: WithId<ReviewDocument>, byAdmin = false): Review {
  return {
    _id: doc._id.toHexString(),
    // Stored before direction controls were taken out of display names: shown without them.
    name: shownName(doc.name),
    review: doc.review,
    ratings: doc.ratings,
    ...(byAdmin ? { byAdmin: true as const } : {}),
  };
}

function toModeratedReview(doc: WithId<ReviewDocument>, admins: Set<string>): ModeratedReview {
  return {
    _id: doc._id.toHexString(),
    name: doc.name,
    review: doc.review,
    ratings: doc.ratings,
    hidden: doc.hidden === true,
    ...(doc.authorEmail ? { author: { email: doc.authorEmail, admin: admins.has(doc.authorEmail) } } : {}),
    createdAt: doc.createdAt.toISOString(),
  };
}

/** The activity log's words for a review: its author's name and the start of its text. */
function describeReview(doc: ReviewDocument): string {
  const text = doc.review.length > 60 ? `${doc.review.slice(0, 60)}…` : doc.review;
  return `${doc.name}: “${text}”`;
}

export function createReviewsService(deps: {
  reviews: ReviewsRepository;
  identity: Pick<IdentityProvider, 'accountByEmail'>;
  users: Pick<UsersRepository, 'adminEmailsAmong'>;
  activity: ActivityRecorder;
}) {
  /** The emails among these reviews' authors that belong to admin accounts now. */
  const adminAuthorsOf = (docs: ReviewDocument[]) =>
    deps.users.adminEmailsAmong(docs.flatMap((doc) => (doc.authorEmail ? [doc.authorEmail] : [])));

  async function toReviews(docs: WithId<ReviewDocument>[]): Promise<Review[]> {
    const admins = await adminAuthorsOf(docs);
    return docs.map((doc) => toReview(doc, doc.authorEmail !== undefined && admins.has(doc.authorEmail)));
  }

  return {
    /** The spec's GET /reviews: every review not hidden, newest last. */
    async list(): Promise<Review[]> {
      return toReviews(await deps.reviews.findPublic());
    },

    /** GET /reviews with parameters: one page of the reviews not hidden, newest first (six by default). */
    async latest(query: ReviewListQuery): Promise<Page<Review>> {
      const paging = pageRequest(query, HOME_LIST_SIZE);
      const { docs, total } = await deps.reviews.findPage(paging, { includeHidden: false });
      return toPage(await toReviews(docs), total, paging);
    },

    /** GET /reviews/all (admin): every review, hidden ones included, newest first. */
    async listForModeration(query: ModerationQuery): Promise<Page<ModeratedReview>> {
      const paging = pageRequest(query, ADMIN_PAGE_SIZE);
      const { docs, total } = await deps.reviews.findPage(paging, { includeHidden: true });
      const admins = await adminAuthorsOf(docs);
      return toPage(
        docs.map((doc) => toModeratedReview(doc, admins)),
        total,
        paging,
      );
    },

    /**
     * PATCH /reviews/{id} (admin): hides or shows a review. Only a call that changed something is
     * recorded in the activity log.
     */
    async setHidden(caller: AccessClaims, id: ObjectId, hidden: boolean): Promise<ModeratedReview> {
      const changed = await deps.reviews.setHidden(id, hidden);
      const doc = await deps.reviews.findById(id);
      if (!doc) throw new NotFoundError('Review not found');
      if (changed) {
        await deps.activity.record({
          action: hidden ? 'review.hidden' : 'review.shown',
          actor: caller.email,
          target: describeReview(doc),
          subject: { kind: 'review', id: id.toHexString() },
        });
      }
      return toModeratedReview(doc, await adminAuthorsOf([doc]));
    },

    /**
     * A review is posted under the caller's account (its id and email are kept with it): the name
     * is the one the identity provider holds now (the display name, else the email's local part),
     * never one the client sends. Only customers get here (routes.ts refuses admins).
     */
    async add(caller: AccessClaims, input: AddReviewBody): Promise<Review> {
      const { displayName } = await deps.identity.accountByEmail(caller.email);
      const saved = await deps.reviews.insert({
        name: publicNameOf({ displayName, email: caller.email }),
        review: input.review,
        ratings: input.ratings,
        authorId: ObjectId.createFromHexString(caller.sub),
        authorEmail: caller.email,
        createdAt: new Date(),
      });
      return toReview(saved);
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
