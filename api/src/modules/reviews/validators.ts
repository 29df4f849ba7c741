import { reviewInputSchema } from '@pcpp/contracts/core';
import { z } from 'zod';

/**
 * Body of POST /addReview: the form's rule from contracts (ratings '0'-'5' as a string, stored as
 * a whole number; the text trimmed, 1-1000 characters), and nothing else. The spec's client also
 * sends `name`: it is accepted and dropped, since the name comes from the account.
 */
export const addReviewBodySchema = z
  .strictObject({ ...reviewInputSchema.shape, name: z.unknown().optional() })
  .transform(({ ratings, review }) => ({ ratings, review }));

export type AddReviewBody = z.output<typeof addReviewBodySchema>;
