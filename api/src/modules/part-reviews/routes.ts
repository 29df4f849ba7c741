import {
  deletedCountAnswerSchema,
  moderatedPartReviewSchema,
  myPartReviewSchema,
  pageSchema,
  partReviewPageSchema,
  partReviewSchema,
  partReviewText,
} from '@pcpp/contracts/core';
import { accessClaims } from '../../auth/middleware';
import type { CatalogCache } from '../../catalog-cache';
import { routeDeclarer, type RouteModule, SENT } from '../../http/route-spec';
import { examples } from '../../openapi/examples';
import type { PartReviewsService } from './service';
import {
  moderatedPartReviewParamsSchema,
  partParamsSchema,
  partReviewBodySchema,
  partReviewListQuerySchema,
  partReviewModerationQuerySchema,
  partReviewParamsSchema,
  partReviewVisibilityBodySchema,
  heldVotesBodySchema,
} from './validators';

export interface PartReviewsRouteDeps {
  partReviews: PartReviewsService;
  catalogCache: CatalogCache;
}

const route = routeDeclarer<PartReviewsRouteDeps>();
const NO_PART = { description: 'No part has this id.' };
const NO_REVIEW = { description: 'No review of this part has this id.' };
const NOT_AUTHOR = { description: 'The review is another account’s: only its author changes or deletes it.' };

