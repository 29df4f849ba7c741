import { useRef } from 'react';
import styled from 'styled-components';
import { type CatalogFacet, type CatalogFacetParam, facetValueLabel } from '@pcpp/contracts/core';
import { Field } from '@pcpp/contracts/ui';
import { media } from '../../../lib/breakpoints';
import type { CatalogFilters } from '../../../lib/catalog-url';
import { useEnteredBeforeHydration } from '../../../lib/entered-before-hydration';
import { FILTER_FORM_ID } from './filter-form';

const Group = styled.fieldset`
  margin: 16px 0 0;
  padding: 0;
  border: 0;
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  ${media.medium} { grid-template-columns: repeat(3, minmax(0, 1fr)); }
  ${media.large} { grid-template-columns: repeat(6, minmax(0, 1fr)); }
  legend { padding: 0; margin-bottom: 8px; font-weight: 700; }
`;

const ANY: Readonly<Record<CatalogFacetParam, string>> = {
  socket: 'Any socket',
  memoryType: 'Any memory',
  formFactor: 'Any size',
  interface: 'Any interface',
  capacity: 'Any capacity',
  wattage: 'Any wattage',
};

/**
 * Filters from the parts' specs (socket, memory type, form factor, interface, capacity, wattage),
 * each value with how many parts the other filters leave; a choice goes into the URL like the
 * category does.
 */
export function CatalogFacets({
  facets,
  filters,
  onChange,
}: {
  facets: CatalogFacet[];
  filters: CatalogFilters;
  onChange: (changes: Partial<CatalogFilters>) => void;
}) {
  if (facets.length === 0) return null;
  return (
    <Group>
      <legend>Refine by specs</legend>
      {facets.map((facet) => (
        <FacetSelect key={facet.param} facet={facet} chosen={filters[facet.param]} onChange={onChange} />
      ))}
    </Group>
  );
}

function FacetSelect({
  facet,
  chosen,
  onChange,
}: {
  facet: CatalogFacet;
  chosen: string | undefined;
  onChange: (changes: Partial<CatalogFilters>) => void;
}) {
  const select = useRef<HTMLSelectElement>(null);
  const apply = (value: string) => onChange({ [facet.param]: value || undefined });
  useEnteredBeforeHydration(select, chosen ?? '', apply);
  const id = `facet-${facet.param}`;
  const values = chosen && !facet.values.some((value) => value.value === chosen)
    ? [...facet.values, { value: chosen, label: facetValueLabel(facet.param, chosen), count: 0 }]
    : facet.values;
  return (
    <Field id={id} label={facet.label}>
      <select
        ref={select}
        id={id}
        name={facet.param}
        form={FILTER_FORM_ID}
        value={chosen ?? ''}
        onChange={(event) => apply(event.target.value)}
      >
        <option value="">{ANY[facet.param]}</option>
        {values.map((value) => (
          <option key={value.value} value={value.value}>
            {value.label} ({value.count})
          </option>
        ))}
      </select>
    </Field>
  );
}
