import { z } from 'zod';
import type { Page } from './admin';
import type { PartRating } from './entities';
import { countSchema, isoDateTimeSchema, objectIdStringSchema, pageSchema, partRatingSchema } from './entity-schemas';
import { freeText } from './text';

// Reviews of one part (issue 33): written by customers with a paid order of it, one per part and
// account. The shop-wide "Our Customers Reviews" (reviews.ts on the api, GET /reviews) is another thing.

export const PART_REVIEW_SORTS = ['newest', 'helpful'] as const;
export type PartReviewSort = (typeof PART_REVIEW_SORTS)[number];
export const PART_REVIEW_PAGE_SIZE = 5;
export const PART_REVIEW_TITLE_MAX = 120;
export const PART_REVIEW_TEXT_MAX = 2000;
/** The catalog's "4 stars & up": parts whose average rating is at least this. */
export const CATALOG_MIN_RATING = 4;

export const partReviewText = {
  sectionTitle: 'Customer reviews',
  notBuyer: 'Only customers with a paid order of this part can review it.',
  alreadyReviewed: 'You have already reviewed this part: edit your review instead.',
  adminRefused: 'Admin accounts cannot review parts: reviews come from customers.',
  notFound: 'Review not found',
  notYours: 'You can only change or delete your own review.',
  ownHelpful: 'You cannot mark your own review as helpful.',
  alreadyHelpful: 'You have already marked this review as helpful.',
  helpfulQuestion: 'Was this helpful?',
  helpfulDone: 'Thanks for your feedback',
  verifiedPurchase: 'Verified purchase',
  noReviews: 'No reviews yet.',
  write: 'Write a review',
  edit: 'Edit your review',
  delete: 'Delete your review',
  save: 'Save review',
  cancel: 'Cancel',
  buyToReview: 'Customers who bought this part can review it.',
  signInToReview: 'Sign in to review this part.',
  fourStarsUp: '4 stars & up',
  sortLabels: { newest: 'Newest first', helpful: 'Most helpful first' } satisfies Record<PartReviewSort, string>,
  ratingRequired: 'Choose a rating from 1 to 5 stars',
  titleRequired: 'Please give your review a title',
  titleTooLong: `The title must be ${PART_REVIEW_TITLE_MAX} characters or fewer`,
  textRequired: 'Please write your review',
  textTooLong: `The review must be ${PART_REVIEW_TEXT_MAX} characters or fewer`,
  /** The admin's Reviews page: which reviews it lists. */
  adminFilter: { label: 'Show', shop: 'Shop reviews', parts: 'Part reviews' },
} as const;

/** "4.3 out of 5 stars, 12 reviews": the stars' accessible name. */
export function ratingLabel(average: number, count: number): string {
  return `${average.toFixed(1)} out of 5 stars, ${count} ${count === 1 ? 'review' : 'reviews'}`;
}

/** "Verified purchase · bought November 2026" from the month the api sends (YYYY-MM). */
export function verifiedPurchaseLabel(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  const name = new Date(Date.UTC(year!, monthNumber! - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  return `${partReviewText.verifiedPurchase} · bought ${name} ${year}`;
}

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
}
export const moderatedPartReviewSchema = partReviewSchema.extend({
  partName: z.string(),
  authorEmail: z.string(),
  hidden: z.boolean(),
}) satisfies z.ZodType<ModeratedPartReview>;

/** The form's and the api's body of POST /tools/{id}/reviews and PUT …/{reviewId}. Strict. */
export const partReviewInputSchema = z.strictObject({
  rating: z.number({ error: partReviewText.ratingRequired }).int(partReviewText.ratingRequired).min(1, partReviewText.ratingRequired).max(5, partReviewText.ratingRequired),
  title: freeText(partReviewText.titleRequired, PART_REVIEW_TITLE_MAX, partReviewText.titleTooLong),
  text: freeText(partReviewText.textRequired, PART_REVIEW_TEXT_MAX, partReviewText.textTooLong),
});
export type PartReviewInput = z.input<typeof partReviewInputSchema>;
