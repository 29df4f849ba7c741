import { type CatalogFacetParam, STORAGE_INTERFACE_IDS, WATTAGE_RANGES } from './catalog-facets';
import { FORM_FACTORS, formatCapacity, MEMORY_TYPES, SOCKETS } from './part-specs';

// How facet values read and sort, from the parts' spec lists (part-specs.ts): apart from the
// facets' names in catalog-facets.ts, which every link to the catalog writes.

/** How a facet value reads: 'AM5', '32 GB', 'NVMe M.2', '850–999 W'. */
export function facetValueLabel(param: CatalogFacetParam, value: string): string {
  if (param === 'capacity') return formatCapacity(Number(value));
  if (param === 'wattage') return WATTAGE_RANGES.find((range) => range.id === value)?.label ?? value;
  if (param === 'interface') {
    return (Object.entries(STORAGE_INTERFACE_IDS).find(([, id]) => id === value)?.[0] as string | undefined) ?? value;
  }
  return value;
}

/** Values in a steady order: the spec's lists as written, capacities by size. */
export function sortFacetValues(param: CatalogFacetParam, values: string[]): string[] {
  const order: Partial<Record<CatalogFacetParam, readonly string[]>> = {
    socket: SOCKETS,
    memoryType: MEMORY_TYPES,
    formFactor: FORM_FACTORS,
    interface: Object.values(STORAGE_INTERFACE_IDS),
    wattage: WATTAGE_RANGES.map((range) => range.id),
  };
  const list = order[param];
  return [...values].sort((a, b) => (list ? list.indexOf(a) - list.indexOf(b) : Number(a) - Number(b)));
}
