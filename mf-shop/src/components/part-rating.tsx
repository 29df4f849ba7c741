import styled from 'styled-components';
import { type PartRating as Rating, ratingLabel } from '@pcpp/contracts/core';
import { StarRating } from './star-rating';

const Line = styled.p`
  margin: 0;
  display: flex;
  align-items: center;
  gap: 6px;
  font-size: 0.9rem;
  color: var(--color-ink-soft);
  svg { width: 18px; height: 18px; }
`;

/** A part's stars and review count on cards ("4.3 (12)"); nothing for a part with no reviews yet. */
export function PartRating({ rating }: { rating?: Rating }) {
  if (!rating || rating.count === 0) return null;
  return (
    <Line role="img" aria-label={ratingLabel(rating.average, rating.count)}>
      <span aria-hidden="true">
        <StarRating rating={rating.average} />
      </span>
      <span aria-hidden="true">
        {rating.average.toFixed(1)} ({rating.count})
      </span>
    </Line>
  );
}
