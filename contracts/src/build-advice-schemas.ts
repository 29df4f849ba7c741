import { z } from 'zod';
import type { Category } from './entities';
import { type PartSpecs, specFields } from './part-specs';
import { specsInputSchemas } from './part-specs-schemas';
import { ADVICE_BUDGET_MAX_CENTS, ADVICE_BUDGET_MIN_CENTS, ADVICE_SLOTS, ADVICE_USES, type AdviceSlot, adviceTexts } from './build-advice';
import { buildCheckSchema } from './build-schemas';
import { quoteUnknownKeys } from './catalog-query';
import { CPU_IDS } from './cpus';
import { centsSchema, countSchema, objectIdStringSchema, partSchema } from './entity-schemas';

// POST /builds/advise: the body and the answer (the advisor's score and texts are in build-advice.ts),
// and why the advisor cannot use a part (Manage Products), which reads the specs' schemas.

const unknownKeys = (what: string, known: readonly string[]) => (issue: { code?: string; keys?: readonly string[] }) =>
  issue.code === 'unrecognized_keys' && issue.keys ? `Unknown ${what} ${quoteUnknownKeys(issue.keys)}: use ${known.join(', ')}` : undefined;

const partIdSchema = (slot: string) => z.string({ error: `keep.${slot} must be a part id` }).regex(/^[0-9a-f]{24}$/, `keep.${slot} must be a part id`);

/** { slot: productId } of the parts to keep as they are: the advisor's slots only. */
export const adviceKeepSchema = z.strictObject(
  Object.fromEntries(ADVICE_SLOTS.map((slot) => [slot, partIdSchema(slot).optional()])) as Record<AdviceSlot, z.ZodOptional<z.ZodString>>,
  {
    error: (issue) =>
      unknownKeys('slot to keep', ADVICE_SLOTS)(issue) ?? (issue.code === 'invalid_type' ? `keep must be an object of slot: part id (${ADVICE_SLOTS.join(', ')})` : undefined),
  },
);

const BODY_FIELDS = ['budget', 'use', 'cpu', 'keep', 'storage'];

/** The request: strict, every field checked with a sentence. */
export const buildAdviceInputSchema = z.strictObject(
  {
    budget: z
      .number({ error: adviceTexts.budgetRange })
      .int(adviceTexts.budgetRange)
      .min(ADVICE_BUDGET_MIN_CENTS, adviceTexts.budgetRange)
      .max(ADVICE_BUDGET_MAX_CENTS, adviceTexts.budgetRange),
    use: z.enum(ADVICE_USES, { error: adviceTexts.use }),
    cpu: z.enum(CPU_IDS, { error: adviceTexts.cpu }),
    keep: adviceKeepSchema.optional(),
    storage: z
      .strictObject(
        { minGB: z.number({ error: adviceTexts.minGB }).int(adviceTexts.minGB).min(1, adviceTexts.minGB).max(100_000, adviceTexts.minGB) },
        { error: (issue) => unknownKeys('storage field', ['minGB'])(issue) ?? (issue.code === 'invalid_type' ? 'storage must be an object: {minGB}' : undefined) },
      )
      .optional(),
  },
  { error: unknownKeys('field', BODY_FIELDS) },
);

export type BuildAdviceInput = z.input<typeof buildAdviceInputSchema>;

const selectionSchema = z.partialRecord(z.enum(ADVICE_SLOTS), objectIdStringSchema);

export const ADVICE_ALTERNATIVE_LABELS = ['cheaper', 'stronger'] as const;

export const adviceAlternativeSchema = z.object({
  label: z.enum(ADVICE_ALTERNATIVE_LABELS),
  selection: selectionSchema,
  total: centsSchema,
  score: countSchema,
  /** The alternative's total minus the suggestion's, in cents: negative when cheaper. */
  difference: z.number().int(),
  /** What changes, in words: '+$180.00: the … (GeForce RTX 4080 SUPER) instead of the GeForce RTX 4070, about 57 % faster'. */
  summary: z.string(),
});

export const buildAdviceSchema = z.object({
  /** The suggested part per slot; no gpu in an office build whose CPU has graphics of its own. */
  selection: selectionSchema,
  /** At the quantities the cart would take, in cents: at most the budget. */
  total: centsSchema,
  /** The stated score (build-advice.ts): the sum of the parts' points. */
  score: countSchema,
  /** Why each part, in plain words (the gpu's too when the build has none). */
  reasons: z.partialRecord(z.enum(ADVICE_SLOTS), z.string()),
  alternatives: z.array(adviceAlternativeSchema),
  /** What POST /builds/check answers for the selection with the CPU. */
  check: buildCheckSchema,
  /** Every part the selection and the alternatives name, as the catalog has it now. */
  parts: z.array(partSchema),
});

export type BuildAdvice = z.infer<typeof buildAdviceSchema>;
export type AdviceAlternative = z.infer<typeof adviceAlternativeSchema>;

/**
 * Why the advisor cannot use a part, in a few words for Manage Products ('no chip'), or null when
 * it can: it reads every spec the compatibility rules read.
 */
export function advisorGap(part: { category: Category; specs?: PartSpecs | null | undefined }): string | null {
  const parsed = specsInputSchemas[part.category].safeParse(part.specs ?? {});
  if (parsed.success) return null;
  const key = parsed.error.issues[0]?.path[0];
  const field = specFields[part.category].find((candidate) => candidate.key === key) ?? specFields[part.category][0];
  const label = field.label.toLowerCase();
  const given = part.specs && typeof part.specs === 'object' && key !== undefined && (part.specs as Record<string, unknown>)[String(key)] !== undefined;
  return given ? `its ${label} is not valid` : `no ${label}`;
}
