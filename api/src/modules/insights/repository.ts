import type { ObjectId } from 'mongodb';
import type { Collections } from '../../db/mongo';
import type { OrdersModule } from '../orders';

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

/** The states the Overview counts (the order's stored state). */
export type CountedState = 'unpaid' | 'paid' | 'partly-shipped' | 'shipped';

/** The parts' leading $match, by the index that serves it (insights/query-plans.test.ts; the orders' are the orders module's). */
export const lowStockMatch = (threshold: number) => ({ p_quantity: { $lte: threshold } });

const byRevenue = (a: PartSales, b: PartSales) => b.revenue - a.revenue || b.units - a.units || a.name.localeCompare(b.name);
const byUnits = (a: PartSales, b: PartSales) => b.units - a.units || b.revenue - a.revenue || a.name.localeCompare(b.name);

/**
 * The Overview's reads: the orders' figures through the orders module's interface (it alone reads
 * its collections), the parts' stock here. The service puts orders into days.
 */
export function createInsightsRepository(collections: Pick<Collections, 'parts'>, orders: Pick<OrdersModule, 'sales'>) {
  const { parts } = collections;
  const { sales } = orders;
  return {
    /** Paid orders placed in the range, one row per order. */
    paidOrders: (range: Range): Promise<PaidOrderRow[]> => sales.paidOrders(range),
    /** Orders placed in the range, paid or not. */
    placedCount: (range: Range) => sales.placedCount(range),
    /** Money given back in the range (refunds Stripe made). */
    refunded: (range: Range) => sales.refunded(range),

    /** The parts paid orders of the range bought, the top `limit` by revenue and by units. */
    async topParts(range: Range, limit: number): Promise<{ byRevenue: PartSales[]; byUnits: PartSales[] }> {
      const all = await sales.partSales(range);
      return { byRevenue: [...all].sort(byRevenue).slice(0, limit), byUnits: [...all].sort(byUnits).slice(0, limit) };
    },

    /** Orders in a state now. */
    stateCount: (status: CountedState) => sales.stateCount(status),
    /** Returns asked for or approved: waiting for the shop. */
    openReturns: () => sales.openReturns(),

    /** Units of each part paid orders placed since `since` bought. */
    async unitsSoldSince(since: Date, until: Date): Promise<Map<string, number>> {
      const rows = await sales.partSales({ from: since, to: until });
      return new Map(rows.map((row) => [row.productId.toHexString(), row.units]));
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
