// What this module stores: its documents' shapes (the driver adds _id: reads return WithId<...>),
// its collections and their indexes. db/mongo.ts puts every module's together.
import { type Collection, type Db } from 'mongodb';

/**
 * An email waiting to be sent, or sent. Written before sending, so a failed send is retried
 * (modules/mail/outbox.ts). status: pending → sending → sent, or back to pending with a later
 * nextAttemptAt, or failed after the last attempt.
 */
export interface OutboxDocument {
  to: string;
  subject: string;
  text: string;
  html: string;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  nextAttemptAt: Date;
  /** While status is sending: after this the send counts as lost (the api stopped) and is retried. */
  lockedUntil?: Date;
  lastError?: string;
  sentAt?: Date;
  createdAt: Date;
}

export interface MailCollections {
  outbox: Collection<OutboxDocument>;
}

export function mailCollections(db: Db): MailCollections {
  return {
    outbox: db.collection<OutboxDocument>('outbox'),
  };
}

export async function ensureMailIndexes({ outbox }: MailCollections): Promise<void> {
  await Promise.all([
    // The outbox worker picks due messages.
    outbox.createIndex({ status: 1, nextAttemptAt: 1 }, { name: 'status_nextAttemptAt' }),
  ]);
}
