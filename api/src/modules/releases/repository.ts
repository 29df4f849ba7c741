import type { RemoteName } from '@pcpp/contracts/core';
import type { Collection, OptionalUnlessRequiredId, WithId } from 'mongodb';
import type { LiveRemoteDocument, ReleaseDocument, RemoteFailureDocument, RemoteLoadDocument, RolloutCountDocument, RolloutDocument, RolloutOutcomeDocument } from './documents';

const DUPLICATE_KEY = 11000;
const FAILURES_LISTED = 20;

/** Inserts a copy of `doc`; false when a unique index already holds its key. */
async function insertUnlessDuplicate<T extends object>(collection: Collection<T>, doc: OptionalUnlessRequiredId<T>): Promise<boolean> {
  try {
    await collection.insertOne({ ...doc });
    return true;
  } catch (error) {
    if ((error as { code?: number }).code === DUPLICATE_KEY) return false;
    throw error;
  }
}

export function createReleasesRepository(collections: {
  releases: Collection<ReleaseDocument>;
  liveRemotes: Collection<LiveRemoteDocument>;
  remoteFailures: Collection<RemoteFailureDocument>;
  remoteLoads: Collection<RemoteLoadDocument>;
  rolloutCounts: Collection<RolloutCountDocument>;
}) {
  const { releases, liveRemotes, remoteFailures, remoteLoads, rolloutCounts } = collections;
  return {
    /** False when this version of the remote is already stored (the unique index decides). */
    insertRelease(release: ReleaseDocument): Promise<boolean> {
      return insertUnlessDuplicate(releases, release);
    },

    findRelease(remote: RemoteName, version: string): Promise<WithId<ReleaseDocument> | null> {
      return releases.findOne({ remote, version });
    },

    /** These versions (remote and version each), in no particular order; those never published are left out. */
    findReleases(wanted: { remote: RemoteName; version: string }[]): Promise<WithId<ReleaseDocument>[]> {
      if (wanted.length === 0) return Promise.resolve([]);
      return releases.find({ $or: wanted.map(({ remote, version }) => ({ remote, version })) }).toArray();
    },

    /** Every version, newest first. */
    listReleases(): Promise<WithId<ReleaseDocument>[]> {
      return releases.find({}).sort({ publishedAt: -1, _id: -1 }).toArray();
    },

    findLive(remote: RemoteName): Promise<WithId<LiveRemoteDocument> | null> {
      return liveRemotes.findOne({ remote });
    },

    listLive(): Promise<WithId<LiveRemoteDocument>[]> {
      return liveRemotes.find({}).toArray();
    },

    /**
     * Sets what is live, only if it is still `expectedLive` (null: nothing live yet), so two admins
     * promoting at once cannot lose a step of the history. False when someone else changed it first.
     */
    async replaceLive(remote: RemoteName, expectedLive: string | null, next: { live: string; history: string[] }): Promise<boolean> {
      if (expectedLive === null) return insertUnlessDuplicate(liveRemotes, { remote, ...next, updatedAt: new Date() });
      const { modifiedCount } = await liveRemotes.updateOne(
        { remote, live: expectedLive },
        { $set: { live: next.live, history: next.history, updatedAt: new Date() } },
      );
      return modifiedCount === 1;
    },

    /**
     * Starts a rollout, or changes the one under way (its share), only if the remote is still as it was
     * read: `expected` is the live version and the rollout id (null: none). False when someone changed it first.
     */
    async setRollout(remote: RemoteName, expected: { live: string; rolloutId: string | null }, rollout: RolloutDocument): Promise<boolean> {
      const filter = expected.rolloutId === null ? { remote, live: expected.live, rollout: null } : { remote, live: expected.live, 'rollout.id': expected.rolloutId };
      const { modifiedCount } = await liveRemotes.updateOne(filter, { $set: { rollout, updatedAt: new Date() } });
      return modifiedCount === 1;
    },

    /**
     * Ends the rollout `rolloutId` with `outcome`, and makes `next` live if given (a completed rollout).
     * False when it had ended already (another api instance, another admin): only one ending counts.
     */
    async endRollout(
      remote: RemoteName,
      rolloutId: string,
      outcome: RolloutOutcomeDocument,
      next?: { live: string; history: string[] },
    ): Promise<boolean> {
      const { modifiedCount } = await liveRemotes.updateOne(
        { remote, 'rollout.id': rolloutId },
        { $set: { rollout: null, lastRollout: outcome, ...(next ?? {}), updatedAt: new Date() } },
      );
      return modifiedCount === 1;
    },

    /** Adds to the counts of one side of a rollout; answers them after the addition. */
    async countRollout(rolloutId: string, side: 'candidate' | 'live', add: { loads: number; failures: number }): Promise<{ loads: number; failures: number }> {
      const _id = `${rolloutId}:${side}`;
      await rolloutCounts.updateOne({ _id }, { $inc: { loads: add.loads, failures: add.failures } }, { upsert: true });
      const doc = await rolloutCounts.findOne({ _id });
      return { loads: doc?.loads ?? 0, failures: doc?.failures ?? 0 };
    },

    async rolloutCounts(rolloutId: string): Promise<Record<'candidate' | 'live', { loads: number; failures: number }>> {
      const docs = await rolloutCounts.find({ _id: { $in: [`${rolloutId}:candidate`, `${rolloutId}:live`] } }).toArray();
      const of = (side: string) => {
        const doc = docs.find((entry) => entry._id === `${rolloutId}:${side}`);
        return { loads: doc?.loads ?? 0, failures: doc?.failures ?? 0 };
      };
      return { candidate: of('candidate'), live: of('live') };
    },

    /** False when this page load already reported this version loaded (the unique index decides). */
    insertLoad(load: RemoteLoadDocument): Promise<boolean> {
      return insertUnlessDuplicate(remoteLoads, load);
    },

    /** Every published version and what is live, for the registry file (registry-file.ts). */
    async snapshot() {
      return { releases: await releases.find({}).toArray(), live: await liveRemotes.find({}).toArray() };
    },

    /** False when this page load already reported this version (the unique index decides). */
    insertFailure(failure: RemoteFailureDocument): Promise<boolean> {
      return insertUnlessDuplicate(remoteFailures, failure);
    },

    /** A remote's failures since `since`: the newest 20, and how many in all. */
    async recentFailures(remote: RemoteName, since: Date) {
      const filter = { remote, at: { $gte: since } };
      const [docs, total] = await Promise.all([
        remoteFailures.find(filter).sort({ at: -1, _id: -1 }).limit(FAILURES_LISTED).toArray(),
        remoteFailures.countDocuments(filter),
      ]);
      return { docs, total };
    },
  };
}

export type ReleasesRepository = ReturnType<typeof createReleasesRepository>;
