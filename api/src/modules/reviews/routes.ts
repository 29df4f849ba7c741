import { moderatedReviewSchema, pageSchema, reviewSchema, reviewText } from '@pcpp/contracts/core';
import { z } from 'zod';
import { accessClaims } from '../../auth/middleware';
import type { CatalogCache } from '../../catalog-cache';
import { routeDeclarer, type RouteModule, SENT } from '../../http/route-spec';
import { examples } from '../../openapi/examples';
import type { ReviewsService } from './service';
import {
  addReviewBodySchema,
  moderationQuerySchema,
  reviewListQuerySchema,
  reviewParamsSchema,
  reviewVisibilityBodySchema,
} from './validators';

export interface ReviewsRouteDeps {
  reviews: ReviewsService;
  catalogCache: CatalogCache;
}

const route = routeDeclarer<ReviewsRouteDeps>();

export const reviewsRoutes: RouteModule<ReviewsRouteDeps> = {
  name: 'reviews',
  routes: [
    route({
      method: 'get',
      path: '/reviews',
      operationId: 'listReviews',
      tag: 'Reviews',
      summary: 'Customers’ reviews',
      description:
        'Hidden reviews are never listed. Without parameters: every review, oldest first, as a plain array (the spec’s call); ' +
        'with any parameter: one page, newest first. Public and cached briefly (ETag, 304).',
      access: 'public',
      query: reviewListQuerySchema,
      answers: {
        200: {
          description: 'The reviews, or one page of them.',
          schema: z.union([z.array(reviewSchema), pageSchema(reviewSchema)]),
          example: examples.reviewPage,
        },
      },
      // The spec's plain call keeps its shape (an array, newest last); any parameter asks for a page.
      handle:
        ({ reviews, catalogCache }) =>
        async ({ query }, req, res) => {
          await catalogCache.serve(req, res, () => (Object.keys(req.query).length === 0 ? reviews.list() : reviews.latest(query)));
          return SENT;
        },
    }),
    route({
      method: 'get',
      path: '/reviews/all',
      operationId: 'listReviewsForModeration',
      tag: 'Admin',
      summary: 'Reviews (moderation), hidden ones included',
      access: 'admin',
      query: moderationQuerySchema,
      answers: {
        200: { description: 'One page of reviews, newest first.', schema: pageSchema(moderatedReviewSchema), example: examples.moderatedReviewPage },
      },
      handle:
        ({ reviews }) =>
        ({ query }) =>
          reviews.listForModeration(query),
    }),
    route({
      method: 'patch',
      path: '/reviews/{id}',
      operationId: 'setReviewHidden',
      tag: 'Admin',
      summary: 'Hide or show a review',
      description: 'A hidden review is kept but never served to the public. Recorded on the Activity page.',
      access: 'admin',
      params: reviewParamsSchema,
      body: reviewVisibilityBodySchema,
      answers: {
        200: { description: 'The review as it is now.', schema: moderatedReviewSchema, example: examples.moderatedReview },
        404: { description: 'No review has this id.' },
      },
      handle:
        ({ reviews }) =>
        ({ params, body }, req) =>
          reviews.setHidden(accessClaims(req), params.id, body.hidden),
    }),
    // Reviews come from customers: the api refuses an admin, whatever the browser shows.
    route({
      method: 'post',
      path: '/addReview',
      operationId: 'addReview',
      tag: 'Reviews',
      summary: 'Add a Review',
      description:
        '`ratings` is the form’s text `0`-`5`, stored as a whole number. The name shown is the account’s; the spec’s `name` is accepted and dropped.',
      access: 'customerOnly',
      adminRefusedMessage: reviewText.adminRefused,
      rateLimit: 'reviews',
      body: addReviewBodySchema,
      answers: { 201: { description: 'The review as the public sees it.', schema: reviewSchema, example: examples.review } },
      handle:
        ({ reviews }) =>
        ({ body }, req) =>
          reviews.add(accessClaims(req), body),
    }),
  ],
};
