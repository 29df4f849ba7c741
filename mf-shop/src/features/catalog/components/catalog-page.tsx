import { Suspense, useState, useSyncExternalStore } from 'react';
import { Link, useLocation, useNavigate } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { type UseQueryResult, useQueries } from '@tanstack/react-query';
import {
  BUILDER_PATH,
  CATALOG_FACET_PARAMS,
  CATALOG_PAGE_SIZE,
  type CatalogFacet,
  type PartList,
  catalogFacetLabels,
  catalogSortLabels,
  catalogText,
  facetValueLabel,
  pageMeta,
  partReviewText,
} from '@pcpp/contracts/core';
import { Button, QueryView, Spinner, VisuallyHidden, usePageMeta } from '@pcpp/contracts/ui';
import { CardGrid } from '../../../components/card-grid';
import { PageHeader } from '../../../components/page-header';
import { CARDS_IN_FIRST_ROW, PartCard } from '../../../components/part-card';
import { Inner } from '../../../components/section';
import { CATALOG_PATH, type CatalogFilters, catalogHref, catalogSearch } from '../../../lib/catalog-url';
import { parseCatalogSearch } from '../../../lib/parse-catalog-search';
import { partListQuery, usePartList } from '../api/get-part-list';
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

/** One filter the visitor chose, as the empty state names it ("Socket: AM5"), and the filters without it. */
interface ChosenFilter {
  label: string;
  without: CatalogFilters;
}

function chosenFilters(filters: CatalogFilters): ChosenFilter[] {
  const rest = { ...filters, page: undefined };
  const chosen: ChosenFilter[] = [];
  if (filters.category) chosen.push({ label: `Category: ${filters.category}`, without: { ...rest, category: undefined } });
  if (filters.q) chosen.push({ label: `Search: “${filters.q}”`, without: { ...rest, q: undefined, sort: filters.sort === 'relevance' ? undefined : filters.sort } });
  for (const param of CATALOG_FACET_PARAMS) {
    if (filters[param]) chosen.push({ label: `${catalogFacetLabels[param]}: ${facetValueLabel(param, filters[param])}`, without: { ...rest, [param]: undefined } });
  }
  if (filters.minRating) chosen.push({ label: `Rating: ${partReviewText.fourStarsUp}`, without: { ...rest, minRating: undefined } });
  return chosen;
}

/**
 * What each chosen filter's removal would leave (read in the browser once the list is empty; the
 * server's HTML says only that nothing matches), and so which filter emptied the list.
 */
function EmptiedBy({ chosen }: { chosen: ChosenFilter[] }) {
  const counts = useQueries({ queries: chosen.map((filter) => partListQuery(catalogSearch(filter.without))) });
  if (counts.some((count) => count.isPending)) return null;
  const helping = chosen.flatMap((filter, index) => {
    const total = counts[index]?.data?.total ?? 0;
    return total > 0 ? [{ ...filter, total }] : [];
  });
  if (helping.length === 0) return null;
  const [only] = helping;
  if (helping.length === 1 && only) {
    return (
      <>
        <p>{catalogText.emptiedBy(only.label, only.total)}</p>
        <Button as={Link} to={catalogHref(only.without)} $variant="secondary">
          {catalogText.remove(only.label)}
        </Button>
      </>
    );
  }
  return (
    <ul className="without" aria-label="Remove one filter">
      {helping.map((filter) => (
        <li key={filter.label}>
          <Link to={catalogHref(filter.without)}>{catalogText.withoutIt(filter.label, filter.total)}</Link>
        </li>
      ))}
    </ul>
  );
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
  const chosen = chosenFilters(filters);
  const filtered = chosen.length > 0;
  return (
    <Empty>
      <p>
        {filtered
          ? `No parts${filters.category ? ` in ${filters.category}` : ''}${filters.q ? ` match “${filters.q}”` : ''}${facets ? ` with ${facets}` : ''}${filters.minRating ? ` rated ${partReviewText.fourStarsUp}` : ''}.`
          : 'No parts are on sale yet.'}
      </p>
      {filtered && <EmptiedBy chosen={chosen} />}
      {filtered && (
        <Button as={Link} to={CATALOG_PATH} $variant="secondary">
          Show all products
        </Button>
      )}
    </Empty>
  );
}

const Empty = styled.div`
  display: grid;
  justify-items: center;
  gap: 12px;
  text-align: center;
  p { margin: 0; }
  ul.without { margin: 0; padding: 0; list-style: none; display: grid; gap: 4px; }
  ul.without a { display: inline-flex; align-items: center; min-height: 44px; font-weight: 600; }
`;

const LOADING = 'Loading parts…';

const noSubscription = () => () => undefined;

/**
 * What a screen reader hears once new results are in. Empty in the server's HTML and while the
 * browser hydrates it (its first render must match), said from the next render on.
 */
function ResultsAnnouncement({ filters, result }: { filters: CatalogFilters; result: UseQueryResult<PartList> }) {
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  return <VisuallyHidden aria-live="polite">{hydrated ? announcement(filters, result) : ''}</VisuallyHidden>;
}

/** /products: the whole catalog, filtered, searched, sorted and paged through its URL. */
export function CatalogPage() {
  usePageMeta(pageMeta.products);
  const { search } = useLocation();
  const navigate = useNavigate();
  const filters = parseCatalogSearch(search);
  const change = (changes: Partial<CatalogFilters>) => navigate(catalogHref({ ...filters, page: undefined, ...changes }));

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
        {/*
          On the server the results (and the facets they bring) stream in when the api answers; the
          header and the toolbar do not wait.
        */}
        <Suspense
          fallback={
            <>
              <CatalogToolbar filters={filters} onChange={change} />
              <Results>
                <Spinner label={LOADING} />
              </Results>
            </>
          }
        >
          <CatalogBody filters={filters} onChange={change} />
        </Suspense>
      </Inner>
    </>
  );
}

/** The toolbar with the facets of the results, and the results. */
function CatalogBody({ filters, onChange }: { filters: CatalogFilters; onChange: (changes: Partial<CatalogFilters>) => void }) {
  const result = usePartList(catalogSearch(filters));
  // The facets stay while the next page loads, so the selects do not jump away under the pointer.
  const [facets, setFacets] = useState<CatalogFacet[]>(() => (result.isSuccess ? result.data.facets : []));
  if (result.isSuccess && result.data.facets !== facets) setFacets(result.data.facets);

  return (
    <>
      <CatalogToolbar filters={filters} onChange={onChange} resultCount={result.data?.total}>
        <CatalogFacets facets={facets} filters={filters} onChange={onChange} />
      </CatalogToolbar>
      <ResultsAnnouncement filters={filters} result={result} />
      <Results>
        <QueryView
          query={result}
          loadingLabel={LOADING}
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
                {page.items.map((part, index) => (
                  <li key={part._id}>
                    <PartCard part={part} inFirstRow={index < CARDS_IN_FIRST_ROW} />
                  </li>
                ))}
              </CardGrid>
              <CatalogPagination filters={filters} page={page.page} pages={page.pages} />
            </>
          )}
        </QueryView>
      </Results>
    </>
  );
}
