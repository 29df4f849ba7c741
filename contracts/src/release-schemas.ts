import { z } from 'zod';
import { countSchema, isoDateTimeSchema } from './entity-schemas';
import {
  COHORT_ID_PATTERN,
  MAX_LOAD_ID_LENGTH,
  RELEASE_VERDICT_METRICS,
  REMOTE_ERROR_KINDS,
  REMOTE_NAMES,
  WEB_VITAL_LIMITS,
  releaseMessages,
  type HealthBucket,
  type MetricVerdict,
  type ReleaseVersion,
  type RemoteErrorGroup,
  type RemoteReleases,
  type RolloutStats,
  type RolloutVerdict,
  type VerdictThresholds,
  type VersionHealth,
} from './releases';
import { freeText } from './text';

// The releases' schemas (the registry's answer, the admin's and the reports' bodies), apart from the
// rules in releases.ts that choose a page's versions: the shell chooses without loading zod.

/** `0.1.0+3f2a9c1d`: the package's version, `+` a build id. */
export const releaseVersionSchema = z
  .string()
  .regex(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/, 'version must be a semver such as 1.2.3+build')
  .max(80);

export const remoteNameSchema = z.enum(REMOTE_NAMES, { error: `remote must be one of: ${REMOTE_NAMES.join(', ')}` });

export const cohortIdSchema = z.string().regex(COHORT_ID_PATTERN, 'cohort must be the random id the shell keeps (16 to 64 letters, digits, - or _)');

/** A rollout under way: `version` is served to the cohorts below `percent`, the live one to the others. */
export const rolloutSchema = z.object({
  version: z.string(),
  manifestUrl: z.url(),
  percent: z.number().int().min(1).max(100),
});

export type Rollout = z.infer<typeof rolloutSchema>;

/**
 * GET /remotes (public): the live manifest of each remote, the one live before it, their versions,
 * the rollouts under way, and this page load's signed id, which a failure report must carry
 * (POST /remotes/errors). Everyone gets the same registry; chooseManifest picks the cohort's version.
 */
export const liveRemotesSchema = z.object({
  remotes: z.partialRecord(remoteNameSchema, z.url()),
  /** The previous live version of each remote: the shell falls back to it when the live one fails. */
  previous: z.partialRecord(remoteNameSchema, z.url()),
  /** The versions behind `remotes` and `previous`: what a failure report names. */
  versions: z.partialRecord(remoteNameSchema, z.object({ live: z.string(), previous: z.string().optional() })),
  /** Candidates served to a share of the cohorts (their fallback is the live version). */
  rollouts: z.partialRecord(remoteNameSchema, rolloutSchema),
  /** Of the successful loads, the share the shell reports (POST /remotes/loads): the api weighs each by its inverse. */
  loadSampleRate: z.number().min(0).max(1),
  /**
   * Of the page loads, the share that measures Web Vitals and reports them (POST /remotes/vitals) for
   * the remotes it rendered (RELEASE_VITALS_SAMPLE_PERCENT / 100). Absent from older apis: report none.
   */
  vitalsSampleRate: z.number().min(0).max(1).optional(),
  /** Signed by the api, short-lived: the versions this answer served to the cohort it was asked for, for this page load's reports. */
  loadId: z.string(),
});

export type LiveRemotes = z.infer<typeof liveRemotesSchema>;

/**
 * The registry's answer as the shell's server writes it into a page (`LIVE_REMOTES_ELEMENT_ID`):
 * without the load id, which belongs to one page load while the server serves one answer to many.
 * The server chose with the cohort of the browser's cookie, the one the browser chooses with.
 */
export const inlineLiveRemotesSchema = liveRemotesSchema.omit({ loadId: true });

export type InlineLiveRemotes = z.infer<typeof inlineLiveRemotesSchema>;

export const releaseVersionEntrySchema = z.object({
  version: z.string(),
  manifestUrl: z.string(),
  shared: z.record(z.string(), z.string()),
  publishedAt: isoDateTimeSchema,
  publishedBy: z.string(),
}) satisfies z.ZodType<ReleaseVersion>;

const rolloutStatsSchema = z.object({ loads: z.number().min(0), failures: countSchema }) satisfies z.ZodType<RolloutStats>;

const rateSchema = z.number().min(0).max(1);
const errorRateSchema = z.object({ affected: z.number().min(0), rate: rateSchema.nullable() });
const vitalSummarySchema = z.object({ p75: z.number().min(0).nullable(), samples: z.number().min(0) });

export const versionHealthSchema = z.object({
  version: z.string(),
  cohorts: countSchema,
  addresses: countSchema,
  weight: z.number().min(0),
  loadErrors: errorRateSchema,
  runtimeErrors: errorRateSchema,
  lcp: vitalSummarySchema,
  inp: vitalSummarySchema,
  cls: vitalSummarySchema,
}) satisfies z.ZodType<VersionHealth>;

