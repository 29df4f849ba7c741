// What this module stores: its documents' shapes (the driver adds _id: reads return WithId<...>),
// its collections and their indexes. db/mongo.ts puts every module's together.
import type { MetricVerdict, RemoteName } from '@pcpp/contracts/core';
import { type Collection, type Db } from 'mongodb';

/** One published version of a remote (modules/releases); never changed once stored. */
export interface ReleaseDocument {
  remote: RemoteName;
  version: string;
  manifestUrl: string;
  /** Package → the version the remote was built against, from its mf-manifest.json. */
  shared: Record<string, string>;
  publishedAt: Date;
  /** Email of the admin (or the release script's account). */
  publishedBy: string;
}

/** Which version of a remote is live; history holds the earlier live versions, most recent last. */
export interface LiveRemoteDocument {
  remote: RemoteName;
  live: string;
  history: string[];
  updatedAt: Date;
  /** A candidate served to the cohorts below `percent` (modules/releases); none when nothing rolls out. */
  rollout?: RolloutDocument | null;
  /** How the last rollout ended, for the Releases page. */
  lastRollout?: RolloutOutcomeDocument | null;
}

export interface RolloutDocument {
  /** Random: the reports of this rollout are kept under it (a version rolled out again starts from zero). */
  id: string;
  version: string;
  percent: number;
  startedAt: Date;
  startedBy: string;
  /** A staged rollout's shares (rising to 100), the current one's index and window; absent: a share set by hand. */
  stages?: number[] | null;
  stageIndex?: number | null;
  stageMinutes?: number | null;
  /** When the current share began (absent in rollouts stored before stages: startedAt). */
  stageStartedAt?: Date;
  /**
   * When this rollout is next judged: the instance whose conditional update moves it forward judges
   * it (a lease per rollout and tick), so two api instances never judge the same tick twice.
   */
  nextVerdictAt?: Date;
  /** The latest judgement. */
  verdict?: VerdictDocument | null;
}

/** A judgement of a rollout (the contract's RolloutVerdict, with a Date). */
export interface VerdictDocument {
  at: Date;
  state: 'healthy' | 'regression' | 'insufficient';
  regression: MetricVerdict | null;
  note: string | null;
}

export interface RolloutOutcomeDocument {
  version: string;
  percent: number;
  outcome: 'completed' | 'aborted' | 'rolledBack';
  reason: string;
  at: Date;
  by: string;
  loads: number;
  failures: number;
  /** The verdict that rolled it back. */
  verdict?: VerdictDocument | null;
}

/** What a page reported about a remote version: one document per page load, version and kind. */
export type RemoteReportKind = 'load' | 'loadError' | 'runtimeError' | 'vitals';

/**
 * A report of a remote version (POST /remotes/loads, /errors, /vitals): kept REPORT_RETENTION_DAYS,
 * in the database every api instance reads, so all count the same.
 */
export interface RemoteReportDocument {
  remote: RemoteName;
  version: string;
  kind: RemoteReportKind;
  /** The rollout under way when it was reported, and the side the version was on in it; null: none (or a load id without cohort). */
  rolloutId: string | null;
  side: 'candidate' | 'live' | null;
  /** The load id's jti: one report per page load, version and kind. */
  loadId: string;
  /** The cohort of the load id (null: asked without one: never counted in a verdict). */
  cohort: string | null;
  /** The keyed hash of the network address that asked for the load id (load-ids.ts): never the address. */
  address: string;
  at: Date;
  /** Errors: the sentence, and for runtime errors the stack's first lines and the file. */
  message?: string;
  stack?: string;
  source?: string;
  /** Load errors: the manifest of the version (the failures panel shows it). */
  manifestUrl?: string;
  /** Vitals: ms for lcp and inp. */
  lcp?: number;
  inp?: number;
  cls?: number;
}

/** How long reports are kept (a TTL index): long enough for a week-long staged rollout. */
export const REPORT_RETENTION_DAYS = 14;

export interface ReleasesCollections {
  releases: Collection<ReleaseDocument>;
  liveRemotes: Collection<LiveRemoteDocument>;
  remoteReports: Collection<RemoteReportDocument>;
}

export function releasesCollections(db: Db): ReleasesCollections {
  return {
    releases: db.collection<ReleaseDocument>('releases'),
    liveRemotes: db.collection<LiveRemoteDocument>('live_remotes'),
    remoteReports: db.collection<RemoteReportDocument>('remote_reports'),
  };
}

export async function ensureReleasesIndexes({ releases, liveRemotes, remoteReports }: ReleasesCollections): Promise<void> {
  await Promise.all([
    // A version is published once; one live entry per remote.
    releases.createIndex({ remote: 1, version: 1 }, { unique: true, name: 'remote_version_unique' }),
    liveRemotes.createIndex({ remote: 1 }, { unique: true, name: 'remote_unique' }),
    // A page load reports each version once per kind (a load, a load error, a runtime error, vitals).
    remoteReports.createIndex({ loadId: 1, remote: 1, version: 1, kind: 1 }, { unique: true, name: 'loadId_remote_version_kind_unique' }),
    // The verdict reads a rollout's reports; the Releases page a remote's recent errors.
    remoteReports.createIndex({ rolloutId: 1, at: 1 }, { name: 'rolloutId_at' }),
    remoteReports.createIndex({ remote: 1, kind: 1, at: -1 }, { name: 'remote_kind_at' }),
    remoteReports.createIndex({ at: 1 }, { name: 'at_ttl', expireAfterSeconds: REPORT_RETENTION_DAYS * 24 * 60 * 60 }),
  ]);
}
