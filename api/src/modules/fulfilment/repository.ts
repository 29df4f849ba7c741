import type { OrderProgress, OrderStatusChange, ReturnStatus } from '@pcpp/contracts/core';
import { type Filter, MongoServerError, ObjectId, type UpdateFilter, type WithId } from 'mongodb';
import type { Collections } from '../../db/mongo';
import type { CheckoutDocument } from '../checkout/documents';
import type { LineRefundDocument, ReturnDocument, ShipmentDocument } from './documents';
import type { LineCounters, OrderDocument } from '../orders/documents';
import { containsText } from '../../db/text-match';
import { findListed } from '../../paging';
import { linesOfOrder, refreshOrderState } from './order-state';

const DUPLICATE_KEY = 11000;
const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

type CounterName = Exclude<keyof LineCounters, 'unitsVersion' | 'lastDeliveredAt'>;

/** One change of a line's counters, written over the version it was computed from. */
export interface UnitsChange {
  inc: Partial<Record<CounterName, number>>;
  set?: Partial<Pick<OrderDocument, 'status' | 'shipment' | 'lastDeliveredAt'>>;
  history?: Omit<OrderStatusChange, 'at'> & { at: Date };
}

export interface OrderSearch {
  status?: OrderProgress;
  text?: string;
  from?: Date;
  to?: Date;
  sort?: 'newest' | 'oldest';
  email?: string;
  /** Leave out orders the customer deleted whole (My Orders). */
  hideDeleted?: boolean;
}

