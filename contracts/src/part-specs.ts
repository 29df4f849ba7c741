import type { Category } from './entities';

/*
 * A part's structured specs, one schema per category: what the builder's compatibility rules
 * (build-rules.ts), the catalog's facets and search, the product page's spec table and Add a
 * Product's fields read. A part may have none (the spec's POST /tools body has no specs): the
 * builder then says 'specs unknown, not checked'.
 */

export const SOCKETS = ['AM4', 'AM5', 'LGA1700', 'LGA1851'] as const;
export type Socket = (typeof SOCKETS)[number];
export const MEMORY_TYPES = ['DDR4', 'DDR5'] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];
export const FORM_FACTORS = ['ATX', 'Micro-ATX', 'Mini-ITX'] as const;
export type FormFactor = (typeof FORM_FACTORS)[number];
export const STORAGE_INTERFACES = ['NVMe M.2', 'SATA 2.5"'] as const;
export type StorageInterface = (typeof STORAGE_INTERFACES)[number];
export const COOLER_TYPES = ['Air', 'AIO 240', 'AIO 280', 'AIO 360'] as const;
export type CoolerType = (typeof COOLER_TYPES)[number];
export const EFFICIENCY_RATINGS = ['80+', '80+ Bronze', '80+ Silver', '80+ Gold', '80+ Platinum', '80+ Titanium'] as const;
export type EfficiencyRating = (typeof EFFICIENCY_RATINGS)[number];

/** How one spec field is asked for (Add a Product) and shown (the spec table). */
export type SpecField =
  | { key: string; label: string; kind: 'choice'; options: readonly string[] }
  | { key: string; label: string; kind: 'choices'; options: readonly string[] }
  | { key: string; label: string; kind: 'count'; min: number; max: number; unit?: string }
  | { key: string; label: string; kind: 'text'; max: number; example: string };

const choice = <K extends string, O extends readonly string[]>(key: K, label: string, options: O) =>
  ({ key, label, kind: 'choice', options }) as const;
const count = <K extends string>(key: K, label: string, min: number, max: number, unit?: string) =>
  ({ key, label, kind: 'count', min, max, ...(unit ? { unit } : {}) }) as const;

/** The fields of each category's specs, in the order the spec table and the form show them. */
export const specFields = {
  Motherboard: [
    choice('socket', 'Socket', SOCKETS),
    { key: 'chipset', label: 'Chipset', kind: 'text', max: 20, example: 'B650' },
    choice('formFactor', 'Form factor', FORM_FACTORS),
    choice('memoryType', 'Memory type', MEMORY_TYPES),
    count('memorySlots', 'Memory slots', 1, 8),
    count('maxMemoryGB', 'Max memory', 8, 1024, 'GB'),
    count('m2Slots', 'M.2 slots', 0, 8),
    count('sataPorts', 'SATA ports', 0, 12),
  ],
  Memory: [
    choice('memoryType', 'Memory type', MEMORY_TYPES),
    count('modules', 'Modules', 1, 8),
    count('moduleGB', 'GB per module', 1, 256, 'GB'),
    count('speedMTs', 'Speed', 1600, 12000, 'MT/s'),
  ],
  Storage: [choice('interface', 'Interface', STORAGE_INTERFACES), count('capacityGB', 'Capacity', 1, 100_000, 'GB')],
  'CPU Cooler': [
    { key: 'sockets', label: 'Supported sockets', kind: 'choices', options: SOCKETS },
    choice('type', 'Type', COOLER_TYPES),
    count('heightMM', 'Height', 20, 200, 'mm'),
    count('ratedTdpW', 'Rated TDP', 30, 500, 'W'),
  ],
  'Power Supplies': [
    count('wattage', 'Wattage', 200, 3000, 'W'),
    choice('efficiency', 'Efficiency rating', EFFICIENCY_RATINGS),
    count('pcie8Pin', 'PCIe 8-pin connectors', 0, 12),
    count('pcie12v2x6', '12V-2x6 connectors', 0, 4),
  ],
  'Video Card': [
    { key: 'chip', label: 'Chip', kind: 'text', max: 40, example: 'GeForce RTX 4070' },
    count('memoryGB', 'Memory', 1, 64, 'GB'),
    count('boardPowerW', 'Board power', 10, 1000, 'W'),
    count('lengthMM', 'Length', 100, 450, 'mm'),
    count('pcie8Pin', 'PCIe 8-pin connectors', 0, 4),
    count('pcie12v2x6', '12V-2x6 connectors', 0, 2),
  ],
} as const satisfies Record<Category, readonly SpecField[]>;

