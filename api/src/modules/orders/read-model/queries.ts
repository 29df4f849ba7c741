import type { OrderListSort, OrderProgress, OrderStatus, ReturnStatus } from '@pcpp/contracts/core';
import type { Document, Filter, ObjectId } from 'mongodb';
import { containsText } from '../../../db/text-match';
import { findListed } from '../../../paging';
import type { OrderDocument, OrderLineDocument, OrdersCollections, ReturnRecord } from '../documents';

// The reads of the orders: lists, counts and sums, straight from the orders as stored (no copy to
// fall behind). Lines are read by unwinding their orders; every pipeline starts with a $match on
// an indexed field (read-model/query-plans.test.ts).

/** An order with one of its lines (an unwound order). */
export type OrderWithLine = Omit<OrderDocument, 'lines'> & { lines: OrderLineDocument };
export type OrderWithReturn = Omit<OrderDocument, 'returns'> & { returns: ReturnRecord };

interface PageAsked {
  skip: number;
  limit: number;
}

/** A line placed and not paid or cancelled: it holds stock. */
const UNPAID = { paid: false, cancelled: { $exists: false } };
/** The same condition on an unwound line. */
const onLine = (condition: Record<string, unknown>) => Object.fromEntries(Object.entries(condition).map(([field, value]) => [`lines.${field}`, value]));

/** A time range, from inclusive to exclusive. */
export interface Range {
  from: Date;
  to: Date;
}

/** The admin's search of lines (GET /order): a line status, text in the number, email or part's name, a time range. */
export interface LineSearch {
  status?: OrderStatus;
  text?: string;
  from?: Date;
  to?: Date;
  sort?: OrderListSort;
}

/** The search of orders (GET /orders, GET /orders/mine). */
export interface OrderSearch {
  status?: OrderProgress;
  text?: string;
  from?: Date;
  to?: Date;
  sort?: OrderListSort;
  email?: string;
  /** Leave out orders the customer deleted whole (My Orders). */
  hideDeleted?: boolean;
}

const placedWithin = (from?: Date, to?: Date) => (from || to ? { createdAt: { ...(from ? { $gte: from } : {}), ...(to ? { $lt: to } : {}) } } : {});

/** The Overview's leading matches (each on an indexed field: query-plans.test.ts checks them). */
export const placedMatch = ({ from, to }: Range) => ({ createdAt: { $gte: from, $lt: to } });
export const stateMatch = (status: OrderProgress) => ({ 'state.status': status });
export const openReturnsMatch = () => ({ 'returns._id': { $exists: true } });
export const refundsWithinMatch = ({ from, to }: Range) => ({ 'refunds.at': { $gte: from, $lt: to } });
export const pendingRefundsMatch = () => ({ 'state.pendingRefunds': { $gt: 0 } });
export const holdsEndedMatch = (now: Date) => ({ 'state.unpaidLines': { $gt: 0 }, 'state.holdExpiresAt': { $lt: now } });
export const unpaidOrdersOfMatch = (email: string) => ({ email, 'state.unpaidLines': { $gt: 0 } });
export const partLinesMatch = (productIds: ObjectId[]) => ({ 'lines.productId': { $in: productIds } });

