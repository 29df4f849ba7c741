import type { OrderListSort, OrderStatus } from '@pcpp/contracts/core';
import { type Filter, MongoServerError, type ObjectId, type UpdateFilter, type WithId } from 'mongodb';
import type { Collections } from '../../db/mongo';
import type { OrderDocument } from './documents';
import { containsText } from '../../db/text-match';
import { updateIfMatches } from '../../db/update-if-matches';
import { findListed } from '../../paging';
import { orderStateRefresher } from '../fulfilment/order-state';

type StatusChange = OrderDocument['statusHistory'][number];

const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;
const SORTS = { newest: NEWEST_FIRST, oldest: { createdAt: 1, _id: 1 } } as const satisfies Record<OrderListSort, unknown>;
const DUPLICATE_KEY = 11000;

/** The admin's search of all orders: a status, text in the number, email or part's name, a time range. */
export interface OrderSearch {
  status?: OrderStatus;
  text?: string;
  /** Placed at or after. */
  from?: Date;
  /** Placed before. */
  to?: Date;
  sort?: OrderListSort;
}

/** Orders and the stock they hold. Every stock change is one conditional update, never read-then-write. */
/** onCatalogChange: called after each stock change (the catalog shows stock; catalog-cache.ts). */
export function createOrdersRepository(
  { orders, parts, orderNumbers, checkouts }: Pick<Collections, 'orders' | 'parts' | 'orderNumbers' | 'checkouts'>,
  { onCatalogChange = () => {} } = {},
) {
  // A line's change changes its order's state (All Orders lists and filters orders by it).
  const refreshOrder = orderStateRefresher({ orders, checkouts });
  /**
   * Sets the status (and `set`) and appends the change, only if `filter` still matches; the order
   * after the change, or null when another request changed it first. $addToSet appends the change
   * (each has its own time): jongodb rejects $push.
   */
  async function changeIf(filter: Filter<OrderDocument> & { _id: ObjectId }, change: StatusChange, set: Partial<OrderDocument> = {}) {
    const update: UpdateFilter<OrderDocument> = { $set: { ...set, status: change.status }, $addToSet: { statusHistory: change } };
    const changed = await updateIfMatches(orders, filter, update);
    if (changed) await refreshOrder(changed.checkoutId);
    return changed;
  }

  return {
    findPart: (id: ObjectId) => parts.findOne({ _id: id }),

    /**
     * Takes `quantity` units of the part in one step, only if the stock covers it and the quantity
     * reaches the part's minimum order. The part after the change, or null when either fails.
     */
    async takeStock(productId: ObjectId, quantity: number) {
      const part = await updateIfMatches(
        parts,
        { _id: productId, p_quantity: { $gte: quantity }, min_quantity: { $lte: quantity } },
        { $inc: { p_quantity: -quantity } },
      );
      if (part) onCatalogChange();
      return part;
    },

    /** Gives units back (a cancelled order, a failed insert). A deleted part stays deleted. */
    async returnStock(productId: ObjectId, quantity: number): Promise<void> {
      await parts.updateOne({ _id: productId }, { $inc: { p_quantity: quantity } });
      onCatalogChange();
    },

    async insert(order: OrderDocument): Promise<WithId<OrderDocument>> {
      const { insertedId } = await orders.insertOne(order);
      return { ...order, _id: insertedId };
    },

    findById: (id: ObjectId) => orders.findOne({ _id: id }),

    /** An order no one was told about (its hold refused after the stock was taken): gone for good. */
    async deleteById(id: ObjectId): Promise<void> {
      await orders.deleteOne({ _id: id });
    },

    /**
     * What the customer's unpaid orders hold now (the hold caps count these): how many orders, and
     * the units of each of `productIds` in them. Counted by the database, so the answer stays small.
     */
    async unpaidHoldsOf(email: string, productIds: ObjectId[]): Promise<{ orders: number; unitsByPart: Map<string, number> }> {
      const unpaid = { email, status: 'placed' as const, paid: false };
      // A checkout's lines are one order to these rules: single orders, plus one per checkout.
      const [count, checkouts, rows] = await Promise.all([
        orders.countDocuments({ ...unpaid, checkoutId: { $exists: false } }),
        orders
          .aggregate<{ _id: ObjectId }>([{ $match: { ...unpaid, checkoutId: { $exists: true } } }, { $group: { _id: '$checkoutId' } }])
          .toArray(),
        orders
          .aggregate<{ _id: ObjectId; units: number }>([
            { $match: { ...unpaid, productId: { $in: productIds } } },
            { $group: { _id: '$productId', units: { $sum: '$order_quantity' } } },
          ])
          .toArray(),
      ]);
      return { orders: count + checkouts.length, unitsByPart: new Map(rows.map((row) => [row._id.toHexString(), row.units])) };
    },

    /** Units held by unpaid orders, and how many orders, per part (the admin's stock view). */
    /**
     * For each part: all units unpaid orders hold, and those of them waiting for a later payment
     * (not held only while paid on the spot: payNowHold).
     */
    async heldForShare(productIds: ObjectId[]): Promise<Map<string, { held: number; later: number }>> {
      const unpaid = { status: 'placed' as const, paid: false, productId: { $in: productIds } };
      const sums = (match: object) =>
        orders.aggregate<{ _id: ObjectId; units: number }>([{ $match: match }, { $group: { _id: '$productId', units: { $sum: '$order_quantity' } } }]).toArray();
      const [all, payNow] = await Promise.all([sums(unpaid), sums({ ...unpaid, payNowHold: true })]);
      const payNowOf = new Map(payNow.map((row) => [row._id.toHexString(), row.units]));
      return new Map(all.map((row) => [row._id.toHexString(), { held: row.units, later: row.units - (payNowOf.get(row._id.toHexString()) ?? 0) }]));
    },

    async heldByPart(productIds: ObjectId[]): Promise<Map<string, { held: number; orders: number }>> {
      const rows = await orders
        .aggregate<{ _id: ObjectId; held: number; orders: number }>([
          { $match: { status: 'placed', paid: false, productId: { $in: productIds } } },
          { $group: { _id: '$productId', held: { $sum: '$order_quantity' }, orders: { $sum: 1 } } },
        ])
        .toArray();
      return new Map(rows.map((row) => [row._id.toHexString(), { held: row.held, orders: row.orders }]));
    },

    /** The customer's orders, newest first; one page when skip/limit are given. */
    findByEmail: (email: string, page?: { skip: number; limit: number }) =>
      findListed(orders, { email }, NEWEST_FIRST, page),

    /**
     * placed → cancelled, only if the order is still placed and unpaid (so a paid order is never
     * cancelled, and of two racing cancels one wins). The cancelled order, or null for the loser.
     */
    cancelPlaced: (filter: Filter<OrderDocument> & { _id: ObjectId }, change: StatusChange) =>
      changeIf({ ...filter, status: 'placed', paid: false }, change),

    /**
     * All orders (the admin console), newest first unless `sort` says oldest: of one status, with
     * the text in the order number, the email or the part's name, placed within [from, to).
     */
    async list(search: OrderSearch, page?: { skip: number; limit: number }) {
      const filter: Filter<OrderDocument> = {};
      if (search.status) filter.status = search.status;
      if (search.text) {
        const text = containsText(search.text);
        filter.$or = [{ number: text }, { email: text }, { productName: text }];
      }
      if (search.from || search.to) {
        filter.createdAt = { ...(search.from ? { $gte: search.from } : {}), ...(search.to ? { $lt: search.to } : {}) };
      }
      return findListed(orders, filter, SORTS[search.sort ?? 'newest'], page);
    },

    /**
     * One status move, only if the order is still in status `from` (setting `set` beside it, e.g.
     * the shipment): of two racing changes one wins. The order after the change, or null for the loser.
     */
    moveStatus: (id: ObjectId, from: OrderStatus, change: StatusChange, set?: Partial<OrderDocument>) =>
      changeIf({ _id: id, status: from }, change, set),

    /** Reserves an order number: true when it was free (now taken), false when it was taken already. */
    async reserveNumber(number: string, now = new Date()): Promise<boolean> {
      try {
        await orderNumbers.insertOne({ _id: number, createdAt: now });
        return true;
      } catch (error) {
        if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return false;
        throw error;
      }
    },

    /** Orders stored before order numbers existed. */
    findWithoutNumber: (limit: number) => orders.find({ number: { $exists: false } }).limit(limit).toArray(),

    /** Gives an order its number unless it has one (another api instance may have been first); true when set. */
    async setNumberIfMissing(id: ObjectId, number: string): Promise<boolean> {
      const { modifiedCount } = await orders.updateOne({ _id: id, number: { $exists: false } }, { $set: { number } });
      return modifiedCount === 1;
    },

    /** Which of these orders exist, with their numbers (the Activity page names orders by number). */
    async numbersOf(ids: readonly ObjectId[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const found = await orders.find({ _id: { $in: [...ids] } }).toArray();
      return new Map(found.map((order) => [order._id.toHexString(), order.number]));
    },

    /**
     * Unpaid orders whose hold ended by `now`: holdExpiresAt passed, or, for orders stored before
     * it existed, placed before `legacyCutoff` (now − ORDER_HOLD_MINUTES). Oldest first.
     */
    async findHoldsEndedBy(now: Date, legacyCutoff: Date, limit: number) {
      const [ended, legacy] = await Promise.all([
        orders.find({ status: 'placed', paid: false, holdExpiresAt: { $lt: now } }).sort({ holdExpiresAt: 1 }).limit(limit).toArray(),
        orders
          .find({ status: 'placed', paid: false, holdExpiresAt: { $exists: false }, createdAt: { $lt: legacyCutoff } })
          .sort({ createdAt: 1 })
          .limit(limit)
          .toArray(),
      ]);
      return [...ended, ...legacy].slice(0, limit);
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
