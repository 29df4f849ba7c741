import { z } from 'zod';
import { CATALOG_FACET_PARAMS, type CatalogFacet, type CatalogFacetParam, STORAGE_INTERFACE_IDS, WATTAGE_RANGES } from './catalog-facets';
import type { Category } from './entities';
import { FORM_FACTORS, MEMORY_TYPES, type PartSpecs, SOCKETS } from './part-specs';
import { specsOf } from './part-specs';

// The facets' schemas (each facet's query parameter, and a facet as the api answers it) and the
// facet keys of a part (read through its checked specs), apart from their names and labels in
// catalog-facets.ts.

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

export const catalogFacetSchema = z.object({
  param: z.enum(CATALOG_FACET_PARAMS),
  label: z.string(),
  values: z.array(z.object({ value: z.string(), label: z.string(), count: z.number().int().min(0) })),
}) satisfies z.ZodType<CatalogFacet>;

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
