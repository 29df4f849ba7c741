import { type FormEvent, type ReactNode, useRef } from 'react';
import { Link } from '@pcpp/contracts/router';
import styled from 'styled-components';
import {
  CATALOG_FACET_PARAMS,
  CATALOG_SEARCH_MAX_LENGTH,
  CATALOG_MIN_RATING,
  CATALOG_SORTS,
  partReviewText,
  CATEGORIES,
  catalogSortLabels,
  defaultCatalogSort,
} from '@pcpp/contracts/core';
import { Button, Field } from '@pcpp/contracts/ui';
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

/** Search text, category and order (and the facets, as children). Each change goes into the URL; the page starts again at 1. */
export function CatalogToolbar({
  filters,
  onChange,
  children,
}: {
  filters: CatalogFilters;
  onChange: (changes: Partial<CatalogFilters>) => void;
  children?: ReactNode;
}) {
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    onChange({ q: q || undefined });
  };
  const filtered = Boolean(filters.category || filters.q || filters.sort || filters.minRating || CATALOG_FACET_PARAMS.some((param) => filters[param]));
  // 'Best match' orders a search; without search text there is nothing to match.
  const sorts = CATALOG_SORTS.filter((sort) => sort !== 'relevance' || filters.q);

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
    </Bar>
  );
}