export function createOrderQueries({ wholeOrders }: Pick<OrdersCollections, 'wholeOrders'>) {
  /** Lines of the orders matching `match`, each with its order, in `sort` order; one page and the total, or all. */
  async function unwoundLines(match: Filter<OrderDocument>, lineMatch: Document, sort: Document, page?: PageAsked): Promise<{ docs: OrderWithLine[]; total: number | undefined }> {
    const head: Document[] = [{ $match: match }, { $unwind: '$lines' }, ...(Object.keys(lineMatch).length ? [{ $match: lineMatch }] : []), { $sort: sort }];
    if (!page) return { docs: await wholeOrders.aggregate<OrderWithLine>(head).toArray(), total: undefined };
    const [row] = await wholeOrders
      .aggregate<{ total: { n: number }[]; items: OrderWithLine[] }>([...head, { $facet: { total: [{ $count: 'n' }], items: [{ $skip: page.skip }, { $limit: page.limit }] } }])
      .toArray();
    return { docs: row?.items ?? [], total: row?.total[0]?.n ?? 0 };
  }

  /** Units and lines per part of `productIds`, of the lines meeting `line` (in the orders matching `order`). */
  async function unitsByPart(order: Filter<OrderDocument>, productIds: ObjectId[], line: Record<string, unknown>): Promise<{ _id: ObjectId; units: number; lines: number }[]> {
    const wanted = { ...line, productId: { $in: productIds } };
    return wholeOrders
      .aggregate<{ _id: ObjectId; units: number; lines: number }>([
        { $match: { ...partLinesMatch(productIds), ...order, lines: { $elemMatch: wanted } } },
        { $unwind: '$lines' },
        { $match: onLine(wanted) },
        { $group: { _id: '$lines.productId', units: { $sum: '$lines.order_quantity' }, lines: { $sum: 1 } } },
      ])
      .toArray();
  }

  return {
    /** GET /myorder: the customer's lines, newest first (a checkout's lines newest first among themselves, as before). */
    linesOf: (email: string, page?: PageAsked) => unwoundLines({ email }, {}, { createdAt: -1, 'lines._id': -1 }, page),

    /** GET /order (admin): every line, newest first unless `sort` says oldest, filtered. */
    allLines(search: LineSearch, page?: PageAsked) {
      const match: Filter<OrderDocument> = { ...placedWithin(search.from, search.to) };
      const lineMatch: Document = {};
      if (search.status) lineMatch['lines.status'] = search.status;
      if (search.text) {
        const text = containsText(search.text);
        lineMatch.$or = [{ number: text }, { email: text }, { 'lines.productName': text }];
      }
      const sort = search.sort === 'oldest' ? { createdAt: 1, 'lines._id': 1 } : { createdAt: -1, 'lines._id': -1 };
      return unwoundLines(match, lineMatch, sort, page);
    },

    /** The ids of a customer's orders, newest first (account settings: the export, an email change, closing). */
    idsOfCustomer: (email: string) => wholeOrders.find({ email }, { projection: { _id: 1 } }).sort({ createdAt: -1, _id: -1 }).toArray(),

    /** GET /orders and GET /orders/mine: orders newest first (or oldest), of one state, matching text. */
    orders(search: OrderSearch, page: PageAsked) {
      const filter: Filter<OrderDocument> = { ...placedWithin(search.from, search.to) };
      if (search.email) filter.email = search.email;
      if (search.hideDeleted) filter['state.deletedByCustomer'] = { $ne: true };
      if (search.status) filter['state.status'] = search.status;
      if (search.text) {
        const text = containsText(search.text);
        filter.$or = [{ number: text }, { email: text }, { 'state.partNames': text }];
      }
      const sort = search.sort === 'oldest' ? ({ createdAt: 1, _id: 1 } as const) : ({ createdAt: -1, _id: -1 } as const);
      return findListed(wholeOrders, filter, sort, page);
    },

    /** GET /returns: returns newest first, of one status when asked. */
    async returns(status: ReturnStatus | undefined, page: PageAsked): Promise<{ docs: OrderWithReturn[]; total: number }> {
      const [row] = await wholeOrders
        .aggregate<{ total: { n: number }[]; items: OrderWithReturn[] }>([
          { $match: { 'returns._id': { $exists: true }, ...(status ? { 'returns.status': status } : {}) } },
          { $unwind: '$returns' },
          ...(status ? [{ $match: { 'returns.status': status } }] : []),
          { $sort: { 'returns.requestedAt': -1, 'returns._id': -1 } },
          { $facet: { total: [{ $count: 'n' }], items: [{ $skip: page.skip }, { $limit: page.limit }] } },
        ])
        .toArray();
      return { docs: row?.items ?? [], total: row?.total[0]?.n ?? 0 };
    },

    /** GET /orders.csv: the orders placed in [from, to), oldest first, read in batches from a cursor. */
    ordersPlacedBetween: (from: Date | undefined, to: Date | undefined) =>
      wholeOrders.find(placedWithin(from, to)).sort({ createdAt: 1, _id: 1 }).batchSize(200),

    /** What the customer's unpaid lines hold now (the hold caps): how many orders, and the units of each of `productIds`. */
    async unpaidHoldsOf(email: string, productIds: ObjectId[]): Promise<{ orders: number; unitsByPart: Map<string, number> }> {
      const [count, rows] = await Promise.all([
        wholeOrders.countDocuments(unpaidOrdersOfMatch(email)),
        unitsByPart({ email }, productIds, UNPAID),
      ]);
      return { orders: count, unitsByPart: new Map(rows.map((row) => [row._id.toHexString(), row.units])) };
    },

    /** For each part: all units unpaid lines hold, and those waiting for a later payment (not payNowHold). */
    async heldForShare(productIds: ObjectId[]): Promise<Map<string, { held: number; later: number }>> {
      const [all, payNow] = await Promise.all([unitsByPart({}, productIds, UNPAID), unitsByPart({}, productIds, { ...UNPAID, payNowHold: true })]);
      const payNowOf = new Map(payNow.map((row) => [row._id.toHexString(), row.units]));
      return new Map(all.map((row) => [row._id.toHexString(), { held: row.units, later: row.units - (payNowOf.get(row._id.toHexString()) ?? 0) }]));
    },

    /** Units held by unpaid lines, and how many lines, per part (the admin's stock view). */
    async heldByPart(productIds: ObjectId[]): Promise<Map<string, { held: number; orders: number }>> {
      const rows = await unitsByPart({}, productIds, UNPAID);
      return new Map(rows.map((row) => [row._id.toHexString(), { held: row.units, orders: row.lines }]));
    },

    /** Orders with a line still unpaid whose hold ended by `now`, oldest hold first. */
    holdsEndedBy: (now: Date, limit: number) =>
      wholeOrders.find(holdsEndedMatch(now)).sort({ 'state.holdExpiresAt': 1 }).limit(limit).toArray(),

    /** Orders with a refund pending at Stripe (the reconciliation job). */
    withPendingRefunds: (limit: number) => wholeOrders.find(pendingRefundsMatch()).limit(limit).toArray(),

    /** How many refunds wait at Stripe, all orders together (GET /metrics). */
    async pendingRefundCount(maxTimeMS?: number): Promise<number> {
      const [row] = await wholeOrders
        .aggregate<{ pending: number }>([{ $match: pendingRefundsMatch() }, { $group: { _id: null, pending: { $sum: '$state.pendingRefunds' } } }], { maxTimeMS })
        .toArray();
      return row?.pending ?? 0;
    },

    /** The customer's first paid line of the part, if any: the only way to a review. */
    async firstPaidLine(email: string, productId: ObjectId): Promise<{ lineId: ObjectId; placedAt: Date } | null> {
      const [order] = await wholeOrders
        .find({ email, lines: { $elemMatch: { productId, paid: true } } })
        .sort({ createdAt: 1 })
        .limit(1)
        .toArray();
      const line = order?.lines.find((candidate) => candidate.productId.equals(productId) && candidate.paid);
      return line ? { lineId: line._id, placedAt: order!.createdAt } : null;
    },

    /** The numbers of the orders these lines are in (the Activity page names orders by number). */
    async numbersOfLines(ids: readonly ObjectId[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const found = await wholeOrders.find({ 'lines._id': { $in: [...ids] } }).toArray();
      const numbers = new Map<string, string>();
      for (const order of found) for (const line of order.lines) numbers.set(line._id.toHexString(), order.number);
      return numbers;
    },

    // The Overview (insights): sums over a range, by the indexes above.

    /** Paid orders placed in the range: when, and what their paid lines came to. */
    async paidOrders(range: Range): Promise<{ number: string; placedAt: Date; revenue: number }[]> {
      const rows = await wholeOrders
        .aggregate<{ _id: string; revenue: number; placedAt: Date }>([
          { $match: placedMatch(range) },
          { $unwind: '$lines' },
          { $match: { 'lines.paid': true } },
          { $group: { _id: '$number', revenue: { $sum: '$lines.totalAmount' }, placedAt: { $first: '$createdAt' } } },
        ])
        .toArray();
      return rows.map((row) => ({ number: row._id, placedAt: new Date(row.placedAt), revenue: row.revenue }));
    },
    placedCount: (range: Range) => wholeOrders.countDocuments(placedMatch(range)),
    /** Money refunds gave back in the range (those Stripe made). */
    async refundedWithin(range: Range): Promise<number> {
      const [row] = await wholeOrders
        .aggregate<{ amount: number }>([
          { $match: refundsWithinMatch(range) },
          { $unwind: '$refunds' },
          { $match: { 'refunds.status': 'done', 'refunds.at': { $gte: range.from, $lt: range.to } } },
          { $group: { _id: null, amount: { $sum: '$refunds.amount' } } },
        ])
        .toArray();
      return row?.amount ?? 0;
    },
    /** The parts paid lines of the range bought: units and revenue per part. */
    async partSales(range: Range): Promise<{ productId: ObjectId; name: string; revenue: number; units: number }[]> {
      const rows = await wholeOrders
        .aggregate<{ _id: ObjectId; revenue: number; units: number; name: string }>([
          { $match: placedMatch(range) },
          { $unwind: '$lines' },
          { $match: { 'lines.paid': true } },
          { $group: { _id: '$lines.productId', revenue: { $sum: '$lines.totalAmount' }, units: { $sum: '$lines.order_quantity' }, name: { $first: '$lines.productName' } } },
        ])
        .toArray();
      return rows.map((row) => ({ productId: row._id, name: row.name, revenue: row.revenue, units: row.units }));
    },
    stateCount: (status: OrderProgress) => wholeOrders.countDocuments(stateMatch(status)),
    /** Returns asked for or approved: waiting for the shop. */
    async openReturns(): Promise<number> {
      const [row] = await wholeOrders
        .aggregate<{ n: number }>([
          { $match: openReturnsMatch() },
          { $unwind: '$returns' },
          { $match: { 'returns.status': { $in: ['requested', 'approved'] } } },
          { $count: 'n' },
        ])
        .toArray();
      return row?.n ?? 0;
    },
  };
}

export type OrderQueries = ReturnType<typeof createOrderQueries>;
