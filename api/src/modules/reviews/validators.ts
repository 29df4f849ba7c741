import { reviewInputSchema, reviewVisibilityInputSchema, unknownQueryParameterError } from '@pcpp/contracts/core';
import { z } from 'zod';
import { pagingFields } from '../../paging';
import { objectIdSchema } from '../../validation';

/**
 * Body of POST /addReview: the form's rule from contracts (ratings '0'-'5' as a string, stored as
 * a whole number; the text trimmed, 1-1000 characters), and nothing else. The spec's client also
 * sends `name`: it is accepted and dropped, since the name comes from the account.
 */
export const addReviewBodySchema = z
  .strictObject({ ...reviewInputSchema.shape, name: z.unknown().optional() })
  .transform(({ ratings, review }) => ({ ratings, review }));

export type AddReviewBody = z.output<typeof addReviewBodySchema>;

/**
 * GET /reviews?sort=newest&page=&limit= (strict). Any parameter asks for a page, newest first;
 * the plain call keeps the spec's array.
 */
export const reviewListQuerySchema = z.strictObject(
  { sort: z.enum(['newest'], { error: 'sort must be newest' }).optional(), ...pagingFields },
  { error: unknownQueryParameterError(['sort', 'page', 'limit']) },
);
export type ReviewListQuery = z.output<typeof reviewListQuerySchema>;

/** GET /reviews/all?page=&limit= (admin, strict). */
export const moderationQuerySchema = z.strictObject(pagingFields, {
  error: unknownQueryParameterError(['page', 'limit']),
});
export type ModerationQuery = z.output<typeof moderationQuerySchema>;

export const reviewParamsSchema = z.strictObject({ id: objectIdSchema('review id') });

/** PATCH /reviews/{id} (admin): `{hidden: true}` or `{hidden: false}`, nothing else. */
export const reviewVisibilityBodySchema = reviewVisibilityInputSchema;
