import { z } from 'zod';
import type { Category } from './entities';
import { type PartSpecs, type SpecField, specFields, type SpecFormValues, type SpecsByCategory } from './part-specs';

// The specs' schemas, built from specFields: what POST /tools accepts, what an answer carries, and
// Add a Product's form with its messages. A page that only shows specs reads them through specsOf
// (part-specs.ts), which checks them without zod (specsFit): the catalog's pages load no zod for it.

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
