// By package path, as pages.ts reads page-paths.json: the webpack config reads the same file.
import sharedSingletonsFile from '@pcpp/contracts/shared-singletons.json';
import { z } from 'zod';
import { freeText } from './text';
import { countSchema, isoDateTimeSchema } from './entity-schemas';
import type { RemoteName } from './routes';
import type { RuntimeConfig } from './runtime-config';

/**
 * Independent releases of the remotes (docs/architecture.md, "Releases"): each published version
 * is an immutable folder in the release store; the api's registry says which one is live.
 */
export const REMOTE_NAMES = ['mf_shop', 'mf_dashboard', 'mf_admin'] as const satisfies readonly RemoteName[];

/** `0.1.0+3f2a9c1d`: the package's version, `+` a build id. */
export const releaseVersionSchema = z
  .string()
  .regex(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/, 'version must be a semver such as 1.2.3+build')
  .max(80);

export const remoteNameSchema = z.enum(REMOTE_NAMES, { error: `remote must be one of: ${REMOTE_NAMES.join(', ')}` });

/** The modules the shell and the remotes share once per page, as the webpack config shares them. */
export const SHARED_SINGLETONS: readonly string[] = sharedSingletonsFile.modules;

/** A module's package: `react-dom/client` → `react-dom`, `@pcpp/contracts/ui` → `@pcpp/contracts`. */
export function packageOf(request: string): string {
  const parts = request.split('/');
  return (request.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/**
 * Shared singletons whose major version must match between a remote and the shell before the
 * remote may go live: the shared modules that are packages of their own. A subpath is covered by
 * its package (react/jsx-runtime by react, @pcpp/contracts/router, and the react-router inside it,
 * by @pcpp/contracts); manifests give subpaths made-up versions, so @hookform/resolvers/zod, shared
 * only as a subpath, is not compared.
 */
export const RELEASE_CHECKED_SINGLETONS: readonly string[] = SHARED_SINGLETONS.filter((request) => packageOf(request) === request);

/** A browser's cohort id: random, kept in its localStorage (never a personal identifier). */
export const cohortIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'cohort must be the random id the shell keeps (16 to 64 letters, digits, - or _)');

/** Where the shell keeps its cohort id, and the cookie that lets the shell's server render the same version. */
export const COHORT_STORAGE_KEY = 'pcpp.cohort';
export const COHORT_COOKIE = 'pcpp_cohort';

/**
 * Where a cohort falls for one remote, 0–99: FNV-1a of `remote:cohort`, mixed (murmur3's finaliser)
 * so every bucket is equally likely. A rollout at p % serves its candidate to buckets below p, so
 * raising the share only adds cohorts and a browser keeps its version across reloads.
 */
export function cohortBucket(cohort: string, remote: RemoteName): number {
  let hash = 0x811c9dc5;
  const key = `${remote}:${cohort}`;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) % 100;
}

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

/** Which version of a remote a page loads, and where that choice came from. */
export interface ManifestChoice {
  /** The browser build's mf-manifest.json. */
  manifestUrl: string;
  /** The registry's version at that address (none when the runtime config's remotes stand in). */
  version?: string;
  /** The version to fall back to, tried once when this one fails to load or render: the live one for a candidate. */
  previous?: string;
  previousVersion?: string;
  /** registry: the live version; rollout: a candidate this cohort gets; config: the runtime config's. */
  source: 'registry' | 'rollout' | 'config';
}

export type ManifestChoices = Record<RemoteName, ManifestChoice>;

/**
 * Which version of each remote a page loads: a rollout's candidate when the cohort falls in its
 * share, else the release registry's live version (`GET /remotes`), else (registry unread, or nothing
 * live) the runtime config's. The one decision the api (for the load ids it signs), the shell's
 * server render, its page hints and the browser's federation plugin all take, so each agrees.
 * cohort null: nobody's in a rollout (the live versions).
 */
export function chooseManifest(
  registry: Pick<LiveRemotes, 'remotes' | 'previous' | 'versions'> & Partial<Pick<LiveRemotes, 'rollouts'>> | null,
  config: Pick<RuntimeConfig, 'remotes'>,
  cohort: string | null,
): ManifestChoices {
  const choose = (remote: RemoteName): ManifestChoice => {
    const live = registry?.remotes[remote];
    if (!registry || !live) return { manifestUrl: config.remotes[remote], source: 'config' };
    const versions = registry.versions[remote];
    const rollout = registry.rollouts?.[remote];
    if (rollout && cohort !== null && cohortBucket(cohort, remote) < rollout.percent) {
      return {
        manifestUrl: rollout.manifestUrl,
        version: rollout.version,
        previous: live,
        ...(versions ? { previousVersion: versions.live } : {}),
        source: 'rollout',
      };
    }
    const previous = registry.previous[remote];
    return {
      manifestUrl: live,
      ...(versions ? { version: versions.live } : {}),
      ...(previous ? { previous } : {}),
      ...(previous && versions?.previous ? { previousVersion: versions.previous } : {}),
      source: 'registry',
    };
  };
  return { mf_shop: choose('mf_shop'), mf_dashboard: choose('mf_dashboard'), mf_admin: choose('mf_admin') };
}

/**
 * A remote's server build (the one the shell's server renders with) sits in `server/` inside its
 * browser build: every version is released with both, and one manifest URL names the pair.
 */
export const REMOTE_SERVER_ENTRY = 'server/remoteEntry.js';

