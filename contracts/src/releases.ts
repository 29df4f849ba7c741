// By package path, as pages.ts reads page-paths.json: the webpack config reads the same file.
import sharedSingletonsFile from '@pcpp/contracts/shared-singletons.json';
import type { LiveRemotes } from './release-schemas';
import type { RemoteName } from './routes';
import type { RuntimeConfig } from './runtime-config-schema';

/**
 * Independent releases of the remotes (docs/architecture/remotes-at-run-time.md, "Releases"): each published version
 * is an immutable folder in the release store; the api's registry says which one is live.
 */
export const REMOTE_NAMES = ['mf_shop', 'mf_dashboard', 'mf_admin'] as const satisfies readonly RemoteName[];

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
 * by @pcpp/contracts). @hookform/resolvers/zod, shared only as a subpath, is not compared (the
 * builds provide it as its package's version, so a remote's range is still checked when it loads).
 */
export const RELEASE_CHECKED_SINGLETONS: readonly string[] = SHARED_SINGLETONS.filter((request) => packageOf(request) === request);

/** A browser's cohort id: random, kept in its localStorage (never a personal identifier). */
export const COHORT_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

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

/** What a page reports about a remote version (POST /remotes/errors `kind`): it would not load, or it threw once loaded. */
export const REMOTE_ERROR_KINDS = ['load', 'runtime'] as const;
export type RemoteErrorKind = (typeof REMOTE_ERROR_KINDS)[number];

/**
 * What a verdict compares, candidate beside live: the share of cohorts that met a load failure or a
 * runtime error, and the 75th percentile of LCP and INP (milliseconds). CLS is shown, not judged.
 */
export const RELEASE_VERDICT_METRICS = ['loadErrors', 'runtimeErrors', 'lcp', 'inp'] as const;
export type ReleaseVerdictMetric = (typeof RELEASE_VERDICT_METRICS)[number];

/** Web Vitals a page reports (POST /remotes/vitals): LCP and INP in ms, CLS unitless. */
export const WEB_VITAL_LIMITS = { lcp: 120_000, inp: 60_000, cls: 100 } as const;

/** Errors grouped by message (GET /releases `errors`): how often, how many cohorts, and when last. */
export interface RemoteErrorGroup {
  kind: RemoteErrorKind;
  version: string | null;
  message: string;
  /** Reports with this message (one per page load). */
  count: number;
  /** Distinct cohorts that reported it. */
  cohorts: number;
  /** ISO time. */
  firstSeen: string;
  lastSeen: string;
  /**
   * Runtime errors: where in the remote's source it was thrown (`src/components/x.tsx:23:15`), mapped
   * on the server from the version's source maps; null when no map has it.
   */
  where?: string | null;
  /** Runtime errors: the latest report's stack, each frame of the remote's files mapped to its source. */
  stack?: string[];
}

/** A proportion as the verdict counts it: cohorts that met the error over cohorts exposed (weighted: see `weight`). */
export interface ErrorRate {
  /** Weighted cohorts that met at least one error of this kind. */
  affected: number;
  /** 0–1; null with no exposed cohort. */
  rate: number | null;
}

/** A Web Vital's 75th percentile over cohorts (each cohort's median counts once, weighted), and its sample. */
export interface VitalSummary {
  /** ms for LCP and INP; null with no sample. */
  p75: number | null;
  /** Weighted cohorts with a value. */
  samples: number;
}

/**
 * What one version lived through during a rollout, counted by cohort: every cohort that reported
 * anything about it (a load, an error, vitals) is exposed once; one address's cohorts weigh at most as
 * RELEASE_VERDICT_COHORTS_PER_ADDRESS cohorts together (1 by default: an address weighs as one cohort).
 */
export interface VersionHealth {
  version: string;
  /** Distinct cohorts and distinct addresses that reported (under load ids with a cohort). */
  cohorts: number;
  addresses: number;
  /** The weighted number of cohorts: the n of the test. */
  weight: number;
  loadErrors: ErrorRate;
  runtimeErrors: ErrorRate;
  lcp: VitalSummary;
  inp: VitalSummary;
  cls: VitalSummary;
}

/** One bucket of the chart (GET /releases `rollout.series`): the health of each side from `from` to `to`. */
export interface HealthBucket {
  /** ISO times. */
  from: string;
  to: string;
  candidate: BucketHealth;
  live: BucketHealth;
}

