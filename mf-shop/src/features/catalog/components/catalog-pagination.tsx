import { Link } from '@pcpp/contracts/router';
import styled, { css } from 'styled-components';
import { type CatalogFilters, catalogHref } from '../../../lib/catalog-url';
import { pageWindow } from '../utils/page-window';
import { plainList } from '../../../components/surface';

const Nav = styled.nav`
  margin-top: 32px;
  ul {
    ${plainList}
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: 8px;
  }
`;

const cell = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 44px;
  min-height: 44px;
  padding: 0 14px;
  border-radius: var(--radius);
  border: 1px solid var(--color-border);
  background: var(--color-surface);
  font-weight: 600;
  text-decoration: none;
`;

const PageLink = styled(Link)`
  ${cell}
  color: var(--color-ink);
  &:hover { border-color: var(--color-primary); color: var(--color-primary); }
  &[aria-current='page'] { background: var(--color-primary); border-color: var(--color-primary); color: #fff; }
`;

const Inert = styled.span`
  ${cell}
  color: var(--color-muted);
  background: transparent;
  border-style: dashed;
`;

const Gap = styled.span`
  ${cell}
  border-color: transparent;
  background: transparent;
  min-width: 24px;
  padding: 0;
`;

function toTop() {
  window.scrollTo({ top: 0, left: 0 });
}

/** Previous, page numbers and Next, as links: each page has its own shareable URL. */
export function CatalogPagination({ filters, page, pages }: { filters: CatalogFilters; page: number; pages: number }) {
  if (pages <= 1) return null;
  const hrefFor = (target: number) => catalogHref({ ...filters, page: target });
  return (
    <Nav aria-label="Pagination">
      <ul>
        <li>
          {page > 1 ? (
            <PageLink to={hrefFor(Math.min(page - 1, pages))} rel="prev" onClick={toTop}>
              Previous
            </PageLink>
          ) : (
            <Inert aria-disabled="true">Previous</Inert>
          )}
        </li>
        {pageWindow(page, pages).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true">
              <Gap>…</Gap>
            </li>
          ) : (
            <li key={item}>
              <PageLink
                to={hrefFor(item)}
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
                onClick={toTop}
              >
                {item}
              </PageLink>
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            <PageLink to={hrefFor(page + 1)} rel="next" onClick={toTop}>
              Next
            </PageLink>
          ) : (
            <Inert aria-disabled="true">Next</Inert>
          )}
        </li>
      </ul>
    </Nav>
  );
}
