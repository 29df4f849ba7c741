import { z } from 'zod';
import { partInputFields, partVersionSchema, stockChangeSchema } from './admin';
import { objectIdStringSchema, partSchema } from './entity-schemas';
import { BULK_EDIT_MAX, STOCK_FILTERS } from './product-admin';

/** GET /tools?stock=in-stock|low|sold-out. */
export const stockFilterSchema = z.enum(STOCK_FILTERS, { error: `stock must be one of: ${STOCK_FILTERS.join(', ')}` });

const partIdText = z.string({ error: 'id must be a part id' }).regex(/^[0-9a-f]{24}$/, 'id must be a part id');

/** One row of a bulk change: the part, its version as loaded, and its new price and/or stock. */
const bulkPartChangeSchema = z
  .strictObject({ id: partIdText, version: partVersionSchema, price: partInputFields.price.optional(), p_quantity: stockChangeSchema.optional() })
  .refine((change) => change.price !== undefined || change.p_quantity !== undefined, { message: 'each change needs a price or p_quantity' });

/**
 * POST /tools/bulk (admin): several parts' price or stock at once. Each row keeps its own version
 * check, as PATCH /tools/{id} does; the answer names the rows refused. Strict.
 */
export const bulkPartEditSchema = z.strictObject({
  changes: z
    .array(bulkPartChangeSchema, { error: 'changes must be a list of {id, version, price or p_quantity}' })
    .min(1, 'changes must name at least one part')
    .max(BULK_EDIT_MAX, `changes may name at most ${BULK_EDIT_MAX} parts`)
    .refine((changes) => new Set(changes.map((change) => change.id)).size === changes.length, { message: 'changes must name each part once' }),
});
export type BulkPartEdit = z.output<typeof bulkPartEditSchema>;

/** A row the bulk change left as it was, and why. */
export const refusedPartChangeSchema = z.object({ _id: objectIdStringSchema, name: z.string(), message: z.string() });

export const bulkPartEditAnswerSchema = z.object({
  /** The parts changed, as they are now (each one version higher). */
  updated: z.array(partSchema),
  refused: z.array(refusedPartChangeSchema),
});
export type BulkPartEditAnswer = z.output<typeof bulkPartEditAnswerSchema>;

/** POST /tools/import?dryRun=: each CSV row (numbered as a spreadsheet shows it, the header being 1). */
export const partImportRowSchema = z.object({
  row: z.number().int().min(2),
  action: z.enum(['create', 'update', 'error']),
  /** The part's name as the row has it (empty when the row has none). */
  name: z.string(),
  errors: z.array(z.object({ row: z.number().int().min(2), column: z.string(), message: z.string() })),
  /** An update's fields that differ from the part (none: the part already is as the row says). */
  changes: z.array(z.string()),
});
export type PartImportRow = z.output<typeof partImportRowSchema>;

export const partImportAnswerSchema = z.object({
  dryRun: z.boolean(),
  rows: z.array(partImportRowSchema),
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
  errors: z.number().int().min(0),
});
export type PartImportAnswer = z.output<typeof partImportAnswerSchema>;

export const partImportQuerySchema = z.strictObject(
  { dryRun: z.enum(['true', 'false'], { error: 'dryRun must be true or false' }).transform((value) => value === 'true') },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Unknown query parameter: use dryRun' : undefined) },
);

/** POST /tools/{id}/put-back (admin): the Activity entry of the edit to put back. Strict. */
export const putBackBodySchema = z.strictObject({
  activityId: z.string({ error: 'activityId must be an Activity entry id' }).regex(/^[0-9a-f]{24}$/, 'activityId must be an Activity entry id'),
});
export type PutBackBody = z.output<typeof putBackBodySchema>;
