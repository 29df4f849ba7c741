import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { ApiError, OBJECT_ID_PATTERN, errorMessage } from '@pcpp/contracts';
import { Button, Spinner } from '@pcpp/contracts/ui';
import { LoadFailure } from '../../../components/load-failure';
import { NotFoundPage } from '../../../components/not-found-page';
import { Inner } from '../../../components/section';
import { surface } from '../../../components/surface';
import { media } from '../../../lib/breakpoints';
import { CATALOG_PATH } from '../../../lib/catalog-url';
import { useTool } from '../api/get-tool';
import { OrderForm } from './order-form';
import { PartSummary } from './part-summary';

const Columns = styled.div`
  display: grid;
  gap: 24px;
  align-items: start;
  ${media.large} { grid-template-columns: 1fr 1fr; gap: 32px; }
`;

const SoldOut = styled.section`
  ${surface}
  display: grid;
  justify-items: start;
  gap: 12px;
  padding: 20px;
  h2 { margin: 0; font-size: 1.3rem; }
  p { margin: 0; color: var(--color-ink-soft); }
`;

/** /purchase/{id}: the part on the left, the order form on the right (spec §2). */
export function PurchasePage() {
  const { id = '' } = useParams();
  const validId = OBJECT_ID_PATTERN.test(id);
  const tool = useTool(id, validId);

  if (!validId) return <NotFoundPage />;
  if (tool.isPending) {
    return (
      <Inner>
        <Spinner label="Loading the part…" />
      </Inner>
    );
  }
  if (tool.isError) {
    if (tool.error instanceof ApiError && tool.error.status === 404) return <NotFoundPage />;
    return (
      <Inner>
        <LoadFailure title="We could not load this part." message={errorMessage(tool.error)} onRetry={() => void tool.refetch()} />
      </Inner>
    );
  }
  const part = tool.data;
  const soldOut = part.p_quantity < Math.max(1, part.min_quantity);
  return (
    <Inner>
      <Columns>
        <PartSummary tool={part} />
        {soldOut ? (
          <SoldOut aria-labelledby="sold-out-title">
            <h2 id="sold-out-title">Sold out</h2>
            <p>
              {part.p_quantity === 0
                ? 'This part is sold out for now.'
                : `Only ${part.p_quantity} left, below the minimum order of ${part.min_quantity}.`}{' '}
              New stock arrives often: please come back soon.
            </p>
            <Button as={Link} to={CATALOG_PATH} $variant="secondary">
              Browse other parts
            </Button>
          </SoldOut>
        ) : (
          <OrderForm key={part._id} tool={part} />
        )}
      </Columns>
    </Inner>
  );
}
