import styled from 'styled-components';
import { type Part, formatCents } from '@pcpp/contracts/core';

const Facts = styled.dl`
  margin: 4px 0 0;
  padding: 12px 0 0;
  border-top: 1px dashed var(--color-border);
  display: grid;
  gap: 4px;
  div { display: flex; justify-content: space-between; gap: 12px; }
  dt { color: var(--color-ink-soft); }
  dd { margin: 0; font-weight: 700; font-variant-numeric: tabular-nums; }
  .price dd { color: var(--color-primary-dark); font-size: 1.15rem; }
`;

/** A part's price, stock and minimum order, under the spec's labels (cards and the purchase page). */
export function PartFacts({ part, label }: { part: Part; label?: string }) {
  return (
    <Facts aria-label={label}>
      <div className="price">
        <dt>Per_Price</dt>
        <dd>{formatCents(part.price)}</dd>
      </div>
      <div>
        <dt>Available Quantity</dt>
        <dd>{part.p_quantity}</dd>
      </div>
      <div>
        <dt>Min Order Quantity</dt>
        <dd>{part.min_quantity}</dd>
      </div>
    </Facts>
  );
}