type FieldValue<F> = F extends { kind: 'choice'; options: readonly (infer O)[] }
  ? O
  : F extends { kind: 'choices'; options: readonly (infer O)[] }
    ? O[]
    : F extends { kind: 'count' }
      ? number
      : string;
type SpecsOf<Fields extends readonly SpecField[]> = { [F in Fields[number] as F['key']]: FieldValue<F> };

export type MotherboardSpecs = SpecsOf<(typeof specFields)['Motherboard']>;
export type MemorySpecs = SpecsOf<(typeof specFields)['Memory']>;
export type StorageSpecs = SpecsOf<(typeof specFields)['Storage']>;
export type CoolerSpecs = SpecsOf<(typeof specFields)['CPU Cooler']>;
export type PowerSupplySpecs = SpecsOf<(typeof specFields)['Power Supplies']>;
export type VideoCardSpecs = SpecsOf<(typeof specFields)['Video Card']>;

export interface SpecsByCategory {
  Motherboard: MotherboardSpecs;
  Memory: MemorySpecs;
  Storage: StorageSpecs;
  'CPU Cooler': CoolerSpecs;
  'Power Supplies': PowerSupplySpecs;
  'Video Card': VideoCardSpecs;
}
export type PartSpecs = SpecsByCategory[Category];

/** 2000 → '2 TB', 500 → '500 GB'. */
export function formatCapacity(gb: number): string {
  return gb >= 1000 && gb % 1000 === 0 ? `${gb / 1000} TB` : `${gb} GB`;
}

/** One row of a part's spec table. */
export interface SpecRow {
  label: string;
  value: string;
}

/** Whether two specs say the same (key order aside: a stored part's and a parsed form's may differ). */
export function sameSpecs(a: PartSpecs | undefined, b: PartSpecs | undefined): boolean {
  const flat = (specs: PartSpecs | undefined) => (specs ? JSON.stringify(Object.entries(specs).sort(([x], [y]) => x.localeCompare(y))) : undefined);
  return flat(a) === flat(b);
}

/** What the builder and the product page say of a part without specs. */
export const SPECS_UNKNOWN = 'specs unknown, not checked';

/** Spec fields as a form holds them: text, a chosen option, or the ticked options of a list. */
export type SpecFormValues = Record<string, string | string[] | false | undefined>;

/** Whether one field's value is as specsInputSchemas (part-specs-schemas.ts) would accept it. */
function fieldFits(field: SpecField, value: unknown): boolean {
  switch (field.kind) {
    case 'choice':
      return typeof value === 'string' && field.options.includes(value);
    case 'choices':
      return (
        Array.isArray(value) &&
        value.length >= 1 &&
        value.length <= field.options.length &&
        value.every((option) => typeof option === 'string' && field.options.includes(option)) &&
        new Set(value).size === value.length
      );
    case 'count':
      return typeof value === 'number' && Number.isSafeInteger(value) && value >= field.min && value <= field.max;
    case 'text': {
      if (typeof value !== 'string') return false;
      const text = value.trim();
      return text.length >= 1 && text.length <= field.max && /^[^\p{Cc}]*$/u.test(text);
    }
  }
}

