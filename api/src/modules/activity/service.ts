import { ADMIN_PAGE_SIZE, type ActivityEntry, activityKindOf, OBJECT_ID_PATTERN, type Page } from '@pcpp/contracts/core';
import { ObjectId, type WithId } from 'mongodb';
import type { ActivityDocument } from './documents';
import { pageRequest, toPage } from '../../paging';
import type { ActivityRepository } from './repository';
import type { ActivityQuery } from './validators';

type StoredSubject = NonNullable<ActivityDocument['subject']>;

/**
 * What the log asks the other modules when it lists entries: which parts still exist (a deleted
 * one gets no link), and the numbers of orders (entries written before orders had numbers named
 * them by their id).
 */
export interface ActivitySubjects {
  existingParts(ids: readonly ObjectId[]): Promise<Set<string>>;
  orderNumbers(ids: readonly ObjectId[]): Promise<Map<string, string>>;
}

/**
 * The subject of an entry: the one stored with it, or for older entries the one its target names
 * (an order's id, an account's email, a remote's name). Older product entries named only the
 * product, so they link nowhere.
 */
function subjectOf(doc: ActivityDocument): StoredSubject | undefined {
  if (doc.subject) return doc.subject;
  const kind = activityKindOf(doc.action);
  if (kind === 'order' && OBJECT_ID_PATTERN.test(doc.target)) return { kind, id: doc.target };
  if (kind === 'user' || kind === 'release') return { kind, id: doc.target };
  return undefined;
}

const objectIdsOf = (subjects: (StoredSubject | undefined)[], kind: StoredSubject['kind']) =>
  subjects.filter((subject) => subject?.kind === kind && OBJECT_ID_PATTERN.test(subject.id)).map((subject) => ObjectId.createFromHexString(subject!.id));

/** The log of admin actions: the admin services record, GET /activity reads. */
export function createActivityLog(repository: ActivityRepository, subjects?: ActivitySubjects) {
  /** Entries as people read them: orders by number, and whether each subject still exists. */
  async function toEntries(docs: WithId<ActivityDocument>[]): Promise<ActivityEntry[]> {
    const stored = docs.map(subjectOf);
    const [parts, orders] = await Promise.all([
      subjects?.existingParts(objectIdsOf(stored, 'product')) ?? new Set<string>(),
      subjects?.orderNumbers(objectIdsOf(stored, 'order')) ?? new Map<string, string>(),
    ]);
    return docs.map((doc, index) => {
      const subject = stored[index];
      const exists = !subject || (subject.kind === 'product' ? parts.has(subject.id) : subject.kind === 'order' ? orders.has(subject.id) : true);
      // An order entry older than order numbers named the order by its id.
      const target = subject?.kind === 'order' && doc.target === subject.id ? (orders.get(subject.id) ?? doc.target) : doc.target;
      return {
        _id: doc._id.toHexString(),
        action: doc.action,
        actor: doc.actor,
        target,
        ...(doc.details ? { details: doc.details } : {}),
        ...(doc.changes?.length ? { changes: doc.changes.map(({ field, from, to }) => ({ field, from, to })) } : {}),
        ...(subject ? { subject: { kind: subject.kind, id: subject.id, exists } } : {}),
        ...(doc.revert && !doc.putBack && exists ? { canPutBack: true } : {}),
        ...(doc.putBack ? { putBack: { by: doc.putBack.by, at: doc.putBack.at.toISOString() } } : {}),
        at: doc.at.toISOString(),
      };
    });
  }

  return {
    /** Records what an admin just did, stamped with the current time. */
    record(entry: Omit<ActivityDocument, 'at'>): Promise<void> {
      return repository.insert({ ...entry, at: new Date() });
    },

    /** One entry as stored (what an edit was, to put it back), or null. */
    entry: (id: ObjectId): Promise<WithId<ActivityDocument> | null> => repository.findById(id),

    /** Records that an admin put the entry's edit back; false when one already had. */
    markPutBack: (id: ObjectId, by: string): Promise<boolean> => repository.markPutBack(id, by, new Date()),

    /** Closing an account: its email leaves the log (entries name `marker` instead). */
    eraseEmail: (email: string, marker: string) => repository.eraseEmail(email, marker),

    /**
     * Records an entry under `id` unless one has it already (the orders' relay: an entry written
     * with an order change is copied once however often the relay runs).
     */
    recordOnce(id: ObjectId, entry: ActivityDocument): Promise<void> {
      return repository.insertOnce(id, entry);
    },

    /** GET /activity: newest first, of one kind and by one admin when asked, one page at a time. */
    async list(query: ActivityQuery): Promise<Page<ActivityEntry>> {
      const paging = pageRequest(query, ADMIN_PAGE_SIZE);
      const { docs, total } = await repository.list({ kind: query.kind, actor: query.actor || undefined }, paging);
      return toPage(await toEntries(docs), total, paging);
    },
  };
}

export type ActivityLog = ReturnType<typeof createActivityLog>;
/** What the other modules need of the log. */
export type ActivityRecorder = Pick<ActivityLog, 'record'>;
