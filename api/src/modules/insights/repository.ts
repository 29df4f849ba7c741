import type { ObjectId } from 'mongodb';
import type { Collections } from '../../db/mongo';

/** A time range, from inclusive to exclusive. */
export interface Range {
  from: Date;
  to: Date;
}

/** One paid order (its lines summed): when it was placed and what its parts came to. */
export interface PaidOrderRow {
  number: string;
  placedAt: Date;
  revenue: number;
}

export interface PartSales {
  productId: ObjectId;
  name: string;
  revenue: number;
  units: number;
}

/** The states the Overview counts (CheckoutDocument.state.status). */
export type CountedState = 'unpaid' | 'paid' | 'partly-shipped' | 'shipped';

/**
 * Each query's leading $match, by the index that serves it (insights/query-plans.test.ts checks
 * each against the indexes ensureIndexes creates; the embedded server has no explain).
 */
export const paidLinesMatch = ({ from, to }: Range) => ({ createdAt: { $gte: from, $lt: to }, paid: true });
export const placedMatch = ({ from, to }: Range) => ({ createdAt: { $gte: from, $lt: to } });
export const refundsMatch = ({ from, to }: Range) => ({ at: { $gte: from, $lt: to }, status: 'done' as const });
export const stateMatch = (status: CountedState) => ({ 'state.status': status });
export const openReturnsMatch = () => ({ status: { $in: ['requested' as const, 'approved' as const] } });
export const lowStockMatch = (threshold: number) => ({ p_quantity: { $lte: threshold } });

const byPart = {
  _id: '$productId',
  revenue: { $sum: '$totalAmount' },
  units: { $sum: '$order_quantity' },
  name: { $first: '$productName' },
};

type PartGroup = { _id: ObjectId; revenue: number; units: number; name: string };
const toPartSales = (row: PartGroup): PartSales => ({ productId: row._id, name: row.name, revenue: row.revenue, units: row.units });

/**
 * The Overview's reads: aggregation pipelines whose first stage matches on an indexed field. The
 * lines of an order are grouped into the order here; the service puts orders into days (the
 * embedded server evaluates no expression in $group, so a day cannot be computed in the pipeline).
 */
export function createInsightsRepository(collections: Pick<Collections, 'orders' | 'checkouts' | 'lineRefunds' | 'returns' | 'parts'>) {
  const { orders, checkouts, lineRefunds, returns, parts } = collections;
  return {
    /** Paid orders placed in the range, one row per order number (an order's lines share its time). */
    async paidOrders(range: Range): Promise<PaidOrderRow[]> {
      const rows = await orders
        .aggregate<{ _id: string; revenue: number; placedAt: Date }>([
          { $match: paidLinesMatch(range) },
          { $group: { _id: '$number', revenue: { $sum: '$totalAmount' }, placedAt: { $first: '$createdAt' } } },
        ])
        .toArray();
      return rows.map((row) => ({ number: row._id, placedAt: new Date(row.placedAt), revenue: row.revenue }));
    },

    /** Orders placed in the range, paid or not. */
    placedCount: (range: Range) => checkouts.countDocuments(placedMatch(range)),

    /** Money given back in the range (refunds Stripe made). */
    async refunded(range: Range): Promise<number> {
      const [row] = await lineRefunds
        .aggregate<{ amount: number }>([{ $match: refundsMatch(range) }, { $group: { _id: null, amount: { $sum: '$amount' } } }])
        .toArray();
      return row?.amount ?? 0;
    },

    /** The parts paid orders of the range bought, the top `limit` by revenue and by units. */
    async topParts(range: Range, limit: number): Promise<{ byRevenue: PartSales[]; byUnits: PartSales[] }> {
      const [row] = await orders
        .aggregate<{ byRevenue: PartGroup[]; byUnits: PartGroup[] }>([
          { $match: paidLinesMatch(range) },
          {
            $facet: {
              byRevenue: [{ $group: byPart }, { $sort: { revenue: -1, units: -1, name: 1 } }, { $limit: limit }],
              byUnits: [{ $group: byPart }, { $sort: { units: -1, revenue: -1, name: 1 } }, { $limit: limit }],
            },
          },
        ])
        .toArray();
      return { byRevenue: (row?.byRevenue ?? []).map(toPartSales), byUnits: (row?.byUnits ?? []).map(toPartSales) };
    },

    /** Orders in a state now. */
    stateCount: (status: CountedState) => checkouts.countDocuments(stateMatch(status)),
    /** Returns asked for or approved: waiting for the shop. */
    openReturns: () => returns.countDocuments(openReturnsMatch()),

    /** Units of each part paid orders placed since `since` bought. */
    async unitsSoldSince(since: Date, until: Date): Promise<Map<string, number>> {
      const rows = await orders
        .aggregate<{ _id: ObjectId; units: number }>([
          { $match: paidLinesMatch({ from: since, to: until }) },
          { $group: { _id: '$productId', units: { $sum: '$order_quantity' } } },
        ])
        .toArray();
      return new Map(rows.map((row) => [row._id.toHexString(), row.units]));
    },

    /** Parts at or below the threshold, and the parts named (those selling), by stock. */
    async partsLowOrSelling(threshold: number, selling: ObjectId[]) {
      const found = await Promise.all([
        parts.find(lowStockMatch(threshold)).toArray(),
        selling.length ? parts.find({ _id: { $in: selling } }).toArray() : Promise.resolve([]),
      ]);
      const unique = new Map(found.flat().map((part) => [part._id.toHexString(), part]));
      return [...unique.values()].map((part) => ({ _id: part._id, name: part.name, category: part.category, stock: part.p_quantity }));
    },
  };
}

export type InsightsRepository = ReturnType<typeof createInsightsRepository>;
