import { z } from 'zod';
import type { Category } from './entities';
import { formatCapacity, type PartSpecs, type SpecField, specFields, type SpecFormValues, type SpecRow, SPECS_UNKNOWN, type SpecsByCategory } from './part-specs';

// The specs' schemas, built from specFields, and the rules that check a part's specs with them
// (specsOf and what reads specs through it), apart from the fields and types in part-specs.ts.

function zodFor(field: SpecField) {
  const name = field.label.toLowerCase();
  switch (field.kind) {
    case 'choice':
      return z.enum(field.options as [string, ...string[]], { error: `${name} must be one of: ${field.options.join(', ')}` });
    case 'choices':
      return z
        .array(z.enum(field.options as [string, ...string[]], { error: `${name} must be from: ${field.options.join(', ')}` }), {
          error: `${name} must be a list`,
        })
        .min(1, `${name}: give at least one`)
        .max(field.options.length)
        .refine((values) => new Set(values).size === values.length, `${name}: each at most once`);
    case 'count': {
      const message = `${name} must be a whole number from ${field.min} to ${field.max}`;
      return z.number({ error: message }).int(message).min(field.min, message).max(field.max, message);
    }
    case 'text':
      return z
        .string({ error: `${name} is required` })
        .trim()
        .min(1, `${name} is required`)
        .max(field.max, `${name} must be at most ${field.max} characters`)
        // Printable text on one line: no control characters.
        .regex(/^[^\p{Cc}]*$/u, `${name} must be plain text`);
  }
}

function specsSchemaFor<C extends Category>(category: C, strict: boolean): z.ZodType<SpecsByCategory[C]> {
  const shape = Object.fromEntries(specFields[category].map((field) => [field.key, zodFor(field)]));
  const keys = specFields[category].map((field) => field.key).join(', ');
  return (
    strict
      ? z.strictObject(shape, {
          error: (issue) =>
            issue.code === 'unrecognized_keys'
              ? `specs of a ${category} part take only ${keys}`
              : issue.code === 'invalid_type'
                ? `specs must be an object with ${keys}`
                : undefined,
        })
      : z.object(shape)
  ) as unknown as z.ZodType<SpecsByCategory[C]>;
}

/** What POST /tools accepts as a part's specs, by category: strict (a key of another category is refused). */
export const specsInputSchemas: { [C in Category]: z.ZodType<SpecsByCategory[C]> } = {
  Motherboard: specsSchemaFor('Motherboard', true),
  Memory: specsSchemaFor('Memory', true),
  Storage: specsSchemaFor('Storage', true),
  'CPU Cooler': specsSchemaFor('CPU Cooler', true),
  'Power Supplies': specsSchemaFor('Power Supplies', true),
  'Video Card': specsSchemaFor('Video Card', true),
};

/** The specs an answer carries (any category's; not strict, as every answer schema). */
export const partSpecsSchema = z.union([
  specsSchemaFor('Motherboard', false),
  specsSchemaFor('Memory', false),
  specsSchemaFor('Storage', false),
  specsSchemaFor('CPU Cooler', false),
  specsSchemaFor('Power Supplies', false),
  specsSchemaFor('Video Card', false),
]) as z.ZodType<PartSpecs>;

/** A part's specs when it has some and they are its category's, else undefined ('specs unknown'). */
export function specsOf<C extends Category>(
  part: { category: Category; specs?: PartSpecs | undefined } | null | undefined,
  category: C,
): SpecsByCategory[C] | undefined {
  if (!part || part.category !== category || !part.specs) return undefined;
  return specsInputSchemas[category].safeParse(part.specs).success ? (part.specs as SpecsByCategory[C]) : undefined;
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

function formValue(field: SpecField, raw: SpecFormValues[string]): unknown {
  if (field.kind === 'choices') return Array.isArray(raw) ? raw : typeof raw === 'string' && raw ? [raw] : undefined;
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (text === '') return undefined;
  if (field.kind === 'count') return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  return text;
}

/**
 * Add a Product's spec fields: no specs when every field is empty (the part is kept and shown as
 * 'specs unknown, not checked'), else the category's specs, or what is wrong with them by field.
 */
export function parseSpecForm(category: Category, values: SpecFormValues = {}): { specs?: PartSpecs; issues: { key: string; message: string }[] } {
  const fields = specFields[category] as readonly SpecField[];
  const entries = fields.map((field) => [field.key, formValue(field, values[field.key])] as const);
  if (entries.every(([, value]) => value === undefined || (Array.isArray(value) && value.length === 0))) return { issues: [] };
  const result = specsInputSchemas[category].safeParse(Object.fromEntries(entries.filter(([, value]) => value !== undefined)));
  if (result.success) return { specs: result.data, issues: [] };
  return { issues: result.error.issues.map((issue) => ({ key: String(issue.path[0] ?? ''), message: issue.message })) };
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
