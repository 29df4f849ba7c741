// What this module stores: its documents' shapes (the driver adds _id: reads return WithId<...>),
// its collections and their indexes. db/mongo.ts puts every module's together.
import { type Collection, type Db } from 'mongodb';

/**
 * An Idempotency-Key a customer sent with POST /order: the first request's body (as a hash) and,
 * once it has one, its answer, which a retry with the same key gets again.
 */
export interface IdempotencyKeyDocument {
  email: string;
  key: string;
  requestHash: string;
  response?: { status: number; body: unknown };
  createdAt: Date;
}

export interface IdempotencyKeysCollections {
  idempotencyKeys: Collection<IdempotencyKeyDocument>;
}

export function idempotencyKeysCollections(db: Db): IdempotencyKeysCollections {
  return {
    idempotencyKeys: db.collection<IdempotencyKeyDocument>('idempotency_keys'),
  };
}

export async function ensureIdempotencyKeysIndexes({ idempotencyKeys }: IdempotencyKeysCollections): Promise<void> {
  await Promise.all([
    // One key per customer, and the cleanup by age.
    idempotencyKeys.createIndex({ email: 1, key: 1 }, { unique: true, name: 'email_key_unique' }),
    idempotencyKeys.createIndex({ createdAt: 1 }, { name: 'createdAt' }),
  ]);
}