export interface BucketHealth {
  cohorts: number;
  /** Share of the bucket's cohorts that met an error, load or runtime (null: none reported). */
  errorRate: number | null;
  lcpP75: number | null;
  inpP75: number | null;
}

/** The limits in force (environment): the Releases page shows them beside the numbers. */
export interface VerdictThresholds {
  /** The error-rate test, named: a one-sided Newcombe (Wilson score) interval on the difference. */
  errorTest: string;
  /** One-sided confidence, percent (RELEASE_VERDICT_CONFIDENCE_PERCENT, 95). */
  confidencePercent: number;
  /** p75 LCP / INP regress when the candidate's exceeds the live one's by more than this (RELEASE_VITALS_MARGIN_PERCENT, 10). */
  vitalsMarginPercent: number;
  /** On each side: distinct addresses and cohorts before any verdict (RELEASE_VERDICT_MIN_ADDRESSES / _MIN_COHORTS, 30). */
  minAddresses: number;
  minCohorts: number;
  /** Weighted cohorts with a value before p75 LCP / INP are judged (RELEASE_VERDICT_MIN_VITALS, 30). */
  minVitalsSamples: number;
  /** How often the api judges (RELEASE_VERDICT_INTERVAL_SECONDS, 60). */
  intervalSeconds: number;
}

/** Why a metric regressed (or the closest it came): both values and the interval. */
export interface MetricVerdict {
  metric: ReleaseVerdictMetric;
  /** Rates (0–1) for loadErrors / runtimeErrors, ms for lcp / inp. */
  candidate: number;
  live: number;
  /**
   * Error rates: the one-sided lower bound of the interval on candidate − live (regression when > 0),
   * at `confidencePercent`. Vitals: the limit live × (1 + margin) the candidate passed.
   */
  lowerBound: number | null;
  limit: number | null;
  /** Samples behind each value (weighted cohorts). */
  candidateSamples: number;
  liveSamples: number;
  /** As people read it, e.g. "Runtime errors: 12.0 % of cohorts against 1.0 % (95 % one-sided Newcombe–Wilson lower bound of the difference +6.1 points > 0)". */
  summary: string;
}

/** The latest judgement of a rollout under way, or the one that ended it. */
export interface RolloutVerdict {
  /** ISO time. */
  at: string;
  /** healthy: judged, no regression; regression: rolled back; insufficient: too few addresses or cohorts on a side to judge. */
  state: 'healthy' | 'regression' | 'insufficient';
  /** The regressed metric (state regression), else null. */
  regression: MetricVerdict | null;
  /** Why no verdict (state insufficient), as people read it. */
  note: string | null;
}

/** GET /releases (admin): one entry per remote. */
export interface RemoteReleases {
  remote: RemoteName;
  live: string | null;
  /** What Roll back would make live, if anything. */
  previous: string | null;
  /** Newest first. */
  versions: ReleaseVersion[];
  /** Load failures reported in the last 24 hours, newest first (at most 20), and their count (raw lines; `errors` groups them). */
  failures: RemoteLoadFailure[];
  failureCount: number;
  /** Errors of the last 24 hours (load and runtime, every version) grouped by kind, version and message: most reported first, at most 20. */
  errors: RemoteErrorGroup[];
  /** The limits the verdicts apply. */
  thresholds: VerdictThresholds;
  /** The rollout under way, if any. */
  rollout: RolloutView | null;
  /** How the last rollout ended (completed, aborted by someone, or rolled back automatically), if one did. */
  lastRollout: RolloutOutcome | null;
}

/** Loads counted for one version during a rollout: page loads that reported it (load, error or vitals), and its load failures. */
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
  /** The shares of a staged rollout, rising to 100 (null: a share set by hand), the current one's index, and its window. */
  stages: number[] | null;
  stageIndex: number | null;
  stageMinutes: number | null;
  /** ISO time the current share began. */
  stageStartedAt: string;
  /** ISO time the next stage begins if the candidate stays healthy (null: not staged, or the last stage). */
  nextStageAt: string | null;
  /** Each side's health since the rollout began. */
  health: { candidate: VersionHealth; live: VersionHealth };
  /** The same over time, oldest first (at most 12 buckets). */
  series: HealthBucket[];
  /** The latest judgement (null: none yet). */
  verdict: RolloutVerdict | null;
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
  /** The verdict that rolled it back (outcome rolledBack by the api), else null. */
  verdict: RolloutVerdict | null;
}

