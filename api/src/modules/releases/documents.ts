// What this module stores: its documents' shapes (the driver adds _id: reads return WithId<...>),
// its collections and their indexes. db/mongo.ts puts every module's together.
import type { RemoteName } from '@pcpp/contracts/core';
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
  /** Random: the counts of this rollout are kept under it (a version rolled out again starts from zero). */
  id: string;
  version: string;
  percent: number;
  startedAt: Date;
  startedBy: string;
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
}

/** Loads and failures of one side of a rollout (`<rollout id>:candidate` or `:live`). */
export interface RolloutCountDocument {
  _id: string;
  loads: number;
  failures: number;
}

/** A successful load a page reported (POST /remotes/loads): counted once per load and version. */
export interface RemoteLoadDocument {
  remote: RemoteName;
  version: string;
  loadId: string;
  at: Date;
}

/** A remote version the shell could not load (POST /remotes/errors). */
export interface RemoteFailureDocument {
  remote: RemoteName;
  /** Null only in reports kept from before reports named their version. */
  version: string | null;
  manifestUrl: string;
  message: string;
  at: Date;
  /** The page load's id (the nonce of the load id GET /remotes signed): one report per load and version. */
  loadId?: string;
}

export interface ReleasesCollections {
  releases: Collection<ReleaseDocument>;
  liveRemotes: Collection<LiveRemoteDocument>;
  remoteFailures: Collection<RemoteFailureDocument>;
  remoteLoads: Collection<RemoteLoadDocument>;
  rolloutCounts: Collection<RolloutCountDocument>;
}

export function releasesCollections(db: Db): ReleasesCollections {
  return {
    releases: db.collection<ReleaseDocument>('releases'),
    liveRemotes: db.collection<LiveRemoteDocument>('live_remotes'),
    remoteFailures: db.collection<RemoteFailureDocument>('remote_failures'),
    remoteLoads: db.collection<RemoteLoadDocument>('remote_loads'),
    rolloutCounts: db.collection<RolloutCountDocument>('rollout_counts'),
  };
}

export async function ensureReleasesIndexes({ releases, liveRemotes, remoteFailures, remoteLoads }: ReleasesCollections): Promise<void> {
  await Promise.all([
    // A version is published once; one live entry per remote; recent failures first.
    releases.createIndex({ remote: 1, version: 1 }, { unique: true, name: 'remote_version_unique' }),
    liveRemotes.createIndex({ remote: 1 }, { unique: true, name: 'remote_unique' }),
    remoteFailures.createIndex({ at: -1 }, { name: 'at' }),
    // A page load's failure of one version counts once (reports kept from before load ids have none).
    remoteFailures.createIndex(
      { loadId: 1, remote: 1, version: 1 },
      { unique: true, name: 'loadId_remote_version_unique', partialFilterExpression: { loadId: { $type: 'string' } } },
    ),
    // A page load's success with one version counts once; the reports go after a day (the counts stay).
    remoteLoads.createIndex({ loadId: 1, remote: 1, version: 1 }, { unique: true, name: 'loadId_remote_version_unique' }),
    remoteLoads.createIndex({ at: 1 }, { name: 'at_ttl', expireAfterSeconds: 24 * 60 * 60 }),
  ]);
}
