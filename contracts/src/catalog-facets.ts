import type { STORAGE_INTERFACES } from './part-specs';

/*
 * The catalog's facets: filters read from the parts' specs (socket, memory type, form factor,
 * interface, capacity, wattage range), written in /products' URL and GET /tools' query with the
 * same names, and answered with counts. The api stores each part's facet keys ('socket:AM5') in an
 * indexed array, so a filter is one indexed condition.
 */

export const WATTAGE_RANGES = [
  { id: 'under-650', label: 'Under 650 W', min: 0, max: 649 },
  { id: '650-849', label: '650–849 W', min: 650, max: 849 },
  { id: '850-999', label: '850–999 W', min: 850, max: 999 },
  { id: '1000-plus', label: '1000 W and up', min: 1000, max: Number.POSITIVE_INFINITY },
] as const;

export const STORAGE_INTERFACE_IDS: Readonly<Record<(typeof STORAGE_INTERFACES)[number], string>> = {
  'NVMe M.2': 'nvme',
  'SATA 2.5"': 'sata',
};

export const CATALOG_FACET_PARAMS = ['socket', 'memoryType', 'formFactor', 'interface', 'capacity', 'wattage'] as const;
export type CatalogFacetParam = (typeof CATALOG_FACET_PARAMS)[number];

export const catalogFacetLabels: Readonly<Record<CatalogFacetParam, string>> = {
  socket: 'Socket',
  memoryType: 'Memory type',
  formFactor: 'Form factor',
  interface: 'Interface',
  capacity: 'Capacity',
  wattage: 'Wattage',
};

export type CatalogFacetFilters = Partial<Record<CatalogFacetParam, string>>;

export const facetKey = (param: CatalogFacetParam, value: string) => `${param}:${value}`;

/** One facet of GET /tools' answer: its values among the parts the other filters leave, with counts. */
export interface CatalogFacet {
  param: CatalogFacetParam;
  label: string;
  values: { value: string; label: string; count: number }[];
}
