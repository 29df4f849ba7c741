import { z } from 'zod';
import type { Page } from './admin';
import type { PartRating } from './entities';
import { countSchema, isoDateTimeSchema, objectIdStringSchema, pageSchema, partRatingSchema } from './entity-schemas';
import { HELD_VOTE_DECISIONS, PART_REVIEW_TEXT_MAX, PART_REVIEW_TITLE_MAX, partReviewText } from './part-reviews';
import { freeText } from './text';

// The schemas of part reviews (issue 33): the api's answers and the review form's input.

/** The part page's summary: the rating, and how many reviews gave 1…5 stars (index 0 is 1 star). */
export interface RatingSummary extends PartRating {
  histogram: [number, number, number, number, number];
}
export const ratingSummarySchema = partRatingSchema.extend({
  histogram: z.tuple([countSchema, countSchema, countSchema, countSchema, countSchema]),
}) satisfies z.ZodType<RatingSummary>;

export interface PartReview {
  _id: string;
  productId: string;
  /** The author's public name (display name, else the email's local part). */
  name: string;
  rating: number;
  title: string;
  text: string;
  /** The month of the author's first paid order of the part: YYYY-MM. */
  purchasedMonth: string;
  /** How many accounts found it helpful. */
  helpful: number;
  createdAt: string;
  updatedAt?: string;
}
export const partReviewSchema = z.object({
  _id: objectIdStringSchema,
  productId: objectIdStringSchema,
  name: z.string(),
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  text: z.string(),
  purchasedMonth: z.string().regex(/^\d{4}-\d{2}$/),
  helpful: countSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema.optional(),
}) satisfies z.ZodType<PartReview>;

/** GET /tools/{id}/reviews: one page of the shown reviews and the part's summary. */
export interface PartReviewPage extends Page<PartReview> {
  summary: RatingSummary;
}
export const partReviewPageSchema = pageSchema(partReviewSchema).extend({ summary: ratingSummarySchema }) satisfies z.ZodType<PartReviewPage>;

/** GET /tools/{id}/reviews/mine: what the signed-in account may do on the part's page. */
export interface MyPartReview {
  /** A paid order of the part exists (no rating without a purchase). */
  canReview: boolean;
  /** The account's review of the part, hidden or not. */
  review: (PartReview & { hidden: boolean }) | null;
  /** Reviews of the part this account already found helpful. */
  helpfulIds: string[];
}
export const myPartReviewSchema = z.object({
  canReview: z.boolean(),
  review: partReviewSchema.extend({ hidden: z.boolean() }).nullable(),
  helpfulIds: z.array(objectIdStringSchema),
}) satisfies z.ZodType<MyPartReview>;

/** GET /part-reviews (admin): a review with its part, author and visibility. */
export interface ModeratedPartReview extends PartReview {
  partName: string;
  authorEmail: string;
  hidden: boolean;
  /** "Helpful" votes held back from the count (a burst from new accounts) until an admin decides. */
  heldVotes: number;
}
export const moderatedPartReviewSchema = partReviewSchema.extend({
  partName: z.string(),
  authorEmail: z.string(),
  hidden: z.boolean(),
  heldVotes: z.number().int().min(0),
}) satisfies z.ZodType<ModeratedPartReview>;

/** POST /part-reviews/{id}/held-votes (admin): count the held votes, or discard them. Strict. */
export const heldVotesDecisionSchema = z.strictObject({
  decision: z.enum(HELD_VOTE_DECISIONS, { error: `decision must be one of: ${HELD_VOTE_DECISIONS.join(', ')}` }),
});
export type HeldVotesDecision = z.output<typeof heldVotesDecisionSchema>;

/** The form's and the api's body of POST /tools/{id}/reviews and PUT …/{reviewId}. Strict. */
export const partReviewInputSchema = z.strictObject({
  rating: z.number({ error: partReviewText.ratingRequired }).int(partReviewText.ratingRequired).min(1, partReviewText.ratingRequired).max(5, partReviewText.ratingRequired),
  title: freeText(partReviewText.titleRequired, PART_REVIEW_TITLE_MAX, partReviewText.titleTooLong),
  text: freeText(partReviewText.textRequired, PART_REVIEW_TEXT_MAX, partReviewText.textTooLong),
});
export type PartReviewInput = z.input<typeof partReviewInputSchema>;
