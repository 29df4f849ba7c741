import { ADMIN_PAGE_SIZE, type ActivityEntry, type Page } from '@pcpp/contracts/core';
import type { WithId } from 'mongodb';
import type { ActivityDocument } from '../../db/mongo';
import { pageRequest, toPage } from '../../paging';
import type { ActivityRepository } from './repository';
import type { ActivityQuery } from './validators';

/** Field by field, so nothing stored but unlisted reaches a client. */
function toActivityEntry(doc: WithId<ActivityDocument>): ActivityEntry {
  return {
    _id: doc._id.toHexString(),
    action: doc.action,
    actor: doc.actor,
    target: doc.target,
    ...(doc.details ? { details: doc.details } : {}),
    at: doc.at.toISOString(),
  };
}

/** The log of admin actions: the admin services record, GET /activity reads. */
export function createActivityLog(repository: ActivityRepository) {
  return {
    /** Records what an admin just did, stamped with the current time. */
    record(entry: Omit<ActivityDocument, 'at'>): Promise<void> {
      return repository.insert({ ...entry, at: new Date() });
    },

    async list(query: ActivityQuery): Promise<Page<ActivityEntry>> {
      const paging = pageRequest(query, ADMIN_PAGE_SIZE);
      const { docs, total } = await repository.list(paging);
      return toPage(docs.map(toActivityEntry), total, paging);
    },
  };
}

export type ActivityLog = ReturnType<typeof createActivityLog>;
/** What the other modules need of the log. */
export type ActivityRecorder = Pick<ActivityLog, 'record'>;