/**
 * Whether `specs` are a `category` part's, every field given and fit and no other key: what
 * specsInputSchemas[category] accepts (part-specs.test.ts holds the two alike), without zod, so the
 * pages that show specs do not load it.
 */
export function specsFit(category: Category, specs: unknown): boolean {
  if (!specs || typeof specs !== 'object' || Array.isArray(specs)) return false;
  const fields = specFields[category] as readonly SpecField[];
  const keys = Object.keys(specs);
  const values = specs as Record<string, unknown>;
  return keys.length === fields.length && fields.every((field) => Object.hasOwn(values, field.key) && fieldFits(field, values[field.key]));
}

/** A part's specs when it has some and they are its category's, else undefined ('specs unknown'). */
export function specsOf<C extends Category>(
  part: { category: Category; specs?: PartSpecs | undefined } | null | undefined,
  category: C,
): SpecsByCategory[C] | undefined {
  if (!part || part.category !== category || !part.specs) return undefined;
  return specsFit(category, part.specs) ? (part.specs as SpecsByCategory[C]) : undefined;
}

/** The spec table of a part: its category's fields in order, as words ('850 W', '2 × 16 GB'). */
export function specRows(part: { category: Category; specs?: PartSpecs }): SpecRow[] {
  const specs = part.specs as Record<string, unknown> | undefined;
  if (!specs) return [];
  const rows: SpecRow[] = [];
  for (const field of specFields[part.category] as readonly SpecField[]) {
    const value = specs[field.key];
    if (value === undefined) continue;
    if (field.kind === 'choices') rows.push({ label: field.label, value: (value as string[]).join(', ') });
    else if (field.kind === 'count') {
      const text = field.unit === 'GB' && field.key === 'capacityGB' ? formatCapacity(value as number) : `${value}${field.unit ? ` ${field.unit}` : ''}`;
      rows.push({ label: field.label, value: text });
    } else rows.push({ label: field.label, value: String(value) });
  }
  const memory = specsOf(part, 'Memory');
  if (memory) rows.splice(2, 0, { label: 'Total capacity', value: `${memory.modules * memory.moduleGB} GB (${memory.modules} × ${memory.moduleGB} GB)` });
  return rows;
}

/** A part's key specs on one line, as lists show them: 'AM5 · B650 · ATX · DDR5', '32 GB DDR5-6000 (2 × 16 GB)'. */
export function specSummary(part: { category: Category; specs?: PartSpecs }): string {
  const board = specsOf(part, 'Motherboard');
  if (board) return `${board.socket} · ${board.chipset} · ${board.formFactor} · ${board.memoryType}`;
  const memory = specsOf(part, 'Memory');
  if (memory) return `${memory.modules * memory.moduleGB} GB ${memory.memoryType}-${memory.speedMTs} (${memory.modules} × ${memory.moduleGB} GB)`;
  const storage = specsOf(part, 'Storage');
  if (storage) return `${storage.interface} · ${formatCapacity(storage.capacityGB)}`;
  const cooler = specsOf(part, 'CPU Cooler');
  if (cooler) return `${cooler.type} · ${cooler.sockets.join(', ')} · ${cooler.heightMM} mm · rated ${cooler.ratedTdpW} W`;
  const psu = specsOf(part, 'Power Supplies');
  if (psu) return `${psu.wattage} W · ${psu.efficiency} · ${psu.pcie8Pin} × PCIe 8-pin · ${psu.pcie12v2x6} × 12V-2x6`;
  const gpu = specsOf(part, 'Video Card');
  if (gpu) {
    const power = [...(gpu.pcie8Pin ? [`${gpu.pcie8Pin} × 8-pin`] : []), ...(gpu.pcie12v2x6 ? [`${gpu.pcie12v2x6} × 12V-2x6`] : [])].join(' + ');
    return `${gpu.chip} · ${gpu.memoryGB} GB · ${gpu.boardPowerW} W${power ? ` (${power})` : ''} · ${gpu.lengthMM} mm`;
  }
  return SPECS_UNKNOWN;
}