const bucketHealthSchema = z.object({
  cohorts: countSchema,
  errorRate: rateSchema.nullable(),
  lcpP75: z.number().min(0).nullable(),
  inpP75: z.number().min(0).nullable(),
});

export const healthBucketSchema = z.object({
  from: isoDateTimeSchema,
  to: isoDateTimeSchema,
  candidate: bucketHealthSchema,
  live: bucketHealthSchema,
}) satisfies z.ZodType<HealthBucket>;

export const metricVerdictSchema = z.object({
  metric: z.enum(RELEASE_VERDICT_METRICS),
  candidate: z.number(),
  live: z.number(),
  lowerBound: z.number().nullable(),
  limit: z.number().nullable(),
  candidateSamples: z.number().min(0),
  liveSamples: z.number().min(0),
  summary: z.string(),
}) satisfies z.ZodType<MetricVerdict>;

export const rolloutVerdictSchema = z.object({
  at: isoDateTimeSchema,
  state: z.enum(['healthy', 'regression', 'insufficient']),
  regression: metricVerdictSchema.nullable(),
  note: z.string().nullable(),
}) satisfies z.ZodType<RolloutVerdict>;

export const verdictThresholdsSchema = z.object({
  errorTest: z.string(),
  confidencePercent: z.number().min(50).max(100),
  vitalsMarginPercent: z.number().min(0),
  minAddresses: countSchema,
  minCohorts: countSchema,
  minVitalsSamples: countSchema,
  intervalSeconds: z.number().positive(),
}) satisfies z.ZodType<VerdictThresholds>;

export const remoteErrorGroupSchema = z.object({
  kind: z.enum(REMOTE_ERROR_KINDS),
  version: z.string().nullable(),
  message: z.string(),
  count: countSchema,
  cohorts: countSchema,
  firstSeen: isoDateTimeSchema,
  lastSeen: isoDateTimeSchema,
  where: z.string().nullable().optional(),
  stack: z.array(z.string()).optional(),
}) satisfies z.ZodType<RemoteErrorGroup>;

export const remoteReleasesSchema = z.object({
  remote: remoteNameSchema,
  live: z.string().nullable(),
  previous: z.string().nullable(),
  versions: z.array(releaseVersionEntrySchema),
  failures: z.array(
    z.object({ version: z.string().nullable(), manifestUrl: z.string(), message: z.string(), at: isoDateTimeSchema }),
  ),
  failureCount: countSchema,
  errors: z.array(remoteErrorGroupSchema),
  thresholds: verdictThresholdsSchema,
  rollout: z
    .object({
      version: z.string(),
      percent: z.number().int().min(1).max(100),
      startedAt: isoDateTimeSchema,
      startedBy: z.string(),
      candidate: rolloutStatsSchema,
      live: rolloutStatsSchema,
      stages: z.array(z.number().int().min(1).max(100)).nullable(),
      stageIndex: countSchema.nullable(),
      stageMinutes: z.number().positive().nullable(),
      stageStartedAt: isoDateTimeSchema,
      nextStageAt: isoDateTimeSchema.nullable(),
      health: z.object({ candidate: versionHealthSchema, live: versionHealthSchema }),
      series: z.array(healthBucketSchema),
      verdict: rolloutVerdictSchema.nullable(),
    })
    .nullable(),
  lastRollout: z
    .object({
      version: z.string(),
      percent: z.number().int().min(1).max(100),
      outcome: z.enum(['completed', 'aborted', 'rolledBack']),
      reason: z.string(),
      at: isoDateTimeSchema,
      by: z.string(),
      candidate: rolloutStatsSchema,
      verdict: rolloutVerdictSchema.nullable(),
    })
    .nullable(),
}) satisfies z.ZodType<RemoteReleases>;

/** POST /releases/{remote} (admin, the release script): the artifact is already in the store. */
export const publishReleaseInputSchema = z.strictObject({
  version: releaseVersionSchema,
  manifestUrl: z.url({ protocol: /^https?$/, error: 'manifestUrl must be an http(s) URL' }).max(500),
});

/** POST /releases/{remote}/promote (admin). */
export const promoteReleaseInputSchema = z.strictObject({ version: releaseVersionSchema });

const PERCENT_SHAPE = 'percent must be a whole number from 1 to 100';
const percentSchema = z.number({ error: PERCENT_SHAPE }).int(PERCENT_SHAPE).min(1, PERCENT_SHAPE).max(100, PERCENT_SHAPE);

