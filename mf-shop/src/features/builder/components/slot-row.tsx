import type { ReactNode } from 'react';
import { Link } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { type Part, type RuleResult, SPECS_UNKNOWN, formatCents, resolveImageUrl, specRows } from '@pcpp/contracts';
import { media } from '../../../lib/breakpoints';
import { partHref } from '../../../lib/catalog-url';
import { Level } from './compatibility-panel';

export const Row = styled.div`
  display: grid;
  gap: 10px;
  padding: 14px 0;
  ${media.medium} { grid-template-columns: 150px minmax(0, 1fr) auto; align-items: start; gap: 16px; }
`;

export const SlotName = styled.h3`
  margin: 0;
  font-size: 0.85rem;
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: var(--color-primary);
  ${media.medium} { padding-top: 10px; }
`;

const Chosen = styled.div`
  display: grid;
  grid-template-columns: 64px minmax(0, 1fr);
  gap: 12px;
  align-items: start;
  img { width: 64px; height: 48px; object-fit: contain; background: #eef2f7; border-radius: 6px; }
  a { font-weight: 700; color: var(--color-ink); overflow-wrap: anywhere; }
  p { margin: 2px 0 0; color: var(--color-muted); font-size: 0.9rem; overflow-wrap: anywhere; }
  .price { color: var(--color-primary-dark); font-weight: 700; font-variant-numeric: tabular-nums; }
  ul { margin: 6px 0 0; padding: 0; list-style: none; font-size: 0.9rem; display: grid; gap: 4px; }
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  button, a { min-height: 44px; padding: 8px 14px; }
`;

export const Empty = styled.p`
  margin: 0;
  color: var(--color-muted);
  ${media.medium} { padding-top: 10px; }
`;

/** A part's key specs on one line: 'AM5 · B650 · ATX · DDR5', or 'specs unknown, not checked'. */
export function shortSpecs(part: Part): string {
  const rows = specRows(part);
  return rows.length > 0 ? rows.slice(0, 4).map((row) => row.value).join(' · ') : SPECS_UNKNOWN;
}

/** What the rules say about this slot, under its part. */
export function SlotFindings({ results }: { results: RuleResult[] }) {
  if (results.length === 0) return null;
  return (
    <ul aria-label="What the checks say about this part">
      {results.map((result) => (
        <li key={`${result.rule}:${result.message}`}>
          <Level $level={result.level}>{result.level === 'problem' ? 'Problem' : 'Note'}</Level>: {result.message}
        </li>
      ))}
    </ul>
  );
}

/** A chosen part in its slot: picture, name (to its page), key specs, price and what the checks say. */
export function ChosenPart({ part, quantity, results }: { part: Part; quantity: number; results: RuleResult[] }) {
  return (
    <Chosen>
      <img src={resolveImageUrl(part.img)} alt="" width={64} height={48} />
      <div>
        <Link to={partHref(part._id)}>{part.name}</Link>
        <p>{shortSpecs(part)}</p>
        <p>
          <span className="price">{formatCents(part.price)}</span>
          {quantity > 1 && ` × ${quantity} (minimum order ${part.min_quantity})`}
          {part.p_quantity === 0 && ' · Sold out'}
        </p>
        <SlotFindings results={results} />
      </div>
    </Chosen>
  );
}

/** One slot of the build: its name, what is in it, and the ways to change it. */
export function SlotRow({ title, children, actions, picker }: { title: string; children: ReactNode; actions: ReactNode; picker?: ReactNode }) {
  return (
    <li>
      <Row>
        <SlotName>{title}</SlotName>
        <div>{children}</div>
        <Actions>{actions}</Actions>
      </Row>
      {picker}
    </li>
  );
}