/** Orders as wholes (the checkouts collection), their lines' unit counters, shipments, refunds, returns and invoice numbers. */
export function createFulfilmentRepository(
  collections: Pick<Collections, 'checkouts' | 'orders' | 'parts' | 'shipments' | 'lineRefunds' | 'returns' | 'invoiceNumbers'>,
  { onCatalogChange = () => {} } = {},
) {
  const { checkouts, orders, parts, shipments, lineRefunds, returns, invoiceNumbers } = collections;

  return {
    findOrder: (number: string) => checkouts.findOne({ number }),
    findOrderById: (id: ObjectId) => checkouts.findOne({ _id: id }),
    linesOf: (header: WithId<CheckoutDocument>) => linesOfOrder(orders, header),
    findLine: (id: ObjectId) => orders.findOne({ _id: id }),
    refresh: (checkoutId: ObjectId) => refreshOrderState({ checkouts, orders }, checkoutId),

    /** Orders newest first (or oldest), of one state, matching text in the number, the email or a part's name. */
    list(search: OrderSearch, page: { skip: number; limit: number }) {
      const filter: Filter<CheckoutDocument> = {};
      if (search.email) filter.email = search.email;
      if (search.hideDeleted) filter['state.deletedByCustomer'] = { $ne: true };
      if (search.status) filter['state.status'] = search.status;
      if (search.text) {
        const text = containsText(search.text);
        filter.$or = [{ number: text }, { email: text }, { 'state.partNames': text }];
      }
      if (search.from || search.to) {
        filter.createdAt = { ...(search.from ? { $gte: search.from } : {}), ...(search.to ? { $lt: search.to } : {}) };
      }
      const sort = search.sort === 'oldest' ? { createdAt: 1, _id: 1 } as const : NEWEST_FIRST;
      return findListed(checkouts, filter, sort, page);
    },

    /**
     * Every order line placed in [from, to), oldest first, as a cursor read in batches (GET
     * /orders.csv streams it: the lines are never all in memory).
     */
    linesPlacedBetween(from: Date | undefined, to: Date | undefined) {
      const filter: Filter<OrderDocument> = {};
      if (from || to) filter.createdAt = { ...(from ? { $gte: from } : {}), ...(to ? { $lt: to } : {}) };
      return orders.find(filter).sort({ createdAt: 1, _id: 1 }).batchSize(500);
    },

    /**
     * Applies a change to a line's counters only if nobody changed them since `line` was read
     * (its unitsVersion): the line after the change, or null when another change came first.
     */
    async changeUnits(line: WithId<OrderDocument>, change: UnitsChange): Promise<WithId<OrderDocument> | null> {
      const version = line.unitsVersion;
      const filter: Filter<OrderDocument> = { _id: line._id, unitsVersion: version === undefined ? { $exists: false } : version };
      const update: UpdateFilter<OrderDocument> = { $inc: { ...change.inc, unitsVersion: 1 } };
      if (change.set) update.$set = change.set;
      if (change.history) update.$addToSet = { statusHistory: change.history };
      const { modifiedCount } = await orders.updateOne(filter, update);
      return modifiedCount === 1 ? orders.findOne({ _id: line._id }) : null;
    },

    /** Gives units back to the part's stock (a deleted part stays deleted). */
    async restock(productId: ObjectId, quantity: number): Promise<void> {
      if (quantity <= 0) return;
      await parts.updateOne({ _id: productId }, { $inc: { p_quantity: quantity } });
      onCatalogChange();
    },

    /** The shop cancels the whole order, once: true for the request that set it. */
    async claimCancellation(id: ObjectId, cancellation: NonNullable<CheckoutDocument['cancellation']>): Promise<boolean> {
      const { modifiedCount } = await checkouts.updateOne({ _id: id, cancellation: { $exists: false } }, { $set: { cancellation } });
      return modifiedCount === 1;
    },
    async releaseCancellation(id: ObjectId): Promise<void> {
      await checkouts.updateOne({ _id: id }, { $unset: { cancellation: '' } });
    },

    async insertShipment(shipment: ShipmentDocument): Promise<WithId<ShipmentDocument>> {
      const { insertedId } = await shipments.insertOne({ ...shipment });
      return { ...shipment, _id: insertedId };
    },
    shipmentsOf: (orderNumber: string) => shipments.find({ orderNumber }).sort({ shippedAt: 1, _id: 1 }).toArray(),
    findShipment: (id: ObjectId, orderNumber: string) => shipments.findOne({ _id: id, orderNumber }),
    /** Not delivered → delivered, once: true for the request that set it. */
    async markShipmentDelivered(id: ObjectId, at: Date): Promise<boolean> {
      const { modifiedCount } = await shipments.updateOne({ _id: id, deliveredAt: { $exists: false } }, { $set: { deliveredAt: at } });
      return modifiedCount === 1;
    },

    async insertRefund(refund: LineRefundDocument): Promise<ObjectId> {
      const { insertedId } = await lineRefunds.insertOne({ ...refund });
      return insertedId;
    },
    async finishRefund(id: ObjectId, done: Pick<LineRefundDocument, 'status' | 'stripeRefunds'>): Promise<void> {
      await lineRefunds.updateOne({ _id: id }, { $set: done });
    },
    refundsOf: (orderNumber: string) => lineRefunds.find({ orderNumber, status: 'done' }).sort({ at: 1, _id: 1 }).toArray(),

    async insertReturn(request: ReturnDocument): Promise<WithId<ReturnDocument>> {
      const { insertedId } = await returns.insertOne({ ...request });
      return { ...request, _id: insertedId };
    },
    findReturn: (id: ObjectId) => returns.findOne({ _id: id }),
    returnsOf: (orderNumber: string) => returns.find({ orderNumber }).sort({ requestedAt: 1, _id: 1 }).toArray(),
    /** A return moves on only from the status it was read in: the return after, or null when another admin moved it first. */
    async moveReturn(id: ObjectId, from: ReturnStatus, set: Partial<ReturnDocument>): Promise<WithId<ReturnDocument> | null> {
      const { modifiedCount } = await returns.updateOne({ _id: id, status: from }, { $set: set });
      return modifiedCount === 1 ? returns.findOne({ _id: id }) : null;
    },
    listReturns: (status: ReturnStatus | undefined, page: { skip: number; limit: number }) =>
      findListed(returns, status ? { status } : {}, { requestedAt: -1, _id: -1 }, page),

    /**
     * The order's invoice number: the one it has, or the next in sequence, reserved once (the
     * unique order number decides between racing requests; a clash on the number draws the next).
     */
    async invoiceNumberOf(orderNumber: string, now = new Date()): Promise<number> {
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const existing = await invoiceNumbers.findOne({ orderNumber });
        if (existing) return existing._id;
        const [last] = await invoiceNumbers.find({}).sort({ _id: -1 }).limit(1).toArray();
        const next = (last?._id ?? 0) + 1;
        try {
          await invoiceNumbers.insertOne({ _id: next, orderNumber, issuedAt: now });
          return next;
        } catch (error) {
          if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
        }
      }
      throw new Error(`no invoice number for ${orderNumber} after 20 attempts`);
    },
    async noteInvoiceNumber(id: ObjectId, invoiceNumber: string): Promise<void> {
      await checkouts.updateOne({ _id: id, invoiceNumber: { $exists: false } }, { $set: { invoiceNumber } });
    },
  };
}

export type FulfilmentRepository = ReturnType<typeof createFulfilmentRepository>;

export const newId = () => new ObjectId();
