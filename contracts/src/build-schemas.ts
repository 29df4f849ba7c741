import { z } from 'zod';
import { BUILD_STATES, type BuildCheck, RULE_IDS } from './build-rules';
import { BUILD_SLOTS, type BuildSlot } from './build-slots';
import { BUILD_NAME_MAX, type BuildParts, buildTexts } from './builds';
import { quoteUnknownKeys } from './catalog-query';
import { CPU_IDS } from './cpus';
import { centsSchema, countSchema, isoDateTimeSchema, objectIdStringSchema, partSchema } from './entity-schemas';
import { validationMessages } from './messages';
import { hasNoDirectionControls } from './text';

// The builds' schemas (the api's bodies and answers), apart from the builder's paths, texts and
// links in builds.ts.

const slotError = (issue: { code?: string; keys?: readonly string[] }) =>
  issue.code === 'unrecognized_keys' && issue.keys
    ? `Unknown build slot ${quoteUnknownKeys(issue.keys)}: the slots are ${BUILD_SLOTS.join(', ')}`
    : issue.code === 'invalid_type'
      ? `parts must be an object of slot: part id (${BUILD_SLOTS.join(', ')})`
      : undefined;

/** { slot: productId }: every slot optional, any other key refused. */
export const buildPartsSchema = z.strictObject(
  Object.fromEntries(
    BUILD_SLOTS.map((slot) => [slot, z.string({ error: `parts.${slot} must be a part id` }).regex(/^[0-9a-f]{24}$/, `parts.${slot} must be a part id`).optional()]),
  ) as Record<BuildSlot, z.ZodOptional<z.ZodString>>,
  { error: slotError },
);

export const buildNameSchema = z
  .string({ error: buildTexts.nameRequired })
  .trim()
  .min(1, buildTexts.nameRequired)
  .max(BUILD_NAME_MAX, `build name must be at most ${BUILD_NAME_MAX} characters`)
  .regex(/^[^\p{Cc}]*$/u, 'build name must be plain text on one line')
  // Anyone reads a saved build's name (GET /builds/{id}, the builder page): it shows as it is stored.
  .refine(hasNoDirectionControls, validationMessages.textDirectionControls);

/** What POST /builds and PUT /builds/{id} answer: the saved build's id. */
export const savedBuildIdSchema = z.object({ _id: objectIdStringSchema });

const cpuIdSchema = z.enum(CPU_IDS, { error: 'cpu must be the id of a CPU from the reference list, or null' });

const notEmpty: [(build: { parts: BuildParts; cpu?: string | null }) => boolean, { message: string; path: PropertyKey[] }] = [
  (build) => Boolean(build.cpu) || Object.values(build.parts).some(Boolean),
  { message: buildTexts.empty, path: ['parts'] },
];

const buildFields = { name: buildNameSchema, parts: buildPartsSchema, cpu: cpuIdSchema.nullable().optional() };

/** POST /builds and PUT /builds/{id}: strict; at least one part or a CPU. */
export const buildInputSchema = z.strictObject(buildFields).refine(...notEmpty);

export type BuildInput = z.input<typeof buildInputSchema>;

/** POST /builds/check: the same body; the name is optional (and not read). */
export const buildCheckInputSchema = z.strictObject({ ...buildFields, name: buildNameSchema.optional() }).refine(...notEmpty);

export type BuildCheckInput = z.input<typeof buildCheckInputSchema>;

export const ruleResultSchema = z.object({
  rule: z.enum(RULE_IDS),
  level: z.enum(['problem', 'note']),
  message: z.string(),
  places: z.array(z.enum(['cpu', ...BUILD_SLOTS])),
});

export const buildCheckSchema = z.object({
  state: z.enum(BUILD_STATES),
  results: z.array(ruleResultSchema),
  estimatedW: countSchema,
  recommendedW: countSchema,
  totalCents: centsSchema,
}) satisfies z.ZodType<BuildCheck>;

/** GET /builds/{id}: the build with each slot's part as the catalog has it now (null: no longer sold). */
export const savedBuildSchema = z.object({
  _id: objectIdStringSchema,
  name: z.string(),
  cpu: z.string().nullable(),
  parts: z.partialRecord(z.enum(BUILD_SLOTS), objectIdStringSchema),
  slots: z.array(z.object({ slot: z.enum(BUILD_SLOTS), productId: objectIdStringSchema, part: partSchema.nullable() })),
  check: buildCheckSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});

export type SavedBuild = z.infer<typeof savedBuildSchema>;

/** One row of My Builds (GET /builds?mine=true). */
export const buildSummarySchema = z.object({
  _id: objectIdStringSchema,
  name: z.string(),
  cpu: z.string().nullable(),
  parts: z.partialRecord(z.enum(BUILD_SLOTS), objectIdStringSchema),
  partCount: countSchema,
  state: z.enum(BUILD_STATES),
  problems: countSchema,
  notes: countSchema,
  totalCents: centsSchema,
  estimatedW: countSchema,
  updatedAt: isoDateTimeSchema,
});

export type BuildSummary = z.infer<typeof buildSummarySchema>;
