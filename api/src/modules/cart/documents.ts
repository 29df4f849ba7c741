// What this module stores: its documents' shapes (the driver adds _id: reads return WithId<...>),
// its collections and their indexes. db/mongo.ts puts every module's together.
import { type Collection, type Db, type ObjectId } from 'mongodb';

/**
 * A customer's cart (modules/cart): part ids and quantities only, priced when read. version goes
 * up with every write (a merge writes over the version it read); mergedKeys: the visitor carts
 * already merged into it (their Idempotency-Keys), the most recent last.
 */
export interface CartDocument {
  email: string;
  lines: { productId: ObjectId; quantity: number }[];
  mergedKeys: string[];
  version: number;
  updatedAt: Date;
}

export interface CartCollections {
  carts: Collection<CartDocument>;
}

export function cartCollections(db: Db): CartCollections {
  return {
    carts: db.collection<CartDocument>('carts'),
  };
}

export async function ensureCartIndexes({ carts }: CartCollections): Promise<void> {
  await Promise.all([
    // One cart per account.
    carts.createIndex({ email: 1 }, { unique: true, name: 'email_unique' }),
  ]);
}
