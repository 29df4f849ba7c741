import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from '@pcpp/contracts/router';
import styled from 'styled-components';
import {
  CATALOG_FACET_PARAMS,
  CATALOG_SEARCH_MAX_LENGTH,
  CATALOG_MIN_RATING,
  CATALOG_SORTS,
  catalogText,
  partReviewText,
  CATEGORIES,
  catalogSortLabels,
  defaultCatalogSort,
} from '@pcpp/contracts/core';
import { Button, Field, keepTabInside } from '@pcpp/contracts/ui';
import { media } from '../../../lib/breakpoints';
import { useEnteredBeforeHydration } from '../../../lib/entered-before-hydration';
import { FILTER_FORM_ID } from './filter-form';
import { CATALOG_PATH, type CatalogFilters } from '../../../lib/catalog-url';
import { surface } from '../../../components/surface';

const Bar = styled.div`
  display: grid;
  gap: 16px;
  padding: 16px;
  ${surface}
  ${media.medium} { padding: 20px; grid-template-columns: repeat(2, minmax(0, 1fr)); }
  ${media.large} { grid-template-columns: minmax(0, 2fr) repeat(3, minmax(0, 1fr)); align-items: end; }
`;

const SearchForm = styled.form`
  ${media.medium} { grid-column: 1 / -1; }
  ${media.large} { grid-column: auto; }
`;

const SearchRow = styled.div`
  display: flex;
  gap: 8px;
  input { flex: 1; min-width: 0; }
  button { flex: none; }
`;

const Clear = styled.p`
  grid-column: 1 / -1;
  margin: -4px 0 0;
  a { display: inline-flex; align-items: center; min-height: 44px; font-weight: 600; }
`;

