import { createHmac } from 'node:crypto';
import {
  ADMIN_PAGE_SIZE,
  type HeldVoteDecision,
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
import {
  DEFAULT_HELPFUL_BURST_VOTES,
  DEFAULT_HELPFUL_NEW_ACCOUNT_DAYS,
  DEFAULT_HELPFUL_VOTES_PER_ACCOUNT,
  DEFAULT_HELPFUL_VOTES_PER_ADDRESS,
  type HelpfulVoteLimits,
} from '../../config';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError } from '../../errors';
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

export const DEFAULT_HELPFUL_VOTE_LIMITS: HelpfulVoteLimits = {
  perAccountPerDay: DEFAULT_HELPFUL_VOTES_PER_ACCOUNT,
  perAddressPerDay: DEFAULT_HELPFUL_VOTES_PER_ADDRESS,
  newAccountDays: DEFAULT_HELPFUL_NEW_ACCOUNT_DAYS,
  burstVotes: DEFAULT_HELPFUL_BURST_VOTES,
};
const DAY_MS = 86_400_000;

export function createPartReviewsService(deps: {
  repo: PartReviewsRepository;
  /** Whether the caller bought the part: the orders module's answer (its first paid line of the part). */
  orders: Pick<OrdersModule, 'firstPaidLine'>;
  identity: Pick<IdentityProvider, 'accountByEmail'>;
  activity: ActivityRecorder;
  /** "Was this helpful?": its limits, and the key the voters' addresses are hashed with (never stored as they are). */
  votes?: { limits: HelpfulVoteLimits; addressKey: string };
  now?: () => Date;
}) {
  const { repo } = deps;
  const limits = deps.votes?.limits ?? DEFAULT_HELPFUL_VOTE_LIMITS;
  const addressKey = deps.votes?.addressKey ?? 'part-review-votes';
  const now = deps.now ?? (() => new Date());
  const hashAddress = (address: string) => createHmac('sha256', addressKey).update(address).digest('base64url');
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

    /**
     * POST …/helpful: once per account, never on one's own review, only on a shown review; only
     * from a verified account, within the day's limits per account and per address. A new account's
     * vote that makes a burst of new accounts' votes on the review holds the burst back from the
     * count until an admin counts or discards it (`decideHeldVotes`). The review with its count.
     */
    async markHelpful(caller: AccessClaims, productId: ObjectId, reviewId: ObjectId, address: string): Promise<PartReview> {
      const doc = await repo.findById(reviewId);
      if (!doc || !doc.productId.equals(productId) || doc.hidden) throw new NotFoundError(partReviewText.notFound);
      const voterId = accountId(caller);
      if (doc.authorId.equals(voterId)) throw new ForbiddenError(partReviewText.ownHelpful);
      const { emailVerified } = await deps.identity.accountByEmail(caller.email);
      if (!emailVerified) throw new ForbiddenError(partReviewText.verifyToVote);
      // The limits count the votes of the day (UTC); the burst, those of the last 24 hours.
      const at = now();
      const today = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
      const dayAgo = new Date(at.getTime() - DAY_MS);
      const addressHash = hashAddress(address);
      const secondsToMidnight = Math.max(1, Math.ceil((today.getTime() + DAY_MS - at.getTime()) / 1000));
      if ((await repo.votesSince({ voterId }, today)) >= limits.perAccountPerDay) {
        throw new TooManyRequestsError(partReviewText.votesPerAccount(limits.perAccountPerDay), secondsToMidnight);
      }
      if ((await repo.votesSince({ addressHash }, today)) >= limits.perAddressPerDay) {
        throw new TooManyRequestsError(partReviewText.votesPerAddress, secondsToMidnight);
      }
      const createdAt = await repo.accountCreatedAt(voterId);
      const newAccount = createdAt === null || at.getTime() - createdAt.getTime() < limits.newAccountDays * DAY_MS;
      if (!(await repo.addVote({ reviewId, voterId, addressHash, newAccount, createdAt: at }))) throw new ConflictError(partReviewText.alreadyHelpful);
      if (newAccount) await repo.holdBurst(reviewId, dayAgo, limits.burstVotes);
      const after = await repo.recountVotes(reviewId);
      return toPartReview(after ?? doc);
    },

    /**
     * POST /part-reviews/{id}/held-votes (admin): the votes held back from the review's count are
     * counted (and never held again) or discarded; logged when there were any.
     */
    async decideHeldVotes(caller: AccessClaims, id: ObjectId, decision: HeldVoteDecision): Promise<ModeratedPartReview> {
      const before = await repo.findById(id);
      if (!before) throw new NotFoundError(partReviewText.notFound);
      const decided = await repo.decideHeld(id, decision);
      const doc = (await repo.recountVotes(id)) ?? before;
      const partName = (await repo.partNames([doc.productId])).get(doc.productId.toHexString());
      if (decided > 0) {
        await deps.activity.record({
          action: decision === 'count' ? 'review.votesCounted' : 'review.votesDiscarded',
          actor: caller.email,
          target: `${doc.name} on ${partName ?? 'a deleted part'}: “${doc.title}”`,
          details: `${decided} ${decided === 1 ? 'vote' : 'votes'}`,
          subject: { kind: 'review', id: id.toHexString() },
        });
      }
      return toModerated(doc, partName);
    },

    /** GET /part-reviews (admin): every part review, hidden ones included, newest first. */
    async listForModeration(query: PartReviewModerationQuery): Promise<Page<ModeratedPartReview>> {
      const paging = pageRequest(query, ADMIN_PAGE_SIZE);
      const { docs, total } = await repo.findForModeration({ productId: query.productId, hidden: query.hidden, heldVotes: query.heldVotes }, paging);
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
  return { ...toPartReview(doc), partName: partName ?? 'Deleted part', authorEmail: doc.authorEmail, hidden: doc.hidden === true, heldVotes: doc.heldVotes ?? 0 };
}

export type PartReviewsService = ReturnType<typeof createPartReviewsService>;
