import { heldVotesDecisionSchema, PART_REVIEW_SORTS, partReviewInputSchema, reviewVisibilityInputSchema, unknownQueryParameterError } from '@pcpp/contracts/core';
import { z } from 'zod';
import { pagingFields } from '../../paging';
import { objectIdSchema } from '../../validation';

export const partParamsSchema = z.strictObject({ id: objectIdSchema('part id') });
export const partReviewParamsSchema = z.strictObject({ id: objectIdSchema('part id'), reviewId: objectIdSchema('review id') });
export const moderatedPartReviewParamsSchema = z.strictObject({ id: objectIdSchema('review id') });

/** GET /tools/{id}/reviews?sort=newest|helpful&page=&limit= (strict). */
export const partReviewListQuerySchema = z.strictObject(
  { sort: z.enum(PART_REVIEW_SORTS, { error: `sort must be one of: ${PART_REVIEW_SORTS.join(', ')}` }).optional(), ...pagingFields },
  { error: unknownQueryParameterError(['sort', 'page', 'limit']) },
);
export type PartReviewListQuery = z.output<typeof partReviewListQuerySchema>;

/** GET /part-reviews?productId=&hidden=&page=&limit= (admin, strict). */
export const partReviewModerationQuerySchema = z.strictObject(
  {
    productId: objectIdSchema('part id').optional(),
    hidden: z.enum(['true', 'false'], { error: 'hidden must be true or false' }).transform((value) => value === 'true').optional(),
    heldVotes: z.enum(['true', 'false'], { error: 'heldVotes must be true or false' }).transform((value) => value === 'true').optional(),
    ...pagingFields,
  },
  { error: unknownQueryParameterError(['productId', 'hidden', 'heldVotes', 'page', 'limit']) },
);
export type PartReviewModerationQuery = z.output<typeof partReviewModerationQuerySchema>;

/** POST /tools/{id}/reviews and PUT …/{reviewId}: 1–5 stars, a title and a text, nothing else. */
export const partReviewBodySchema = partReviewInputSchema;
export type PartReviewBody = z.output<typeof partReviewBodySchema>;

export const partReviewVisibilityBodySchema = reviewVisibilityInputSchema;

/** POST /part-reviews/{id}/held-votes (admin): count or discard the votes held back. Strict. */
export const heldVotesBodySchema = heldVotesDecisionSchema;
