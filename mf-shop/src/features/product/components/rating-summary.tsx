import styled from 'styled-components';
import { ratingLabel, type RatingSummary as Summary } from '@pcpp/contracts/core';
import { StarRating } from '../../../components/star-rating';

const Box = styled.div`
  display: grid;
  gap: 12px;
  align-content: start;
`;

const Average = styled.p`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  strong { font-size: 2.4rem; line-height: 1; }
  span.count { color: var(--color-muted); }
`;

const Bars = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 6px;
  li { display: grid; grid-template-columns: 4.5em 1fr 2.5em; align-items: center; gap: 8px; font-size: 0.9rem; }
  .track { height: 10px; border-radius: 5px; background: var(--color-page); border: 1px solid var(--color-border); overflow: hidden; }
  .fill { height: 100%; background: var(--color-accent); }
  .n { text-align: right; color: var(--color-muted); }
`;

/** The average to one decimal, the count, and one bar per star count (5 at the top). */
export function RatingSummary({ summary }: { summary: Summary }) {
  const { average, count, histogram } = summary;
  return (
    <Box>
      <Average role="img" aria-label={ratingLabel(average, count)}>
        <strong aria-hidden="true">{average.toFixed(1)}</strong>
        <span aria-hidden="true">
          <StarRating rating={average} />
        </span>
        <span className="count" aria-hidden="true">
          {count} {count === 1 ? 'review' : 'reviews'}
        </span>
      </Average>
      <Bars aria-label="Reviews by stars">
        {[5, 4, 3, 2, 1].map((stars) => {
          const n = histogram[stars - 1] ?? 0;
          const share = count === 0 ? 0 : Math.round((n / count) * 100);
          const label = `${stars} ${stars === 1 ? 'star' : 'stars'}`;
          return (
            <li key={stars} aria-label={`${label}: ${n}`}>
              <span aria-hidden="true">{label}</span>
              <span className="track" aria-hidden="true">
                <span className="fill" style={{ display: 'block', width: `${share}%` }} />
              </span>
              <span className="n" aria-hidden="true">
                {n}
              </span>
            </li>
          );
        })}
      </Bars>
    </Box>
  );
}