// Reviews of one part (issue 33). Writing takes a paid order of the part; admins moderate only.
export const partReviewsRoutes: RouteModule<PartReviewsRouteDeps> = {
  name: 'part-reviews',
  routes: [
    route({
      method: 'get',
      path: '/tools/{id}/reviews',
      operationId: 'listPartReviews',
      tag: 'Part reviews',
      summary: 'A part’s reviews and rating summary',
      description: 'Shown reviews only, newest (default) or most helpful first, paged (5 by default). Public and cached briefly (ETag, 304).',
      access: 'public',
      params: partParamsSchema,
      query: partReviewListQuerySchema,
      answers: {
        200: { description: 'One page of reviews and the part’s summary (average to one decimal, count, 1–5 star histogram).', schema: partReviewPageSchema, example: examples.partReviewPage },
        404: NO_PART,
      },
      handle:
        ({ partReviews, catalogCache }) =>
        async ({ params, query }, req, res) => {
          await catalogCache.serve(req, res, () => partReviews.list(params.id, query));
          return SENT;
        },
    }),
    route({
      method: 'get',
      path: '/tools/{id}/reviews/mine',
      operationId: 'getMyPartReview',
      tag: 'Part reviews',
      summary: 'My review of a part, and whether I may write one',
      access: 'customer',
      params: partParamsSchema,
      answers: { 200: { description: 'Whether a paid order allows a review, the account’s review, and its “helpful” marks on this part.', schema: myPartReviewSchema, example: examples.myPartReview }, 404: NO_PART },
      handle:
        ({ partReviews }) =>
        ({ params }, req) =>
          partReviews.mine(accessClaims(req), params.id),
    }),
    route({
      method: 'post',
      path: '/tools/{id}/reviews',
      operationId: 'addPartReview',
      tag: 'Part reviews',
      summary: 'Review a part I bought',
      description: 'Only with a paid order of this part; one review per part and account (409 after). 1–5 stars, a title (≤120) and a text (≤2000).',
      access: 'customerOnly',
      adminRefusedMessage: partReviewText.adminRefused,
      rateLimit: 'reviews',
      params: partParamsSchema,
      body: partReviewBodySchema,
      answers: {
        201: { description: 'The review as the public sees it.', schema: partReviewSchema, example: examples.partReview },
        403: { description: 'No paid order of this part (or an admin account).' },
        404: NO_PART,
        409: { description: 'The account has already reviewed this part.' },
      },
      handle:
        ({ partReviews }) =>
        ({ params, body }, req) =>
          partReviews.add(accessClaims(req), params.id, body),
    }),
    route({
      method: 'put',
      path: '/tools/{id}/reviews/{reviewId}',
      operationId: 'editPartReview',
      tag: 'Part reviews',
      summary: 'Edit my review of a part',
      access: 'customerOnly',
      adminRefusedMessage: partReviewText.adminRefused,
      rateLimit: 'reviews',
      params: partReviewParamsSchema,
      body: partReviewBodySchema,
      answers: { 200: { description: 'The review as it is now.', schema: partReviewSchema, example: examples.partReview }, 403: NOT_AUTHOR, 404: NO_REVIEW },
      handle:
        ({ partReviews }) =>
        ({ params, body }, req) =>
          partReviews.edit(accessClaims(req), params.id, params.reviewId, body),
    }),
    route({
      method: 'delete',
      path: '/tools/{id}/reviews/{reviewId}',
      operationId: 'deletePartReview',
      tag: 'Part reviews',
      summary: 'Delete my review of a part',
      description: 'Its “helpful” marks go with it; the part’s rating is counted again.',
      access: 'customerOnly',
      adminRefusedMessage: partReviewText.adminRefused,
      rateLimit: 'reviews',
      params: partReviewParamsSchema,
      answers: { 200: { description: 'Deleted.', schema: deletedCountAnswerSchema, example: { deletedCount: 1 } }, 403: NOT_AUTHOR, 404: NO_REVIEW },
      handle:
        ({ partReviews }) =>
        async ({ params }, req) => {
          await partReviews.remove(accessClaims(req), params.id, params.reviewId);
          return { deletedCount: 1 };
        },
    }),
    route({
      method: 'post',
      path: '/tools/{id}/reviews/{reviewId}/helpful',
      operationId: 'markPartReviewHelpful',
      tag: 'Part reviews',
      summary: 'Was this helpful? Yes',
      description:
        'Once per account (409 after); not on one’s own review, and only from an account whose email is verified (403). ' +
        'An account gives at most HELPFUL_VOTES_PER_ACCOUNT votes a day (UTC), an address at most HELPFUL_VOTES_PER_ADDRESS ' +
        '(429 with Retry-After). Votes of accounts younger than HELPFUL_NEW_ACCOUNT_DAYS that reach HELPFUL_BURST_VOTES on one ' +
        'review within 24 hours are held back from its count until an admin counts or discards them (POST /part-reviews/{id}/held-votes).',
      access: 'customer',
      rateLimit: 'reviews',
      params: partReviewParamsSchema,
      answers: {
        200: { description: 'The review with its count (votes held back not in it).', schema: partReviewSchema, example: examples.partReview },
        403: { description: 'The caller wrote this review, or has not verified its email.' },
        404: NO_REVIEW,
        409: { description: 'The account already marked it helpful.' },
        429: { description: 'The account, or the address, gave the day’s votes already.' },
      },
      handle:
        ({ partReviews }) =>
        ({ params }, req) =>
          partReviews.markHelpful(accessClaims(req), params.id, params.reviewId, req.ip ?? 'unknown'),
    }),
    route({
      method: 'get',
      path: '/part-reviews',
      operationId: 'listPartReviewsForModeration',
      tag: 'Admin',
      summary: 'Part reviews (moderation), hidden ones included',
      access: 'admin',
      query: partReviewModerationQuerySchema,
      answers: { 200: { description: 'One page of part reviews, newest first, of one part, hidden/shown, or with votes held back if asked.', schema: pageSchema(moderatedPartReviewSchema), example: examples.moderatedPartReviewPage } },
      handle:
        ({ partReviews }) =>
        ({ query }) =>
          partReviews.listForModeration(query),
    }),
    route({
      method: 'post',
      path: '/part-reviews/{id}/held-votes',
      operationId: 'decideHeldPartReviewVotes',
      tag: 'Admin',
      summary: 'Count or discard the “helpful” votes held back on a part review',
      description:
        'A burst of new accounts’ votes on one review is held back from its count (GET /part-reviews?heldVotes=true lists those ' +
        'reviews). `count` adds them to the count (they are never held again); `discard` deletes them. Recorded on the Activity page.',
      access: 'admin',
      params: moderatedPartReviewParamsSchema,
      body: heldVotesBodySchema,
      answers: {
        200: { description: 'The review as it is now, its held votes decided.', schema: moderatedPartReviewSchema, example: examples.moderatedPartReview },
        404: { description: 'No part review has this id.' },
      },
      handle:
        ({ partReviews }) =>
        ({ params, body }, req) =>
          partReviews.decideHeldVotes(accessClaims(req), params.id, body.decision),
    }),
    route({
      method: 'patch',
      path: '/part-reviews/{id}',
      operationId: 'setPartReviewHidden',
      tag: 'Admin',
      summary: 'Hide or show a part review',
      description: 'A hidden review leaves the part’s page and its rating. Recorded on the Activity page.',
      access: 'admin',
      params: moderatedPartReviewParamsSchema,
      body: partReviewVisibilityBodySchema,
      answers: { 200: { description: 'The review as it is now.', schema: moderatedPartReviewSchema, example: { ...examples.moderatedPartReview, hidden: true } }, 404: { description: 'No part review has this id.' } },
      handle:
        ({ partReviews }) =>
        ({ params, body }, req) =>
          partReviews.setHidden(accessClaims(req), params.id, body.hidden),
    }),
  ],
};
