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
 * by @pcpp/contracts); manifests give subpaths made-up versions, so @hookform/resolvers/zod, shared
 * only as a subpath, is not compared.
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
