import type { Collection } from 'mongodb';
import type { ActivityDocument } from '../../db/mongo';
import { findListed } from '../../paging';

export function createActivityRepository(activity: Collection<ActivityDocument>) {
  return {
    async insert(entry: ActivityDocument): Promise<void> {
      await activity.insertOne({ ...entry });
    },

    /** Newest first; _id orders entries of the same millisecond. */
    async list(page: { skip: number; limit: number }) {
      const { docs, total = 0 } = await findListed(activity, {}, { at: -1, _id: -1 }, page);
      return { docs, total };
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
