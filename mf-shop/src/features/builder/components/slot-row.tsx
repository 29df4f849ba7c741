import type { ReactNode } from 'react';
import { Link } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { resolveImageUrl } from '@pcpp/contracts';
import { type Part, type RuleResult, formatCents, specSummary } from '@pcpp/contracts/core';
import { media } from '../../../lib/breakpoints';
import { partHref } from '../../../lib/catalog-url';

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

const Marks = styled.p`
  && { display: flex; flex-wrap: wrap; gap: 6px; margin: 6px 0 0; }
  span { border-radius: 999px; padding: 1px 10px; font-size: 0.85rem; font-weight: 700; }
  .problem { color: var(--color-danger); background: #fee2e2; }
  .note { color: #92400e; background: #fef3c7; }
`;

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What the checks say about this slot, as marks; the sentences are in the compatibility panel above. */
export function SlotFindings({ results }: { results: RuleResult[] }) {
  const problems = results.filter((result) => result.level === 'problem').length;
  const notes = results.length - problems;
  if (results.length === 0) return null;
  return (
    <Marks>
      {problems > 0 && <span className="problem">{count(problems, 'problem')}</span>}
      {notes > 0 && <span className="note">{count(notes, 'note')}</span>}
    </Marks>
  );
}

/** A chosen part in its slot: picture, name (to its page), key specs, price and what the checks say. */
export function ChosenPart({ part, quantity, results }: { part: Part; quantity: number; results: RuleResult[] }) {
  return (
    <Chosen>
      <img src={resolveImageUrl(part.img)} alt="" width={64} height={48} />
      <div>
        <Link to={partHref(part._id)}>{part.name}</Link>
        <p>{specSummary(part)}</p>
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
