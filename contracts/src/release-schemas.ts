import { z } from 'zod';
import { countSchema, isoDateTimeSchema } from './entity-schemas';
import { COHORT_ID_PATTERN, MAX_LOAD_ID_LENGTH, type ReleaseVersion, REMOTE_NAMES, type RemoteReleases, type RolloutStats } from './releases';
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

export const remoteReleasesSchema = z.object({
  remote: remoteNameSchema,
  live: z.string().nullable(),
  previous: z.string().nullable(),
  versions: z.array(releaseVersionEntrySchema),
  failures: z.array(
    z.object({ version: z.string().nullable(), manifestUrl: z.string(), message: z.string(), at: isoDateTimeSchema }),
  ),
  failureCount: countSchema,
  rollout: z
    .object({
      version: z.string(),
      percent: z.number().int().min(1).max(100),
      startedAt: isoDateTimeSchema,
      startedBy: z.string(),
      candidate: rolloutStatsSchema,
      live: rolloutStatsSchema,
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

/** POST /releases/{remote}/rollout (admin): start a rollout, or raise its share; 100 % makes the version live. */
export const rolloutInputSchema = z.strictObject({
  version: releaseVersionSchema,
  percent: z
    .number({ error: 'percent must be a whole number from 1 to 100' })
    .int('percent must be a whole number from 1 to 100')
    .min(1, 'percent must be a whole number from 1 to 100')
    .max(100, 'percent must be a whole number from 1 to 100'),
});

/**
 * POST /remotes/errors (anyone: the shell reports a remote that would not load): the version it
 * could not load, and the load id GET /remotes gave the page with that version.
 */
export const remoteLoadFailureInputSchema = z.strictObject({
  remote: remoteNameSchema,
  version: releaseVersionSchema,
  loadId: z.string({ error: 'loadId is required: the one GET /remotes gave this page' }).min(1).max(MAX_LOAD_ID_LENGTH),
  message: freeText('message is required', 500),
  cohort: cohortIdSchema,
});

/** POST /remotes/loads (anyone: the shell reports a sample of the loads that went well). */
export const remoteLoadInputSchema = z.strictObject({
  remote: remoteNameSchema,
  version: releaseVersionSchema,
  loadId: z.string({ error: 'loadId is required: the one GET /remotes gave this page' }).min(1).max(MAX_LOAD_ID_LENGTH),
  cohort: cohortIdSchema,
});
