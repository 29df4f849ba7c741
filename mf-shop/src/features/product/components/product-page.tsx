import { Suspense } from 'react';
import { Link, useParams } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { resolveImageUrl } from '@pcpp/contracts';
import { type Part, partPageMeta } from '@pcpp/contracts/core';
import { Spinner, usePageMeta } from '@pcpp/contracts/ui';
import { CompareButton } from '../../../components/compare-button';
import { PartFacts } from '../../../components/part-facts';
import { PART_LOADING, PartQueryView } from '../../../components/part-query-view';
import { PurchaseLink } from '../../../components/purchase-link';
import { Inner } from '../../../components/section';
import { SoldOutNote, isSoldOut } from '../../../components/sold-out-note';
import { surface } from '../../../components/surface';
import { media } from '../../../lib/breakpoints';
import { CATALOG_PATH, catalogHref } from '../../../lib/catalog-url';
import { AddToCartForm } from './add-to-cart-form';
import { PartAlerts } from './part-alerts';
import { PartPriceDrop, PriceHistorySection } from './price-history';
import { PartReviewsSection } from './part-reviews-section';
import { SpecTable } from './spec-table';

const Trail = styled.nav`
  margin-bottom: 16px;
  ol { display: flex; flex-wrap: wrap; align-items: center; gap: 0 8px; margin: 0; padding: 0; list-style: none; }
  li { display: flex; align-items: center; gap: 8px; color: var(--color-muted); }
  li + li::before { content: '/'; color: var(--color-muted); }
  a { display: inline-flex; align-items: center; min-height: 44px; font-weight: 600; }
  /* On a phone the heading right below names the part: the trail stays on one line. */
  [aria-current] { display: none; overflow-wrap: anywhere; ${media.medium} { display: flex; } }
`;

const Columns = styled.div`
  display: grid;
  gap: 24px;
  align-items: start;
  ${media.large} { grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr); gap: 40px; }
`;

const Picture = styled.div`
  ${surface}
  overflow: hidden;
  background: #eef2f7;
  img { display: block; width: 100%; height: auto; aspect-ratio: 4 / 3; object-fit: contain; }
`;

const Details = styled.div`
  display: grid;
  gap: 16px;
  h1 { margin: 0; font-size: 1.9rem; line-height: 1.2; ${media.medium} { font-size: 2.3rem; } }
  > p { margin: 0; color: var(--color-ink-soft); font-size: 1.05rem; white-space: pre-line; }
`;

const Order = styled.div`
  ${surface}
  display: grid;
  gap: 16px;
  padding: 20px;
  dl { margin: 0; padding: 0; border: 0; }
`;

const Purchase = styled(PurchaseLink)`
  width: 100%;
  font-size: 1.1rem;
`;

function PartDetails({ part }: { part: Part }) {
  usePageMeta(partPageMeta(part));
  return (
    <Inner>
      <Trail aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to={CATALOG_PATH}>All Products</Link>
          </li>
          <li>
            <Link to={catalogHref({ category: part.category })}>{part.category}</Link>
          </li>
          <li aria-current="page">{part.name}</li>
        </ol>
      </Trail>
      <Columns>
        <Picture>
          <img src={resolveImageUrl(part.img)} alt={part.name} width={800} height={600} />
        </Picture>
        <Details>
          <h1 id="part-name">{part.name}</h1>
          <p>{part.description}</p>
          <SpecTable part={part} />
          {isSoldOut(part) ? (
            <>
              <PartFacts part={part} label="Price and stock" />
              <PartPriceDrop part={part} />
              <SoldOutNote part={part} />
            </>
          ) : (
            <Order>
              <PartFacts part={part} label="Price and stock" />
              <PartPriceDrop part={part} />
              <AddToCartForm part={part} />
              <Purchase part={part} describedBy="part-name" />
            </Order>
          )}
          <CompareButton part={part} />
          <PartAlerts part={part} />
          <PriceHistorySection part={part} />
        </Details>
      </Columns>
      <PartReviewsSection partId={part._id} />
    </Inner>
  );
}

/** /products/{id}: one part, everything about it, and the way to order it. Public and shareable. */
export function ProductPage() {
  const { id = '' } = useParams();
  return (
    // On the server the part streams in when the api answers; the layout does not wait.
    <Suspense fallback={<Inner><Spinner label={PART_LOADING} /></Inner>}>
      <PartQueryView id={id}>{(part) => <PartDetails part={part} />}</PartQueryView>
    </Suspense>
  );
}
