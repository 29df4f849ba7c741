import { MAX_SAVED_BUILDS_PER_ACCOUNT } from '@pcpp/contracts/core';
import { type Collection, MongoServerError, type ObjectId } from 'mongodb';
import type { BuildDocument, BuildQuotaDocument } from './documents';

const DUPLICATE_KEY = 11000;
/** A count untouched this long, yet above the builds there are, was left high by a save that stopped. */
const STALE_QUOTA_MS = 60_000;

export function createBuildsRepository(builds: Collection<BuildDocument>, quotas: Collection<BuildQuotaDocument>) {
  /** One more build for the owner if they keep fewer than the most: false when they are at it. */
  async function takeQuota(ownerId: string): Promise<boolean> {
    try {
      // Matches while under the cap; at the cap the upsert tries a second document with this _id and fails.
      await quotas.updateOne(
        { _id: ownerId, count: { $lt: MAX_SAVED_BUILDS_PER_ACCOUNT } },
        { $inc: { count: 1 }, $set: { at: new Date() } },
        { upsert: true },
      );
      return true;
    } catch (error) {
      if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return false;
      throw error;
    }
  }

  return {
    findById: (id: ObjectId) => builds.findOne({ _id: id }),
    /**
     * Stores the build when its owner keeps fewer than MAX_SAVED_BUILDS_PER_ACCOUNT; null when they
     * are at it. The count is a conditional update, so racing saves cannot pass the cap; a count
     * left high by a save that stopped between its two writes is set right from the builds
     * themselves, once it has been still for a minute (a save in flight has counted its build but
     * not stored it yet: counting then would let racing saves past the cap).
     */
    async insertWithinQuota(build: BuildDocument): Promise<ObjectId | null> {
      let taken = await takeQuota(build.ownerId);
      if (!taken) {
        const actual = await builds.countDocuments({ ownerId: build.ownerId });
        if (actual < MAX_SAVED_BUILDS_PER_ACCOUNT) {
          const still = new Date(Date.now() - STALE_QUOTA_MS);
          await quotas.updateOne({ _id: build.ownerId, count: { $gt: actual }, at: { $lt: still } }, { $set: { count: actual, at: new Date() } });
          taken = await takeQuota(build.ownerId);
        }
      }
      if (!taken) return null;
      try {
        return (await builds.insertOne({ ...build })).insertedId;
      } catch (error) {
        await quotas.updateOne({ _id: build.ownerId }, { $inc: { count: -1 } });
        throw error;
      }
    },
    /** 1 when the owner's build was changed (0: not theirs, or gone). */
    async update(id: ObjectId, ownerId: string, fields: Pick<BuildDocument, 'name' | 'cpu' | 'parts' | 'updatedAt'>): Promise<number> {
      const { matchedCount } = await builds.updateOne({ _id: id, ownerId }, { $set: fields });
      return matchedCount;
    },
    /** 1 when this call deleted the owner's build; the owner's count goes down with it. */
    async delete(id: ObjectId, ownerId: string): Promise<number> {
      const { deletedCount } = await builds.deleteOne({ _id: id, ownerId });
      if (deletedCount === 1) await quotas.updateOne({ _id: ownerId, count: { $gt: 0 } }, { $inc: { count: -1 } });
      return deletedCount;
    },
    /** Every build of the owner, most recently saved first (its data export: at most MAX_SAVED_BUILDS_PER_ACCOUNT). */
    allOf: (ownerId: string) => builds.find({ ownerId }).sort({ updatedAt: -1, _id: -1 }).toArray(),
    /** The owner's email moved. */
    async renameOwnerEmail(ownerId: string, email: string): Promise<void> {
      await builds.updateMany({ ownerId }, { $set: { ownerEmail: email } });
    },
    /** Closing the account: its builds and their count go. */
    async deleteAllOf(ownerId: string): Promise<void> {
      await builds.deleteMany({ ownerId });
      await quotas.deleteOne({ _id: ownerId });
    },
    /** The owner's builds, most recently saved first, one page. */
    async pageOf(ownerId: string, page: { skip: number; limit: number }) {
      const filter = { ownerId };
      const [docs, total] = await Promise.all([
        builds.find(filter).sort({ updatedAt: -1, _id: -1 }).skip(page.skip).limit(page.limit).toArray(),
        builds.countDocuments(filter),
      ]);
      return { docs, total };
    },
  };
}

export type BuildsRepository = ReturnType<typeof createBuildsRepository>;
