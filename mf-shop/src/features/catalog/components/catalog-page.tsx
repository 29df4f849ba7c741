import { useState } from 'react';
import { Link, useLocation, useNavigate } from '@pcpp/contracts/router';
import styled from 'styled-components';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  BUILDER_PATH,
  CATALOG_FACET_PARAMS,
  CATALOG_PAGE_SIZE,
  type CatalogFacet,
  type PartList,
  catalogSortLabels,
  facetValueLabel,
  pageMeta,
} from '@pcpp/contracts';
import { Button, QueryView, usePageMeta } from '@pcpp/contracts/ui';
import { CardGrid } from '../../../components/card-grid';
import { PageHeader } from '../../../components/page-header';
import { PartCard } from '../../../components/part-card';
import { Inner } from '../../../components/section';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { CATALOG_PATH, type CatalogFilters, catalogHref, catalogSearch, parseCatalogSearch } from '../../../lib/catalog-url';
import { usePartList } from '../api/get-part-list';
import { CatalogFacets } from './catalog-facets';
import { CatalogPagination } from './catalog-pagination';
import { CatalogToolbar } from './catalog-toolbar';

const Results = styled.div`
  margin-top: 28px;
`;

const Summary = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: 4px 16px;
  margin-bottom: 20px;
  h2 { margin: 0; font-size: 1.3rem; }
  p { margin: 0; color: var(--color-muted); }
`;

/** 'AM5, DDR5': the chosen facet values, as the lists write them. */
function facetWords(filters: CatalogFilters): string {
  return CATALOG_FACET_PARAMS.flatMap((param) => (filters[param] ? [facetValueLabel(param, filters[param])] : [])).join(', ');
}

function describe(filters: CatalogFilters, total: number): string {
  const noun = total === 1 ? 'part' : 'parts';
  const category = filters.category ? ` in ${filters.category}` : '';
  const text = filters.q ? ` matching “${filters.q}”` : '';
  const facets = facetWords(filters);
  return `${total} ${noun}${category}${text}${facets ? ` (${facets})` : ''}`;
}

function range(result: PartList): string {
  const first = (result.page - 1) * CATALOG_PAGE_SIZE + 1;
  return `Showing ${first}–${first + result.items.length - 1} of ${result.total}`;
}

/**
 * What a screen reader hears once new results are in (the spinner and the failure message
 * announce themselves).
 */
function announcement(filters: CatalogFilters, result: UseQueryResult<PartList>): string {
  if (!result.isSuccess) return '';
  const { total, page, pages } = result.data;
  return `${describe(filters, total)}.${pages > 1 ? ` Page ${page} of ${pages}.` : ''}`;
}

function NothingHere({ filters, result }: { filters: CatalogFilters; result: PartList }) {
  if (result.total > 0) {
    return (
      <>
        <p>There is no page {result.page}: these filters fill {result.pages === 1 ? 'one page' : `${result.pages} pages`}.</p>
        <Button as={Link} to={catalogHref({ ...filters, page: undefined })} $variant="secondary">
          Go to the first page
        </Button>
      </>
    );
  }
  const facets = facetWords(filters);
  const filtered = Boolean(filters.category || filters.q || facets);
  return (
    <>
      <p>
        {filtered
          ? `No parts${filters.category ? ` in ${filters.category}` : ''}${filters.q ? ` match “${filters.q}”` : ''}${facets ? ` with ${facets}` : ''}.`
          : 'No parts are on sale yet.'}
      </p>
      {filtered && (
        <Button as={Link} to={CATALOG_PATH} $variant="secondary">
          Show all products
        </Button>
      )}
    </>
  );
}

/** /products: the whole catalog, filtered, searched, sorted and paged through its URL. */
export function CatalogPage() {
  usePageMeta(pageMeta.products);
  const { search } = useLocation();
  const navigate = useNavigate();
  const filters = parseCatalogSearch(search);
  const result = usePartList(catalogSearch(filters));
  const change = (changes: Partial<CatalogFilters>) => navigate(catalogHref({ ...filters, page: undefined, ...changes }));
  // The facets stay while the next page loads, so the selects do not jump away under the pointer.
  const [facets, setFacets] = useState<CatalogFacet[]>([]);
  if (result.isSuccess && result.data.facets !== facets) setFacets(result.data.facets);

  return (
    <>
      <PageHeader
        title="All Products"
        lead={
          <>
            Every part we manufacture: search by name, specs or description, pick a category, refine by specs and sort by
            price. Planning a whole PC? The <Link to={BUILDER_PATH}>PC Builder</Link> checks that the parts fit together.
          </>
        }
      />
      <Inner>
        <CatalogToolbar filters={filters} onChange={change}>
          <CatalogFacets facets={facets} filters={filters} onChange={change} />
        </CatalogToolbar>
        <VisuallyHidden aria-live="polite">{announcement(filters, result)}</VisuallyHidden>
        <Results>
          <QueryView
            query={result}
            loadingLabel="Loading parts…"
            failure="We could not load the catalog."
            framed
            isEmpty={(page) => page.items.length === 0}
            empty={(page) => <NothingHere filters={filters} result={page} />}
          >
            {(page) => (
              <>
                <Summary>
                  <h2>{describe(filters, page.total)}</h2>
                  <p>
                    {range(page)}
                    {filters.sort ? ` · ${catalogSortLabels[filters.sort]}` : ''}
                  </p>
                </Summary>
                <CardGrid aria-label="Parts">
                  {page.items.map((part) => (
                    <li key={part._id}>
                      <PartCard part={part} />
                    </li>
                  ))}
                </CardGrid>
                <CatalogPagination filters={filters} page={page.page} pages={page.pages} />
              </>
            )}
          </QueryView>
        </Results>
      </Inner>
    </>
  );
}
