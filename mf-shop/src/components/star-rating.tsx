import styled from 'styled-components';

export const MAX_RATING = 5;

/** A rating as the spec scales it: a whole number from 0 to 5 (anything else is brought inside). */
export function clampRating(rating: number): number {
  if (!Number.isFinite(rating)) return 0;
  return Math.min(MAX_RATING, Math.max(0, Math.round(rating)));
}

export function ratingLabel(rating: number): string {
  return `Rated ${clampRating(rating)} out of ${MAX_RATING}`;
}

const Stars = styled.span`
  display: inline-flex;
  gap: 2px;
  svg { width: 22px; height: 22px; display: block; }
  .filled { fill: var(--color-accent); stroke: #b45309; }
  .empty { fill: var(--color-page); stroke: #94a3b8; }
`;

const STAR = 'M12 2.8l2.8 5.7 6.3.9-4.6 4.5 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.5 6.3-.9z';

/** Read-only stars; a screen reader hears one phrase, "Rated N out of 5", not five pictures. */
export function StarRating({ rating }: { rating: number }) {
  const value = clampRating(rating);
  return (
    <Stars role="img" aria-label={ratingLabel(value)}>
      {Array.from({ length: MAX_RATING }, (_, index) => (
        <svg key={index} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={STAR} className={index < value ? 'filled' : 'empty'} strokeWidth="1.2" strokeLinejoin="round" />
        </svg>
      ))}
    </Stars>
  );
}