/** The longest load id GET /remotes signs (three remotes, two versions each, and the signature). */
export const MAX_LOAD_ID_LENGTH = 2_000;

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
  beaconNotJson: 'The body must be JSON: the vitals as an object (application/json, or text/plain as sendBeacon sends a string)',
  beaconTooLarge: 'The vitals report is too large: at most 4 KB',
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
  rolledBackAutomatically: (summary: string) => `Rolled back automatically: ${summary}`,
  stageAdvanced: (version: string, percent: number, minutes: number) =>
    `${version} stayed healthy for ${formatMinutes(minutes)}: it now reaches ${percent} % of the browsers`,
  stagesCompleted: (version: string) => `${version} went through every stage healthy: it is live`,
  percentOrStages: 'Give percent (a share set by hand) or stages (shares it rises through by itself), not both',
  percentRequired: 'percent is required (a whole number from 1 to 100), or stages',
  stagesShape: 'stages must be 2 to 10 whole numbers from 1 to 100, each higher than the one before, ending at 100',
  stageMinutesShape: 'stageMinutes must be a number of minutes from 0.05 to 10080 (a week)',
  stageMinutesWithoutStages: 'stageMinutes is the window of each stage: give stages with it',
  stagesOnlyAtStart: (remote: string, version: string) =>
    `${remote} ${version} is already rolling out: stages are set when a rollout starts (raise its share with percent, or abort it)`,
  verdictErrorRate: (label: string, candidate: number, live: number, lower: number, confidence: number) =>
    `${label}: ${percent1(candidate)} of cohorts on the candidate against ${percent1(live)} on the live version ` +
    `(${confidence} % one-sided Newcombe–Wilson lower bound of the difference: ${signedPoints(lower)} points, above 0)`,
  verdictVital: (label: string, candidate: number, live: number, limit: number, margin: number) =>
    `${label} p75: ${Math.round(candidate)} ms on the candidate against ${Math.round(live)} ms on the live version ` +
    `(the limit is ${Math.round(limit)} ms, live + ${margin} %)`,
  verdictInsufficient: (side: 'candidate' | 'live', addresses: number, cohorts: number, minAddresses: number, minCohorts: number) =>
    `Not judged yet: the ${side === 'candidate' ? 'candidate' : 'live version'} has reports from ${addresses} addresses and ${cohorts} cohorts; ` +
    `a verdict needs ${minAddresses} and ${minCohorts} on each side`,
  loadIdWithoutCohort: (remote: string, version: string) =>
    `${remote} ${version} is rolling out, and this page load asked GET /remotes without a cohort: such a load id reports nothing about a rollout. Ask GET /remotes with the browser's cohort`,
  loadIdOtherAddress: 'This load id was issued to another network address: a page reports from the address that asked GET /remotes',
  tooManyCohortReports: 'Too many reports from this cohort: try again in a minute',
  vitalsEmpty: 'A vitals report needs at least one of lcp, inp and cls',
  cohortMismatch: 'This report names another cohort than its page load: send the cohort the page asked GET /remotes with',
  versionNotServed: (remote: string, version: string) =>
    `${remote} ${version} was not served to this page: a report names a version GET /remotes gave it`,
} as const;

/** Labels of the verdict's metrics, as the Releases page and Activity say them. */
export const releaseMetricLabels: Record<ReleaseVerdictMetric, string> = {
  loadErrors: 'Load failures',
  runtimeErrors: 'Runtime errors',
  lcp: 'LCP',
  inp: 'INP',
};

function percent1(rate: number): string {
  return `${(rate * 100).toFixed(1)} %`;
}

function signedPoints(rate: number): string {
  const points = (rate * 100).toFixed(1);
  return rate >= 0 ? `+${points}` : points;
}

function formatMinutes(minutes: number): string {
  if (minutes < 1) return `${Math.round(minutes * 60)} s`;
  return minutes === 1 ? '1 minute' : `${Number(minutes.toFixed(2))} minutes`;
}
