import { z } from 'zod';
import type { Category } from './entities';
import { FORM_FACTORS, MEMORY_TYPES, type PartSpecs, SOCKETS, type STORAGE_INTERFACES, formatCapacity, specsOf } from './part-specs';

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

const enumParam = (name: string, values: readonly string[]) =>
  z.enum(values as [string, ...string[]], { error: `${name} must be one of: ${values.join(', ')}` });

/** Each facet's query parameter, strict: a value no part could have is a 400. */
export const catalogFacetFields = {
  socket: enumParam('socket', SOCKETS),
  memoryType: enumParam('memoryType', MEMORY_TYPES),
  formFactor: enumParam('formFactor', FORM_FACTORS),
  interface: enumParam('interface', Object.values(STORAGE_INTERFACE_IDS)),
  capacity: z
    .string({ error: 'capacity must be a whole number of GB from 1 to 100000' })
    .regex(/^[1-9]\d{0,5}$/, 'capacity must be a whole number of GB from 1 to 100000')
    .refine((text) => Number(text) <= 100_000, 'capacity must be a whole number of GB from 1 to 100000'),
  wattage: enumParam('wattage', WATTAGE_RANGES.map((range) => range.id)),
} satisfies Record<CatalogFacetParam, z.ZodType<string>>;

export type CatalogFacetFilters = Partial<Record<CatalogFacetParam, string>>;

/** The facet keys a part is found by: `socket:AM5`, `capacity:32`, `wattage:850-999`… */
export function facetKeysOf(part: { category: Category; specs?: PartSpecs }): string[] {
  const keys: string[] = [];
  const board = specsOf(part, 'Motherboard');
  if (board) keys.push(`socket:${board.socket}`, `memoryType:${board.memoryType}`, `formFactor:${board.formFactor}`);
  const memory = specsOf(part, 'Memory');
  if (memory) keys.push(`memoryType:${memory.memoryType}`, `capacity:${memory.modules * memory.moduleGB}`);
  const storage = specsOf(part, 'Storage');
  if (storage) keys.push(`interface:${STORAGE_INTERFACE_IDS[storage.interface]}`, `capacity:${storage.capacityGB}`);
  const cooler = specsOf(part, 'CPU Cooler');
  if (cooler) keys.push(...cooler.sockets.map((socket) => `socket:${socket}`));
  const psu = specsOf(part, 'Power Supplies');
  if (psu) {
    const range = WATTAGE_RANGES.find(({ min, max }) => psu.wattage >= min && psu.wattage <= max);
    if (range) keys.push(`wattage:${range.id}`);
  }
  return keys;
}

export const facetKey = (param: CatalogFacetParam, value: string) => `${param}:${value}`;

/** How a facet value reads: 'AM5', '32 GB', 'NVMe M.2', '850–999 W'. */
export function facetValueLabel(param: CatalogFacetParam, value: string): string {
  if (param === 'capacity') return formatCapacity(Number(value));
  if (param === 'wattage') return WATTAGE_RANGES.find((range) => range.id === value)?.label ?? value;
  if (param === 'interface') {
    return (Object.entries(STORAGE_INTERFACE_IDS).find(([, id]) => id === value)?.[0] as string | undefined) ?? value;
  }
  return value;
}

/** One facet of GET /tools' answer: its values among the parts the other filters leave, with counts. */
export interface CatalogFacet {
  param: CatalogFacetParam;
  label: string;
  values: { value: string; label: string; count: number }[];
}

export const catalogFacetSchema = z.object({
  param: z.enum(CATALOG_FACET_PARAMS),
  label: z.string(),
  values: z.array(z.object({ value: z.string(), label: z.string(), count: z.number().int().min(0) })),
}) satisfies z.ZodType<CatalogFacet>;

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
