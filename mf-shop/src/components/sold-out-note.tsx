import { Link } from '@pcpp/contracts/router';
import styled from 'styled-components';
import type { Part } from '@pcpp/contracts/core';
import { Button } from '@pcpp/contracts/ui';
import { CATALOG_PATH } from '../lib/catalog-url';
import { surface } from './surface';

/** Nothing can be ordered when the stock is below the minimum order (or gone). */
export function isSoldOut(part: Pick<Part, 'p_quantity' | 'min_quantity'>): boolean {
  return part.p_quantity < Math.max(1, part.min_quantity);
}

const Box = styled.section`
  ${surface}
  display: grid;
  justify-items: start;
  gap: 12px;
  padding: 20px;
  h2 { margin: 0; font-size: 1.3rem; }
  p { margin: 0; color: var(--color-ink-soft); }
`;

/** Said instead of the way to order when a part is sold out (purchase and product pages). */
export function SoldOutNote({ part }: { part: Part }) {
  return (
    <Box aria-labelledby="sold-out-title">
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
    </Box>
  );
}
