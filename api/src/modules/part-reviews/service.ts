import {
  ADMIN_PAGE_SIZE,
  type ModeratedPartReview,
  type MyPartReview,
  type Page,
  PART_REVIEW_PAGE_SIZE,
  type PartReview,
  type PartReviewPage,
  partReviewText,
  publicNameOf,
  shownName,
} from '@pcpp/contracts/core';
import { ObjectId, type WithId } from 'mongodb';
import type { AccessClaims } from '../../auth/access-token';
import type { IdentityProvider } from '../../auth/firebase';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import { pageRequest, toPage } from '../../paging';
import type { ActivityRecorder } from '../activity/service';
import type { PartReviewDocument } from './documents';
import type { OrdersModule } from '../orders';
import type { PartReviewsRepository } from './repository';
import type { PartReviewBody, PartReviewListQuery, PartReviewModerationQuery } from './validators';

const month = (date: Date) => date.toISOString().slice(0, 7);

/** Field by field: the author's email and id stay on the server. */
export function toPartReview(doc: WithId<PartReviewDocument>): PartReview {
  return {
    _id: doc._id.toHexString(),
    productId: doc.productId.toHexString(),
    // Stored before direction controls were taken out of display names: shown without them.
    name: shownName(doc.name),
    rating: doc.rating,
    title: doc.title,
    text: doc.text,
    purchasedMonth: month(doc.purchasedAt),
    helpful: doc.helpful,
    createdAt: doc.createdAt.toISOString(),
    ...(doc.updatedAt ? { updatedAt: doc.updatedAt.toISOString() } : {}),
  };
}

