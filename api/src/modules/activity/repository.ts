import type { Collection } from 'mongodb';
import type { ActivityDocument } from '../../db/mongo';

export function createActivityRepository(activity: Collection<ActivityDocument>) {
  return {
    async insert(entry: ActivityDocument): Promise<void> {
      await activity.insertOne({ ...entry });
    },

    /** Newest first; _id orders entries of the same millisecond. */
    async list(page: { skip: number; limit: number }) {
      const [docs, total] = await Promise.all([
        activity.find({}).sort({ at: -1, _id: -1 }).skip(page.skip).limit(page.limit).toArray(),
        activity.countDocuments({}),
      ]);
      return { docs, total };
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
