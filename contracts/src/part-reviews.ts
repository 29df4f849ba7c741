
// Reviews of one part (issue 33): written by customers with a paid order of it, one per part and
// account. The shop-wide "Our Customers Reviews" (reviews.ts on the api, GET /reviews) is another thing.
// Texts and rules only, without zod: cards show the stars on pages that load no schema
// (part-review-schemas.ts has the answers' and the form's schemas).

export const PART_REVIEW_SORTS = ['newest', 'helpful'] as const;
export type PartReviewSort = (typeof PART_REVIEW_SORTS)[number];
export const PART_REVIEW_PAGE_SIZE = 5;
export const PART_REVIEW_TITLE_MAX = 120;
export const PART_REVIEW_TEXT_MAX = 2000;
/** The catalog's "4 stars & up": parts whose average rating is at least this. */
export const CATALOG_MIN_RATING = 4;

/** What an admin does with "helpful" votes held back from a review's count (POST /part-reviews/{id}/held-votes). */
export const HELD_VOTE_DECISIONS = ['count', 'discard'] as const;
export type HeldVoteDecision = (typeof HELD_VOTE_DECISIONS)[number];

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
  /** "Was this helpful?" refusals (POST …/helpful). */
  verifyToVote: 'Verify your email address to mark reviews as helpful.',
  votesPerAccount: (max: number) => `You have marked ${max} reviews as helpful today: you can mark more tomorrow.`,
  votesPerAddress: 'Too many reviews were marked as helpful from your network today: please try again tomorrow.',
  /** The admin's Reviews page: votes held back from a review's count. */
  heldVotes: (count: number) => `${count} ${count === 1 ? 'vote' : 'votes'} held back`,
  heldVotesFilter: 'With votes held back',
  heldVotesExplained:
    'A burst of “helpful” votes from new accounts on one review is held back from its count until you decide: count them, or discard them.',
  countVotes: 'Count them',
  discardVotes: 'Discard them',
  votesCounted: (count: number) => `${count} held ${count === 1 ? 'vote is' : 'votes are'} counted now.`,
  votesDiscarded: (count: number) => `${count} held ${count === 1 ? 'vote was' : 'votes were'} discarded.`,
  noHeldVotes: 'This review has no votes held back.',
  verifiedPurchase: 'Verified purchase',
  noReviews: 'No reviews yet',
  write: 'Write a review',
  edit: 'Edit your review',
  delete: 'Delete your review',
  save: 'Save review',
  cancel: 'Cancel',
  buyToReview: 'Customers who bought this part can review it.',
  signInToReview: 'Sign in to review',
  /** Said on the login page a part's "Sign in to review" opens. */
  signInToReviewReason: 'Sign in to review this part.',
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

/** "Verified purchase · bought November 2026" from the month the api sends (YYYY-MM). */
export function verifiedPurchaseLabel(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  const name = new Date(Date.UTC(year!, monthNumber! - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  return `${partReviewText.verifiedPurchase} · bought ${name} ${year}`;
}
