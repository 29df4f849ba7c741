import { useId } from 'react';
import { Link } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { resolveImageUrl } from '@pcpp/contracts';
import { type Part } from '@pcpp/contracts/core';
import { BELOW_THE_FOLD_PICTURE } from '../lib/below-the-fold';
import { partHref } from '../lib/catalog-url';
import { AddToCartButton } from './add-to-cart-button';
import { CompareButton } from './compare-button';
import { PartFacts } from './part-facts';
import { PartRating } from './part-rating';
import { PurchaseLink } from './purchase-link';
import { isSoldOut } from './sold-out-note';
import { cardColumn, surface } from './surface';

const Card = styled.article`
  ${cardColumn}
  ${surface}
  overflow: hidden;
`;

const Picture = styled(Link)`
  display: block;
  background: #eef2f7;
  border-bottom: 1px solid var(--color-border);
  img { display: block; width: 100%; height: auto; aspect-ratio: 4 / 3; object-fit: contain; }
`;

const Body = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  gap: 10px;
  padding: 18px 20px 20px;
  /* Price and quantities sit at the bottom, so they line up across a row whatever the text above. */
  > dl { margin-top: auto; }
`;

const CategoryTag = styled.p`
  margin: 0;
  font-size: 0.8rem;
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: var(--color-primary);
`;

const Name = styled.h3`
  margin: 0;
  font-size: 1.15rem;
  line-height: 1.3;
  a { color: var(--color-ink); text-decoration: none; }
  a:hover { color: var(--color-primary); text-decoration: underline; }
`;

const Description = styled.p`
  margin: 0;
  color: var(--color-muted);
  font-size: 0.95rem;
`;

// Purchase (the spec's) and Add to cart side by side; each fills half the card.
const Actions = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(120px, 1fr));
  gap: 8px;
  > * { width: 100%; padding-inline: 12px; }
`;

/** A grid's first row (three across at most): the cards a first screen can show. */
export const CARDS_IN_FIRST_ROW = 3;

/**
 * One part: picture, name, description, price, stock, minimum order and the way to buy it.
 * inFirstRow: the picture loads at once (a catalog's first row, which may be its largest paint).
 */
export function PartCard({ part, inFirstRow = false }: { part: Part; inFirstRow?: boolean }) {
  const titleId = useId();
  const href = partHref(part._id);
  return (
    <Card aria-labelledby={titleId}>
      {/* The name is the card's one link to the part's page: the picture repeats it for the mouse only. */}
      <Picture to={href} tabIndex={-1} aria-hidden="true">
        <img src={resolveImageUrl(part.img)} alt={part.name} width={400} height={300} {...(inFirstRow ? {} : BELOW_THE_FOLD_PICTURE)} />
      </Picture>
      <Body>
        <CategoryTag>{part.category}</CategoryTag>
        <Name id={titleId}>
          <Link to={href}>{part.name}</Link>
        </Name>
        <PartRating rating={part.rating} />
        <Description>{part.description}</Description>
        <PartFacts part={part} />
        <Actions>
          <PurchaseLink part={part} describedBy={titleId} />
          {!isSoldOut(part) && <AddToCartButton part={part} />}
          <CompareButton part={part} />
        </Actions>
      </Body>
    </Card>
  );
}