export function createPartReviewsService(deps: {
  repo: PartReviewsRepository;
  /** Whether the caller bought the part: the orders module's answer (its first paid line of the part). */
  orders: Pick<OrdersModule, 'firstPaidLine'>;
  identity: Pick<IdentityProvider, 'accountByEmail'>;
  activity: ActivityRecorder;
}) {
  const { repo } = deps;
  const accountId = (caller: AccessClaims) => ObjectId.createFromHexString(caller.sub);

  async function partOrNotFound(productId: ObjectId) {
    const part = await repo.findPart(productId);
    if (!part) throw new NotFoundError('Part not found');
    return part;
  }

  /** The caller's own review of this part, or the reason it is not theirs to change. */
  async function ownReview(caller: AccessClaims, productId: ObjectId, reviewId: ObjectId) {
    const doc = await repo.findById(reviewId);
    if (!doc || !doc.productId.equals(productId)) throw new NotFoundError(partReviewText.notFound);
    if (!doc.authorId.equals(accountId(caller))) throw new ForbiddenError(partReviewText.notYours);
    return doc;
  }

  return {
    /** GET /tools/{id}/reviews: the part's summary and one page of its shown reviews. */
    async list(productId: ObjectId, query: PartReviewListQuery): Promise<PartReviewPage> {
      const part = await partOrNotFound(productId);
      const paging = pageRequest(query, PART_REVIEW_PAGE_SIZE);
      const { docs, total } = await repo.findShownPage(productId, query.sort ?? 'newest', paging);
      return {
        ...toPage(docs.map(toPartReview), total, paging),
        summary: { average: part.rating?.average ?? 0, count: part.rating?.count ?? 0, histogram: part.ratingHistogram ?? [0, 0, 0, 0, 0] },
      };
    },

    /** GET /tools/{id}/reviews/mine: whether the caller may review, their review, their votes. */
    async mine(caller: AccessClaims, productId: ObjectId): Promise<MyPartReview> {
      await partOrNotFound(productId);
      const [order, review, reviewIds] = await Promise.all([
        deps.orders.firstPaidLine(caller.email, productId),
        repo.findMine(productId, accountId(caller)),
        repo.reviewIdsOf(productId),
      ]);
      return {
        canReview: order !== null,
        review: review ? { ...toPartReview(review), hidden: review.hidden === true } : null,
        helpfulIds: await repo.helpfulIdsOf(accountId(caller), reviewIds),
      };
    },

    /**
     * POST /tools/{id}/reviews: only with a paid order of this very part (no rating without a
     * purchase), once per part and account. The name is the account's, never the client's.
     */
    async add(caller: AccessClaims, productId: ObjectId, input: PartReviewBody): Promise<PartReview> {
      await partOrNotFound(productId);
      const order = await deps.orders.firstPaidLine(caller.email, productId);
      if (!order) throw new ForbiddenError(partReviewText.notBuyer);
      const { displayName } = await deps.identity.accountByEmail(caller.email);
      const saved = await repo.insert({
        productId,
        authorId: accountId(caller),
        authorEmail: caller.email,
        name: publicNameOf({ displayName, email: caller.email }),
        rating: input.rating,
        title: input.title,
        text: input.text,
        purchasedAt: order.placedAt,
        helpful: 0,
        createdAt: new Date(),
      });
      if (!saved) throw new ConflictError(partReviewText.alreadyReviewed);
      return toPartReview(saved);
    },

    async edit(caller: AccessClaims, productId: ObjectId, reviewId: ObjectId, input: PartReviewBody): Promise<PartReview> {
      await ownReview(caller, productId, reviewId);
      const doc = await repo.update(reviewId, accountId(caller), { rating: input.rating, title: input.title, text: input.text, updatedAt: new Date() });
      if (!doc) throw new NotFoundError(partReviewText.notFound);
      return toPartReview(doc);
    },

    async remove(caller: AccessClaims, productId: ObjectId, reviewId: ObjectId): Promise<void> {
      await repo.delete(await ownReview(caller, productId, reviewId));
    },

    /** POST …/helpful: once per account, never on one's own review, only on a shown review. */
    async markHelpful(caller: AccessClaims, productId: ObjectId, reviewId: ObjectId): Promise<PartReview> {
      const doc = await repo.findById(reviewId);
      if (!doc || !doc.productId.equals(productId) || doc.hidden) throw new NotFoundError(partReviewText.notFound);
      if (doc.authorId.equals(accountId(caller))) throw new ForbiddenError(partReviewText.ownHelpful);
      if (!(await repo.addHelpful(reviewId, accountId(caller)))) throw new ConflictError(partReviewText.alreadyHelpful);
      return toPartReview({ ...doc, helpful: doc.helpful + 1 });
    },

    /** GET /part-reviews (admin): every part review, hidden ones included, newest first. */
    async listForModeration(query: PartReviewModerationQuery): Promise<Page<ModeratedPartReview>> {
      const paging = pageRequest(query, ADMIN_PAGE_SIZE);
      const { docs, total } = await repo.findForModeration({ productId: query.productId, hidden: query.hidden }, paging);
      const names = await repo.partNames([...new Map(docs.map((doc) => [doc.productId.toHexString(), doc.productId])).values()]);
      return toPage(
        docs.map((doc) => toModerated(doc, names.get(doc.productId.toHexString()))),
        total,
        paging,
      );
    },

    /** PATCH /part-reviews/{id} (admin): a hidden review leaves the part's page and its rating. */
    async setHidden(caller: AccessClaims, id: ObjectId, hidden: boolean): Promise<ModeratedPartReview> {
      const before = await repo.findById(id);
      if (!before) throw new NotFoundError(partReviewText.notFound);
      const changed = await repo.setHidden(before, hidden);
      const doc = (await repo.findById(id)) ?? before;
      const partName = (await repo.partNames([doc.productId])).get(doc.productId.toHexString());
      if (changed) {
        await deps.activity.record({
          action: hidden ? 'review.hidden' : 'review.shown',
          actor: caller.email,
          target: `${doc.name} on ${partName ?? 'a deleted part'}: “${doc.title}”`,
          subject: { kind: 'review', id: id.toHexString() },
        });
      }
      return toModerated(doc, partName);
    },
  };
}

function toModerated(doc: WithId<PartReviewDocument>, partName: string | undefined): ModeratedPartReview {
  return { ...toPartReview(doc), partName: partName ?? 'Deleted part', authorEmail: doc.authorEmail, hidden: doc.hidden === true };
}

export type PartReviewsService = ReturnType<typeof createPartReviewsService>;
