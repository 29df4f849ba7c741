import { type ActivityKind, activityActionsOf } from '@pcpp/contracts/core';
import { type Collection, type Filter, MongoServerError, type ObjectId } from 'mongodb';
import type { ActivityDocument } from './documents';
import { containsText } from '../../db/text-match';
import { findListed } from '../../paging';

export function createActivityRepository(activity: Collection<ActivityDocument>) {
  return {
    async insert(entry: ActivityDocument): Promise<void> {
      await activity.insertOne({ ...entry });
    },

    findById: (id: ObjectId) => activity.findOne({ _id: id }),

    /** Marks the entry put back; false when it was already (another admin's put back won). */
    async markPutBack(id: ObjectId, by: string, at: Date): Promise<boolean> {
      const { modifiedCount } = await activity.updateOne({ _id: id, putBack: { $exists: false } }, { $set: { putBack: { by, at } } });
      return modifiedCount === 1;
    },

    /**
     * Closing an account: the entries that name its email (as who did it, what it was done to, or
     * the link) name `marker` instead.
     */
    async eraseEmail(email: string, marker: string): Promise<void> {
      await activity.updateMany({ actor: email }, { $set: { actor: marker } });
      await activity.updateMany({ target: email }, { $set: { target: marker } });
      await activity.updateMany({ 'subject.kind': 'user', 'subject.id': email }, { $unset: { subject: '' } });
    },

    /** Inserts the entry as `id`; an entry with that id already stored means this one is, too. */
    async insertOnce(id: ObjectId, entry: ActivityDocument): Promise<void> {
      try {
        await activity.insertOne({ ...entry, _id: id });
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === 11000)) throw error;
      }
    },

    /** Newest first (_id orders entries of the same millisecond): of one kind, by admins whose email contains `actor`. */
    async list(search: { kind?: ActivityKind; actor?: string }, page: { skip: number; limit: number }) {
      const filter: Filter<ActivityDocument> = {};
      if (search.kind) filter.action = { $in: activityActionsOf(search.kind) };
      if (search.actor) filter.actor = containsText(search.actor);
      const { docs, total = 0 } = await findListed(activity, filter, { at: -1, _id: -1 }, page);
      return { docs, total };
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