function SelectField({
  id,
  name,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const select = useRef<HTMLSelectElement>(null);
  useEnteredBeforeHydration(select, value, onChange);
  return (
    <Field id={id} label={label}>
      <select ref={select} id={id} name={name} form={FILTER_FORM_ID} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

const Refine = styled.div`
  grid-column: 1 / -1;
`;

/**
 * Below medium, in a browser that runs scripts. A media query, not an attribute set on hydration, so
 * the server's HTML paints folded already and the list below does not jump up when the page wakes
 * (layout-stability.spec.ts); without scripts the filters stay in the page.
 */
const phone = '@media (max-width: 767.98px) and (scripting: enabled)';

/**
 * The filters. Wide, or before the page is the browser's, they sit in the toolbar's grid as they
 * are (`display: contents`); on a phone the browser folds them into a drawer behind "Filter & sort".
 */
const Drawer = styled.div`
  display: contents;
  .drawer-head, .drawer-foot { display: none; }
  ${phone} {
    & { display: none; }
    &[data-open] {
      position: fixed;
      inset: 0;
      z-index: 60;
      display: grid;
      align-content: start;
      gap: 16px;
      padding: 0 16px 16px;
      overflow-y: auto;
      overscroll-behavior: contain;
      background: var(--color-surface, #fff);
    }
    &[data-open] .drawer-head {
      position: sticky;
      top: 0;
      z-index: 1;
      display: flex;
      align-items: center;
      justify-content: space-between;
      gap: 12px;
      margin: 0 -16px;
      padding: 12px 16px;
      background: var(--color-surface, #fff);
      border-bottom: 1px solid var(--color-border);
      h2 { margin: 0; font-size: 1.25rem; }
    }
    &[data-open] .drawer-foot {
      position: sticky;
      bottom: 0;
      display: block;
      margin: 0 -16px -16px;
      padding: 12px 16px;
      background: var(--color-surface, #fff);
      border-top: 1px solid var(--color-border);
      button { width: 100%; }
    }
  }
`;

/** "Filter & sort": only on a phone, once the page is the browser's. */
const DrawerToggle = styled(Button)`
  display: none;
  ${phone} {
    & { display: inline-flex; width: 100%; }
  }
`;


/** The filters chosen (not the search text, which stays in view): the toggle counts them. */
function chosenFilters(filters: CatalogFilters): number {
  return [filters.category, filters.sort, filters.minRating, ...CATALOG_FACET_PARAMS.map((param) => filters[param])].filter(Boolean).length;
}

/**
 * Search text, category and order (and the facets, as children). Each change goes into the URL; the
 * page starts again at 1. On a phone, all but the search fold into a "Filter & sort" drawer.
 * resultCount: how many parts the filters leave (the drawer's "Show n parts").
 */
export function CatalogToolbar({
  filters,
  onChange,
  children,
  resultCount,
}: {
  filters: CatalogFilters;
  onChange: (changes: Partial<CatalogFilters>) => void;
  children?: ReactNode;
  resultCount?: number;
}) {
  const [open, setOpen] = useState(false);
  const drawer = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (!open) return undefined;
    drawer.current?.querySelector<HTMLElement>('.drawer-head button')?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [open]);

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!open) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    // Tab stays inside the drawer while it covers the page.
    keepTabInside(event, { shownOnly: true });
  };

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    onChange({ q: q || undefined });
  };
  const filtered = Boolean(filters.category || filters.q || filters.sort || filters.minRating || CATALOG_FACET_PARAMS.some((param) => filters[param]));
  // 'Best match' orders a search; without search text there is nothing to match.
  const sorts = CATALOG_SORTS.filter((sort) => sort !== 'relevance' || filters.q);
  const chosen = chosenFilters(filters);

  return (
    <Bar>
      {/* Keyed by the text in the URL, so Back and Forward refill the box. */}
      <SearchForm
        id={FILTER_FORM_ID}
        action={CATALOG_PATH}
        role="search"
        aria-label="Search the catalog"
        onSubmit={search}
        key={filters.q ?? ''}
      >
        <Field id="catalog-q" label="Search parts">
          <SearchRow>
            <input
              id="catalog-q"
              name="q"
              type="search"
              defaultValue={filters.q ?? ''}
              placeholder="e.g. DDR5, 32GB"
              maxLength={CATALOG_SEARCH_MAX_LENGTH}
              enterKeyHint="search"
            />
            <Button type="submit">Search</Button>
          </SearchRow>
        </Field>
      </SearchForm>
      <DrawerToggle ref={toggle} type="button" $variant="secondary" aria-expanded={open} aria-controls={`${titleId}-drawer`} onClick={() => setOpen(true)}>
        {catalogText.filterAndSort}
        {chosen > 0 && ` (${chosen})`}
      </DrawerToggle>
      <Drawer
        ref={drawer}
        id={`${titleId}-drawer`}
        data-open={open || undefined}
        onKeyDown={onKeyDown}
        {...(open ? { role: 'dialog', 'aria-modal': true, 'aria-labelledby': titleId } : {})}
      >
        <div className="drawer-head">
          <h2 id={titleId}>{catalogText.filterAndSort}</h2>
          <Button type="button" $variant="secondary" onClick={close}>
            {catalogText.closeFilters}
          </Button>
        </div>
        <SelectField
          id="catalog-category"
          name="category"
          label="Category"
          value={filters.category ?? ''}
          options={[{ value: '', label: 'All categories' }, ...CATEGORIES.map((category) => ({ value: category, label: category }))]}
          onChange={(value) => onChange({ category: CATEGORIES.find((c) => c === value) })}
        />
        <SelectField
          id="catalog-sort"
          name="sort"
          label="Sort by"
          value={filters.sort ?? defaultCatalogSort(filters.q)}
          options={sorts.map((sort) => ({ value: sort, label: catalogSortLabels[sort] }))}
          onChange={(value) => onChange({ sort: CATALOG_SORTS.find((s) => s === value) })}
        />
        <SelectField
          id="catalog-rating"
          name="minRating"
          label="Rating"
          value={filters.minRating ? String(filters.minRating) : ''}
          options={[{ value: '', label: 'Any rating' }, { value: String(CATALOG_MIN_RATING), label: partReviewText.fourStarsUp }]}
          onChange={(value) => onChange({ minRating: value ? CATALOG_MIN_RATING : undefined })}
        />
        {children && <Refine>{children}</Refine>}
        {filtered && (
          <Clear>
            <Link to={CATALOG_PATH}>Clear all filters</Link>
          </Clear>
        )}
        <div className="drawer-foot">
          <Button type="button" onClick={close}>
            {catalogText.showResults(resultCount)}
          </Button>
        </div>
      </Drawer>
    </Bar>
  );
}
