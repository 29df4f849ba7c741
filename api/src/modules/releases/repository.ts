import type { RemoteName } from '@pcpp/contracts/core';
import type { Collection, OptionalUnlessRequiredId, WithId } from 'mongodb';
import type { LiveRemoteDocument, ReleaseDocument, RemoteFailureDocument } from '../../db/mongo';

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
}) {
  const { releases, liveRemotes, remoteFailures } = collections;
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
