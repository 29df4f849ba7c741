import { type Collection, MongoServerError, type ObjectId } from 'mongodb';
import type { OutboxDocument } from './documents';
import { updateIfMatches } from '../../db/update-if-matches';
import type { Logger } from '../../logger';
import { outboxFailuresCounter } from '../../metrics';
import { withSpan } from '@pcpp/contracts/server-observability';
import type { EmailMessage, MailTransport } from './transport';

/**
 * Emails go through the outbox: written to the database first, then sent in the background, so
 * a slow or broken SMTP server never blocks or fails what caused the email (an order, a payment).
 * A failed send is retried by deliverDue (the api runs it every minute) after a growing delay,
 * MAX_SEND_ATTEMPTS times in all.
 */
export interface Outbox {
  /**
   * Stores the message and starts sending it without waiting. Never rejects: a failure to store
   * is logged (the caller's action has already succeeded and must not fail for an email).
   */
  enqueue(message: EmailMessage): Promise<void>;
  /**
   * Stores the message under `id` unless a message has it already (a retried relay of the same
   * email: stored once, sent once), then starts sending it. Rejects when it cannot be stored, so
   * the caller keeps it and tries again.
   */
  enqueueOnce(id: ObjectId, message: EmailMessage): Promise<void>;
  /** Sends every message that is due: new ones nobody sent, and failed ones whose retry time came. */
  deliverDue(now?: Date): Promise<{ sent: number; notSent: number }>;
  /** Resolves when the background sends started so far have finished (shutdown, tests). */
  idle(): Promise<void>;
  /**
   * Closing an account: the messages already sent to it (or given up on) are deleted; those still
   * to send (the closing notice among them) go out first.
   */
  forget(to: string): Promise<void>;
}

export const MAX_SEND_ATTEMPTS = 5;
/** Wait after the 1st, 2nd, … failed attempt. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000] as const;
/** A send still marked as running after this is taken as lost (the api stopped mid-way) and retried. */
const SEND_LOCK_MS = 2 * 60_000;
const DUE_BATCH = 50;
const DUPLICATE_KEY = 11000;

export function createOutbox(deps: {
  collection: Collection<OutboxDocument>;
  /** null when SMTP_URL is unset: messages wait in the outbox. */
  transport: MailTransport | null;
  from: string;
  logger: Logger;
}): Outbox {
  const { collection, transport, from, logger } = deps;
  const running = new Set<Promise<unknown>>();

  /** Sends one message if it is still due and nobody else is sending it; true when it went out. */
  async function deliver(id: ObjectId, now: Date): Promise<boolean> {
    if (!transport) return false;
    // Claiming the message is the guard: of two workers, only one gets it.
    const message = await updateIfMatches(
      collection,
      { _id: id, status: 'pending', nextAttemptAt: { $lte: now } },
      { $set: { status: 'sending', lockedUntil: new Date(now.getTime() + SEND_LOCK_MS) }, $inc: { attempts: 1 } },
    );
    if (!message) return false;
    try {
      await withSpan('outbox.send', { 'outbox.attempt': message.attempts }, () => transport.send({ from, to: message.to, subject: message.subject, text: message.text, html: message.html }));
    } catch (error) {
      outboxFailuresCounter.inc();
      const reason = error instanceof Error ? error.message : String(error);
      const last = message.attempts >= MAX_SEND_ATTEMPTS;
      const delay = RETRY_DELAYS_MS[Math.min(message.attempts, RETRY_DELAYS_MS.length) - 1]!;
      await collection.updateOne(
        { _id: id, status: 'sending' },
        {
          $set: last
            ? { status: 'failed', lastError: reason }
            : { status: 'pending', lastError: reason, nextAttemptAt: new Date(now.getTime() + delay) },
        },
      );
      const details = { outboxId: id.toHexString(), to: message.to, attempts: message.attempts, reason };
      if (last) logger.error(details, 'email not sent; giving up after the last attempt');
      else logger.warn({ ...details, retryInMs: delay }, 'email not sent; will retry');
      return false;
    }
    await collection.updateOne({ _id: id, status: 'sending' }, { $set: { status: 'sent', sentAt: new Date() } });
    return true;
  }

  /** A new email, due now. */
  function pendingEntry(message: Pick<OutboxDocument, 'to' | 'subject' | 'text' | 'html'>, now: Date) {
    return { to: message.to, subject: message.subject, text: message.text, html: message.html, status: 'pending' as const, attempts: 0, nextAttemptAt: now, createdAt: now };
  }

  function inBackground<T>(work: Promise<T>): void {
    const tracked = work.catch((error: unknown) => logger.error({ err: error }, 'outbox: sending failed'));
    running.add(tracked);
    void tracked.finally(() => running.delete(tracked));
  }

  return {
    async enqueue(message) {
      const now = new Date();
      try {
        const { insertedId } = await collection.insertOne(pendingEntry(message, now));
        inBackground(deliver(insertedId, now));
      } catch (error) {
        logger.error({ err: error, to: message.to, subject: message.subject }, 'outbox: could not store an email');
      }
    },

    async enqueueOnce(id, message) {
      const now = new Date();
      try {
        await collection.insertOne({ _id: id, ...pendingEntry(message, now) });
      } catch (error) {
        if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return;
        throw error;
      }
      inBackground(deliver(id, now));
    },

    async deliverDue(now = new Date()) {
      if (!transport) return { sent: 0, notSent: 0 };
      // Sends whose worker died mid-way count as failed attempts still to retry.
      await collection.updateMany(
        { status: 'sending', lockedUntil: { $lt: now } },
        { $set: { status: 'pending', nextAttemptAt: now, lastError: 'the send was interrupted' } },
      );
      const due = await collection
        .find({ status: 'pending', nextAttemptAt: { $lte: now } })
        .sort({ nextAttemptAt: 1 })
        .limit(DUE_BATCH)
        .toArray();
      let sent = 0;
      for (const message of due) if (await deliver(message._id, now)) sent += 1;
      return { sent, notSent: due.length - sent };
    },

    async forget(to) {
      await collection.deleteMany({ to, status: { $in: ['sent', 'failed'] } });
    },

    async idle() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
