import { z } from 'zod';
import { countSchema, isoDateTimeSchema, objectIdStringSchema, partSchema, centsSchema } from './entity-schemas';
import { BUILD_SLOTS, BUILD_STATES, type BuildCheck, type BuildSlot, RULE_IDS } from './build-rules';
import { CPU_IDS } from './cpus';
import { quoteUnknownKeys } from './catalog-query';

/*
 * Saved and shared builds (POST/GET/PUT/DELETE /builds, POST /builds/check) and a visitor's build
 * in the builder's URL (/builder?b=…).
 */

export const BUILDER_PATH = '/builder';
export const MY_BUILDS_PATH = '/dashboard/myBuilds';
/** A customer keeps at most this many saved builds (POST /builds answers 409 beyond it). */
export const MAX_SAVED_BUILDS_PER_ACCOUNT = 100;
export const BUILD_NAME_MAX = 80;
export const DEFAULT_BUILD_NAME = 'My build';
/** Builds per page of My Builds (GET /builds?mine=true). */
export const BUILDS_PAGE_SIZE = 10;

export const buildTexts = {
  tooMany: `You have ${MAX_SAVED_BUILDS_PER_ACCOUNT} saved builds, the most one account can keep: delete one in My Builds to save another.`,
  notOwner: 'Only the account that saved this build can change or delete it.',
  notFound: 'No saved build has this id.',
  mineRequired: 'Builds are listed for their owner only: ask for mine=true.',
  wrongCategory: (slot: string, category: string, name: string, actual: string) =>
    `The ${slot} slot takes a ${category} part; the ${name} is a ${actual} part.`,
  partMissing: (slot: string, id: string) => `The ${slot} slot names part ${id}, which the catalog does not have.`,
  nameRequired: 'build name is required',
  empty: 'A build needs at least one part or a CPU.',
} as const;

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
export type BuildParts = Partial<Record<BuildSlot, string>>;

export const buildNameSchema = z
  .string({ error: buildTexts.nameRequired })
  .trim()
  .min(1, buildTexts.nameRequired)
  .max(BUILD_NAME_MAX, `build name must be at most ${BUILD_NAME_MAX} characters`)
  .regex(/^[^\p{Cc}]*$/u, 'build name must be plain text on one line');

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

/** A visitor's build in the URL: /builder?b=cpu-ryzen-7-7700x.motherboard-<id>.memory-<id> */
export interface EncodedBuild {
  cpu: string | null;
  parts: BuildParts;
}

const PLACES = new Set<string>(['cpu', ...BUILD_SLOTS]);

export function encodeBuild({ cpu, parts }: EncodedBuild): string {
  const entries = [...(cpu ? [`cpu-${cpu}`] : []), ...BUILD_SLOTS.flatMap((slot) => (parts[slot] ? [`${slot}-${parts[slot]}`] : []))];
  return entries.join('.');
}

/** Reads `b`; anything it does not understand (an unknown CPU or slot, a bad id) is left out. */
export function decodeBuild(text: string | null | undefined): EncodedBuild {
  const build: EncodedBuild = { cpu: null, parts: {} };
  for (const entry of (text ?? '').split('.').slice(0, BUILD_SLOTS.length + 1)) {
    const dash = entry.indexOf('-');
    if (dash < 1) continue;
    const place = entry.slice(0, dash);
    const value = entry.slice(dash + 1);
    if (!PLACES.has(place)) continue;
    if (place === 'cpu') {
      if ((CPU_IDS as readonly string[]).includes(value)) build.cpu = value;
    } else if (/^[0-9a-f]{24}$/.test(value)) build.parts[place as BuildSlot] = value;
  }
  return build;
}

/** A saved build's shareable page: /builder/{id}. */
export function savedBuildHref(id: string): string {
  return `${BUILDER_PATH}/${encodeURIComponent(id)}`;
}

/** The builder with a visitor's build in its URL. */
export function builderHref(build: EncodedBuild): string {
  const encoded = encodeBuild(build);
  return encoded ? `${BUILDER_PATH}?b=${encoded}` : BUILDER_PATH;
}
