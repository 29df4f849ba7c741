import styled from 'styled-components';
import { Button } from '@pcpp/contracts/ui';

const Bar = styled.nav`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-top: 16px;
  p { margin: 0; color: var(--color-ink-soft); }
`;

/** Previous / Next under a paged list; hidden when everything fits on one page. */
export function Pager({ page, pages, onPage, label = 'Pages' }: { page: number; pages: number; onPage: (page: number) => void; label?: string }) {
  if (pages <= 1) return null;
  return (
    <Bar aria-label={label}>
      <Button type="button" $variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <p>
        Page {page} of {pages}
      </p>
      <Button type="button" $variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Bar>
  );
}