/** The shares a staged rollout rises through: 2 to 10, rising, the last 100 (the version then goes live). */
export const rolloutStagesSchema = z
  .array(z.number({ error: releaseMessages.stagesShape }).int(releaseMessages.stagesShape).min(1, releaseMessages.stagesShape).max(100, releaseMessages.stagesShape), {
    error: releaseMessages.stagesShape,
  })
  .min(2, releaseMessages.stagesShape)
  .max(10, releaseMessages.stagesShape)
  .refine((stages) => stages.every((stage, i) => i === 0 || stage > stages[i - 1]!) && stages.at(-1) === 100, releaseMessages.stagesShape);

/** A stage's window in minutes: fractions allowed (0.05 = 3 s, for tests), at most a week. */
export const stageMinutesSchema = z
  .number({ error: releaseMessages.stageMinutesShape })
  .min(0.05, releaseMessages.stageMinutesShape)
  .max(10_080, releaseMessages.stageMinutesShape);

/**
 * POST /releases/{remote}/rollout (admin): start a rollout, or raise its share; 100 % makes the version live.
 * Either `percent` (a share set by hand) or `stages` (e.g. [5, 25, 50, 100]: the rollout starts at the
 * first and rises to the next by itself after each stays healthy for `stageMinutes`, default
 * RELEASE_STAGE_MINUTES). A staged rollout can still be raised by hand with `percent`.
 */
export const rolloutInputSchema = z
  .strictObject({
    version: releaseVersionSchema,
    percent: percentSchema.optional(),
    stages: rolloutStagesSchema.optional(),
    stageMinutes: stageMinutesSchema.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.percent !== undefined && input.stages !== undefined) ctx.addIssue({ code: 'custom', message: releaseMessages.percentOrStages, path: ['stages'] });
    else if (input.percent === undefined && input.stages === undefined) ctx.addIssue({ code: 'custom', message: releaseMessages.percentRequired, path: ['percent'] });
    else if (input.stageMinutes !== undefined && input.stages === undefined) {
      ctx.addIssue({ code: 'custom', message: releaseMessages.stageMinutesWithoutStages, path: ['stageMinutes'] });
    }
  });

const loadIdSchema = z.string({ error: 'loadId is required: the one GET /remotes gave this page' }).min(1).max(MAX_LOAD_ID_LENGTH);

/**
 * POST /remotes/errors (anyone: the shell): a remote version that would not load (`kind` load, the
 * default), or that threw once loaded (`kind` runtime: what its error boundary caught, or an
 * uncaught error / unhandled rejection whose stack lies in its files), with the load id GET /remotes
 * gave the page and the cohort it asked with. One report per page load, version and kind.
 */
export const remoteLoadFailureInputSchema = z.strictObject({
  remote: remoteNameSchema,
  version: releaseVersionSchema,
  loadId: loadIdSchema,
  message: freeText('message is required', 500),
  cohort: cohortIdSchema,
  kind: z.enum(REMOTE_ERROR_KINDS, { error: `kind must be one of: ${REMOTE_ERROR_KINDS.join(', ')}` }).default('load'),
  /** Runtime errors: the first lines of the stack (at most 2,000 characters). */
  stack: z.string().max(2_000, 'stack: at most 2000 characters (send the first lines)').optional(),
  /** Runtime errors: the remote's file the error was thrown in (a URL, at most 500 characters). */
  source: z.string().max(500, 'source: at most 500 characters').optional(),
});

/** POST /remotes/loads (anyone: the shell reports a sample of the loads that went well). */
export const remoteLoadInputSchema = z.strictObject({
  remote: remoteNameSchema,
  version: releaseVersionSchema,
  loadId: loadIdSchema,
  cohort: cohortIdSchema,
});

const vitalSchema = (name: string, max: number, unit: string) =>
  z.number({ error: `${name} must be a number` }).min(0, `${name} must be 0 or more`).max(max, `${name} must be at most ${max}${unit}`);

/**
 * POST /remotes/vitals (anyone: the shell, for a sample of page loads, RELEASE_VITALS_SAMPLE_PERCENT):
 * the Web Vitals of one page load the remote rendered, sent once with sendBeacon when the page is
 * hidden. Any of lcp, inp (ms) and cls, at least one. One report per page load and version.
 */
export const remoteVitalsInputSchema = z
  .strictObject({
    remote: remoteNameSchema,
    version: releaseVersionSchema,
    loadId: loadIdSchema,
    cohort: cohortIdSchema,
    lcp: vitalSchema('lcp', WEB_VITAL_LIMITS.lcp, ' ms').optional(),
    inp: vitalSchema('inp', WEB_VITAL_LIMITS.inp, ' ms').optional(),
    cls: vitalSchema('cls', WEB_VITAL_LIMITS.cls, '').optional(),
  })
  .refine((input) => input.lcp !== undefined || input.inp !== undefined || input.cls !== undefined, releaseMessages.vitalsEmpty);
