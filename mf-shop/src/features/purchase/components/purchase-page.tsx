import { useParams } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { type Part, orderPageMeta } from '@pcpp/contracts/core';
import { usePageMeta } from '@pcpp/contracts/ui';
import { PartQueryView } from '../../../components/part-query-view';
import { Inner } from '../../../components/section';
import { SoldOutNote, isSoldOut } from '../../../components/sold-out-note';
import { media } from '../../../lib/breakpoints';
import { OrderForm } from './order-form';
import { PartSummary } from './part-summary';

const Columns = styled.div`
  display: grid;
  gap: 24px;
  align-items: start;
  ${media.large} { grid-template-columns: 1fr 1fr; gap: 32px; }
`;

function Purchase({ part }: { part: Part }) {
  usePageMeta(orderPageMeta(part));
  return (
    <Inner>
      <Columns>
        <PartSummary part={part} />
        {isSoldOut(part) ? <SoldOutNote part={part} /> : <OrderForm key={part._id} part={part} />}
      </Columns>
    </Inner>
  );
}

/** /purchase/{id}: the part on the left, the order form on the right (spec §2). */
export function PurchasePage() {
  const { id = '' } = useParams();
  return <PartQueryView id={id}>{(part) => <Purchase part={part} />}</PartQueryView>;
}
