import styled from 'styled-components';
import { type PartReview, partReviewText, shownName, verifiedPurchaseLabel } from '@pcpp/contracts/core';
import { Button, ErrorText } from '@pcpp/contracts/ui';
import { StarRating } from '../../../components/star-rating';

const Card = styled.article`
  display: grid;
  gap: 8px;
  padding: 16px 0;
  border-top: 1px solid var(--color-border);
  h3 { margin: 0; font-size: 1.1rem; overflow-wrap: anywhere; }
  p { margin: 0; }
  .text { white-space: pre-line; overflow-wrap: anywhere; }
  .meta { color: var(--color-muted); font-size: 0.9rem; }
  .verified { color: var(--color-success, #15803d); font-weight: 600; font-size: 0.9rem; }
`;

const Helpful = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  font-size: 0.9rem;
  color: var(--color-muted);
`;

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * One review. helpful: how the viewer may answer "Was this helpful?" ('can' shows the button,
 * 'done' a thank-you, 'verify' that a verified email votes, 'none' nothing: signed out, or one's own review).
 */
export function PartReviewCard({
  review,
  helpful,
  onHelpful,
  pending,
  failure,
}: {
  review: PartReview;
  helpful: 'can' | 'done' | 'none' | 'verify';
  onHelpful: () => void;
  pending: boolean;
  /** Why the vote was refused (the day's limit). */
  failure?: string;
}) {
  return (
    <Card aria-labelledby={`review-${review._id}`}>
      <StarRating rating={review.rating} />
      <h3 id={`review-${review._id}`}>{review.title}</h3>
      <p className="meta">
        {shownName(review.name)} · {dateOf(review.createdAt)}
      </p>
      <p className="verified">{verifiedPurchaseLabel(review.purchasedMonth)}</p>
      <p className="text">{review.text}</p>
      <Helpful>
        <span>{review.helpful === 1 ? '1 person found this helpful' : `${review.helpful} people found this helpful`}</span>
        {helpful === 'can' && (
          <Button type="button" $variant="secondary" onClick={onHelpful} disabled={pending} aria-describedby={`review-${review._id}`}>
            {partReviewText.helpfulQuestion} Yes
          </Button>
        )}
        {helpful === 'done' && <span>{partReviewText.helpfulDone}</span>}
        {helpful === 'verify' && <span>{partReviewText.verifyToVote}</span>}
        {failure && <ErrorText role="alert">{failure}</ErrorText>}
      </Helpful>
    </Card>
  );
}
