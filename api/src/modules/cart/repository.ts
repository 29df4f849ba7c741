import { MongoServerError, type ObjectId, type WithId } from 'mongodb';
import type { Collections } from '../../db/mongo';
import type { CartDocument } from './documents';

const DUPLICATE_KEY = 11000;

/** The stored lines of one cart, as ids and quantities: the api prices them when it reads them. */
export type StoredCartLine = CartDocument['lines'][number];

/**
 * One cart per account (unique on email). Every write bumps `version`; a merge writes only over
 * the version it read, so a merge and a replace from another tab never lose each other's lines.
 */
export function createCartRepository({ carts, parts }: Pick<Collections, 'carts' | 'parts'>) {
  return {
    find: (email: string): Promise<WithId<CartDocument> | null> => carts.findOne({ email }),

    /** The account's email moved: so does its cart (a cart already under the new email wins). */
    async renameEmail(from: string, to: string): Promise<void> {
      try {
        await carts.updateOne({ email: from }, { $set: { email: to } });
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
        await carts.deleteOne({ email: from });
      }
    },

    /** Closing the account: its cart goes. */
    async deleteOf(email: string): Promise<void> {
      await carts.deleteOne({ email });
    },

    /** The parts of these ids that still exist (a deleted part is simply missing). */
    findParts: (ids: ObjectId[]) => (ids.length === 0 ? Promise.resolve([]) : parts.find({ _id: { $in: ids } }).toArray()),

    /** Replaces the lines, whatever they were (PUT /cart: the last write wins). An empty cart is no document. */
    async replace(email: string, lines: StoredCartLine[]): Promise<void> {
      if (lines.length === 0) {
        await carts.deleteOne({ email });
        return;
      }
      const write = () => carts.updateOne({ email }, { $set: { lines, updatedAt: new Date() }, $inc: { version: 1 } }, { upsert: true });
      try {
        await write();
      } catch (error) {
        // Two first writes raced to create the cart: the other one made it, so this one updates it.
        if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
        await write();
      }
    },

    /**
     * Writes the cart only if it is still at `version` (0: it does not exist yet). False when
     * another write came first: read again and redo.
     */
    async replaceIfVersion(email: string, version: number, changes: Pick<CartDocument, 'lines' | 'mergedKeys'>): Promise<boolean> {
      const updatedAt = new Date();
      if (version === 0) {
        try {
          await carts.insertOne({ email, ...changes, version: 1, updatedAt });
          return true;
        } catch (error) {
          if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return false;
          throw error;
        }
      }
      const { modifiedCount } = await carts.updateOne({ email, version }, { $set: { ...changes, version: version + 1, updatedAt } });
      return modifiedCount === 1;
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
