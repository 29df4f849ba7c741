// What this module stores: its documents' shapes (the driver adds _id: reads return WithId<...>),
// its collections and their indexes. db/mongo.ts puts every module's together.
import type { ActivityEntry } from '@pcpp/contracts/core';
import { type Collection, type Db } from 'mongodb';

/** One admin action, for the Activity page (modules/activity); whether its subject still exists is read when listed. */
export type ActivityDocument = Omit<ActivityEntry, '_id' | 'at' | 'subject' | 'canPutBack' | 'putBack'> & {
  subject?: Omit<NonNullable<ActivityEntry['subject']>, 'exists'>;
  /**
   * How to put an edit back (product.edited): the version the edit left the part at, and the
   * fields as they were before it (the stock as {from, to}: the edit's change reversed). Never sent.
   */
  revert?: { version: number; patch: Record<string, unknown> };
  /** Set once an admin put the edit back. */
  putBack?: { by: string; at: Date };
  at: Date;
};

export interface ActivityCollections {
  activity: Collection<ActivityDocument>;
}

export function activityCollections(db: Db): ActivityCollections {
  return {
    activity: db.collection<ActivityDocument>('activity'),
  };
}

export async function ensureActivityIndexes({ activity }: ActivityCollections): Promise<void> {
  await Promise.all([
    // The admin console's activity log, newest first.
    activity.createIndex({ at: -1 }, { name: 'at' }),
  ]);
}