export function serverEntryUrl(manifestUrl: string): string {
  return new URL(REMOTE_SERVER_ENTRY, manifestUrl).href;
}

export interface ReleaseVersion {
  version: string;
  manifestUrl: string;
  /** Package name → the version the remote was built against (from its mf-manifest.json). */
  shared: Record<string, string>;
  /** ISO time. */
  publishedAt: string;
  publishedBy: string;
}

export interface RemoteLoadFailure {
  version: string | null;
  manifestUrl: string;
  message: string;
  /** ISO time. */
  at: string;
}

/** GET /releases (admin): one entry per remote. */
export interface RemoteReleases {
  remote: RemoteName;
  live: string | null;
  /** What Roll back would make live, if anything. */
  previous: string | null;
  /** Newest first. */
  versions: ReleaseVersion[];
  /** Load failures reported in the last 24 hours, newest first (at most 20), and their count. */
  failures: RemoteLoadFailure[];
  failureCount: number;
  /** The rollout under way, if any. */
  rollout: RolloutView | null;
  /** How the last rollout ended (completed, aborted by someone, or rolled back automatically), if one did. */
  lastRollout: RolloutOutcome | null;
}

/** Loads counted for one version during a rollout: failures, and loads (reported successes weighed by the sample rate, plus failures). */
export interface RolloutStats {
  loads: number;
  failures: number;
}

export interface RolloutView {
  version: string;
  percent: number;
  /** ISO time. */
  startedAt: string;
  startedBy: string;
  candidate: RolloutStats;
  live: RolloutStats;
}

export interface RolloutOutcome {
  version: string;
  percent: number;
  outcome: 'completed' | 'aborted' | 'rolledBack';
  /** Why it ended, as people read it. */
  reason: string;
  /** ISO time. */
  at: string;
  by: string;
  candidate: RolloutStats;
}

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

/** The longest load id GET /remotes signs (three remotes, two versions each, and the signature). */
export const MAX_LOAD_ID_LENGTH = 2_000;

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

/** The major of a semver, or major.minor below 1.0.0 (npm's caret: 0.x minors may break). */
function compatibilityLine(version: string): string | null {
  const match = /^(\d+)\.(\d+)\.\d+/.exec(version);
  if (!match) return null;
  return match[1] === '0' ? `0.${match[2]}` : match[1]!;
}

/**
 * Why a remote built against `remote` versions cannot run in a shell that provides `shell`
 * (package → version, both read from the mf-manifest.json files); empty when it can.
 */
export function sharedIncompatibilities(shell: Record<string, string>, remote: Record<string, string>): string[] {
  return RELEASE_CHECKED_SINGLETONS.flatMap((name) => {
    const built = remote[name];
    const provided = shell[name];
    if (!built || !provided) return [];
    const line = compatibilityLine(built);
    return line !== null && line === compatibilityLine(provided) ? [] : [`${name} ${built} (the shell provides ${provided})`];
  });
}

export const releaseMessages = {
  unknownVersion: (remote: string, version: string) => `${remote} has no published version ${version}`,
  alreadyPublished: (remote: string, version: string) =>
    `${remote} ${version} is already published: versions are immutable, publish a new one`,
  alreadyLive: (remote: string, version: string) => `${remote} ${version} is already live`,
  incompatible: (remote: string, version: string, problems: string[]) =>
    `${remote} ${version} cannot go live: it was built against ${problems.join('; ')}. Rebuild it against the shell's versions.`,
  nothingToRollBack: (remote: string) => `${remote} has no earlier live version to roll back to`,
  manifestUnreadable: (url: string, reason: string) => `Could not read the manifest ${url}: ${reason}`,
  wrongManifest: (remote: string, name: string) => `The manifest is ${name}'s, not ${remote}'s`,
  manifestNotAllowed: (url: string, allowed: readonly string[]) =>
    `${url} is not on the release store or a remote's origin: a manifest must be under ${allowed.join(', ')} (RELEASE_MANIFEST_ORIGINS adds more)`,
  loadIdInvalid: 'This report carries no load id the api signed: send the loadId of the GET /remotes answer the page loaded with',
  loadIdExpired: 'This page load is too old to report a failure: reload the page',
  rolloutRunning: (remote: string, version: string) => `${remote} is rolling ${version} out: complete or abort that rollout first`,
  shareOnlyRises: (remote: string, version: string, percent: number) =>
    `${remote} ${version} already reaches ${percent} % of the browsers: a share only rises (abort the rollout to stop it)`,
  nothingLive: (remote: string) => `${remote} has no live version yet: promote one before rolling another out`,
  noRollout: (remote: string) => `${remote} has no rollout under way`,
  abortedBy: (email: string) => `Aborted by ${email}`,
  completedBy: (email: string) => `Completed by ${email}: the version is live`,
  rolledBackAutomatically: (failures: number, loads: number, limits: { failurePercent: number; minLoads: number; maxFailures: number }) =>
    `Rolled back automatically: ${failures} of ${Math.round(loads)} loads failed (${((failures / Math.max(loads, 1)) * 100).toFixed(1)} %); ` +
    `the limit is ${limits.failurePercent} % over at least ${limits.minLoads} loads, or ${limits.maxFailures} failures`,
  cohortMismatch: 'This report names another cohort than its page load: send the cohort the page asked GET /remotes with',
  versionNotServed: (remote: string, version: string) =>
    `${remote} ${version} was not served to this page: a failure report names a version GET /remotes gave it`,
} as const;
