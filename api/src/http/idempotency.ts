import { createHash } from 'node:crypto';
import { type Collection, MongoServerError } from 'mongodb';
import type { IdempotencyKeyDocument } from './idempotency-documents';
import { changedSomething, ConflictError, toErrorResponse, UnprocessableEntityError } from '../errors';
import type { Logger } from '../logger';

/** How long a request waits for the first request with the same Idempotency-Key to finish. */
const IDEMPOTENCY_WAIT_MS = 10_000;
const IDEMPOTENCY_POLL_MS = 25;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The request as far as its result depends on it, as a hash (what a reused key is compared by). */
export function requestHash(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** An answer as sent, kept for an Idempotency-Key retry. */
export interface StoredAnswer<B> {
  status: number;
  body: B;
  /** True when this is the stored answer to an earlier request with the same key. */
  replayed: boolean;
}

/**
 * Runs a write once per account and Idempotency-Key (any route that declares `idempotent`; mount-routes.ts): the first
 * request with a key claims it (the unique index on {email, key} decides), runs and stores its
 * answer; a retry gets that answer again; one that arrives while the first still runs waits for it
 * (up to 10 s, then a 409). The same key with another request is a 422. A first request that
 * failed without changing anything frees its key, so a retry runs again; one that failed after it
 * changed something keeps its key and its error answer, which a retry gets again.
 */
export function createIdempotentRunner(keys: IdempotencyKeysRepository, logger: Logger, what: { thing: string }) {
  return async function runOnce<B>(
    email: string,
    key: string,
    hash: string,
    run: () => Promise<{ status: number; body: B }>,
  ): Promise<StoredAnswer<B>> {
    const deadline = Date.now() + IDEMPOTENCY_WAIT_MS;
    for (;;) {
      if (await keys.claim({ email, key, requestHash: hash, createdAt: new Date() })) {
        let answer: { status: number; body: B };
        try {
          answer = await run();
        } catch (error) {
          // Freed only when nothing was written: a retry may then run again. A request that changed
          // something before it failed keeps its key and its answer, so a retry cannot do it twice.
          if (changedSomething(error)) {
            const { status, body } = toErrorResponse(error);
            await keys
              .saveResponse(email, key, { status, body })
              .catch((saveError: unknown) => logger.error({ err: saveError, key }, 'could not store an Idempotency-Key answer'));
          } else {
            await keys.release(email, key);
          }
          throw error;
        }
        // The write stands either way; without the stored answer a retry waits, then gets a 409.
        await keys
          .saveResponse(email, key, answer)
          .catch((error: unknown) => logger.error({ err: error, key }, 'could not store an Idempotency-Key answer'));
        return { ...answer, replayed: false };
      }
      const first = await keys.find(email, key);
      // Gone: the first request failed and freed the key; claim it again.
      if (!first) continue;
      if (first.requestHash !== hash) {
        throw new UnprocessableEntityError(
          `This Idempotency-Key was already used for a different ${what.thing}. Send a new key for a new ${what.thing}.`,
        );
      }
      if (first.response) return { ...(first.response as { status: number; body: B }), replayed: true };
      if (Date.now() > deadline) {
        const article = /^[aeiou]/.test(what.thing) ? 'An' : 'A';
        throw new ConflictError(`${article} ${what.thing} with this Idempotency-Key is still being placed. Try again in a moment.`);
      }
      await delay(IDEMPOTENCY_POLL_MS);
    }
  };
}

const DUPLICATE_KEY = 11000;

/** Idempotency-Keys are kept at least this long (the cleanup drops older ones). */
export const IDEMPOTENCY_KEY_RETENTION_MS = 24 * 60 * 60_000;

/** Idempotency-Key records: the unique index on {email, key} makes the first insert the owner. */
export function createIdempotencyKeysRepository(keys: Collection<IdempotencyKeyDocument>) {
  return {
    /** True when this request now owns the key; false when another request has it already. */
    async claim(record: Omit<IdempotencyKeyDocument, 'response'>): Promise<boolean> {
      try {
        await keys.insertOne({ ...record });
        return true;
      } catch (error) {
        if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return false;
        throw error;
      }
    },
    find: (email: string, key: string) => keys.findOne({ email, key }),
    async saveResponse(email: string, key: string, response: NonNullable<IdempotencyKeyDocument['response']>) {
      await keys.updateOne({ email, key }, { $set: { response } });
    },
    /** Frees a key whose request failed, so a retry runs again. */
    async release(email: string, key: string): Promise<void> {
      await keys.deleteOne({ email, key, response: { $exists: false } });
    },
    /** The account's email moved: its keys (and the answers kept with them) follow it. */
    async renameEmail(from: string, to: string): Promise<void> {
      await keys.updateMany({ email: from }, { $set: { email: to } }).catch((error: unknown) => {
        // The same key under both emails (a retry at the moment of the change): the old one goes.
        if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
        return keys.deleteMany({ email: from });
      });
    },
    /** Closing an account: its keys go, with the answers kept with them (they hold its address). */
    async deleteOf(email: string): Promise<void> {
      await keys.deleteMany({ email });
    },
    async deleteCreatedBefore(cutoff: Date): Promise<number> {
      return (await keys.deleteMany({ createdAt: { $lt: cutoff } })).deletedCount;
    },
  };
}

export type IdempotencyKeysRepository = ReturnType<typeof createIdempotencyKeysRepository>;

/** Drops Idempotency-Keys older than the retention time; returns how many. */
export function forgetOldIdempotencyKeys(keys: IdempotencyKeysRepository, now = new Date()): Promise<number> {
  return keys.deleteCreatedBefore(new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_MS));
}
