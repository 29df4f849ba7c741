import { z } from 'zod';
import { countSchema, isoDateTimeSchema, objectIdStringSchema } from './entity-schemas';

// The admin's Overview (issue 34): sales over a period beside the one before, orders by state now,
// the parts that sell, and the parts about to run out. Money is integer cents; days are UTC days.

/** The periods GET /admin/overview offers, in days. */
export const OVERVIEW_PERIODS = [7, 30, 90] as const;
export type OverviewDays = (typeof OVERVIEW_PERIODS)[number];
export const DEFAULT_OVERVIEW_DAYS: OverviewDays = 30;

/** Low stock: at or below this many units (GET /admin/low-stock's default threshold)… */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
/** …or running out within this many days… */
export const LOW_STOCK_COVER_DAYS = 14;
/** …at the sales rate of this many last days. */
export const SALES_RATE_DAYS = 30;
/** How many parts each top list holds. */
export const TOP_PARTS = 10;

const cents = z.number().int().min(0);

export const overviewDaySchema = z.object({
  /** The UTC day, YYYY-MM-DD. */
  date: z.string(),
  revenue: cents,
  orders: countSchema,
  /** The same day of the previous period (as many days earlier as the period is long). */
  previousDate: z.string(),
  previousRevenue: cents,
  previousOrders: countSchema,
});
export type OverviewDay = z.infer<typeof overviewDaySchema>;

const periodTotalsSchema = z.object({
  /** What customers paid for parts in orders placed in the period. */
  revenue: cents,
  /** Paid orders placed in the period. */
  orders: countSchema,
  /** revenue / orders, rounded to the cent; 0 without orders. */
  averageOrderValue: cents,
  /** Money given back in the period (refunds done), whenever its order was placed. */
  refunds: cents,
  /** Orders placed in the period, paid or not. */
  placed: countSchema,
  /** orders / placed, from 0 to 1; null when nothing was placed. */
  paidShare: z.number().min(0).max(1).nullable(),
});
export type PeriodTotals = z.infer<typeof periodTotalsSchema>;

export const topPartSchema = z.object({ productId: objectIdStringSchema, name: z.string(), revenue: cents, units: countSchema });
export type TopPart = z.infer<typeof topPartSchema>;

/** The order states the Overview counts, each the All Orders filter that lists the same orders. */
export const OVERVIEW_STATES = ['unpaid', 'paid', 'partly-shipped', 'shipped'] as const;

export const overviewSchema = z.object({
  days: z.union(OVERVIEW_PERIODS.map((days) => z.literal(days))),
  /** The period: from its first UTC day's start to the end of today (UTC). */
  from: isoDateTimeSchema,
  to: isoDateTimeSchema,
  previousFrom: isoDateTimeSchema,
  /** When these figures were computed (they are kept a short time: OVERVIEW_CACHE_SECONDS). */
  computedAt: isoDateTimeSchema,
  series: z.array(overviewDaySchema),
  current: periodTotalsSchema,
  previous: periodTotalsSchema,
  /** Orders by state now, whenever placed. */
  states: z.object({ unpaid: countSchema, paid: countSchema, 'partly-shipped': countSchema, shipped: countSchema }),
  /** Returns waiting for the shop: asked for (a decision) or approved (the parts to arrive). */
  returnsOpen: countSchema,
  topByRevenue: z.array(topPartSchema),
  topByUnits: z.array(topPartSchema),
});
export type Overview = z.infer<typeof overviewSchema>;

export const lowStockItemSchema = z.object({
  productId: objectIdStringSchema,
  name: z.string(),
  category: z.string(),
  stock: z.number().int(),
  /** Units sold (paid) in the last SALES_RATE_DAYS days. */
  soldLast30Days: countSchema,
  /** stock / the daily sales rate, rounded down; null when nothing sold (no rate). */
  daysOfCover: z.number().int().min(0).nullable(),
  /** Why it is listed: at or below the threshold, or running out within LOW_STOCK_COVER_DAYS. */
  reason: z.enum(['threshold', 'selling-fast']),
});
export type LowStockItem = z.infer<typeof lowStockItemSchema>;

export const lowStockAnswerSchema = z.object({
  items: z.array(lowStockItemSchema),
  total: countSchema,
  page: z.number().int().min(1),
  pages: countSchema,
  threshold: countSchema,
  coverDays: countSchema,
});
export type LowStockAnswer = z.infer<typeof lowStockAnswerSchema>;

/** The Overview's words (ours: the spec has no overview). */
export const overviewText = {
  title: 'Overview',
  states: { unpaid: 'Unpaid', paid: 'To ship', 'partly-shipped': 'Partly shipped', shipped: 'Shipped' } satisfies Record<(typeof OVERVIEW_STATES)[number], string>,
  returnsOpen: 'Returns open',
  period: (days: number) => `Last ${days} days`,
  loading: 'Loading the overview…',
  failed: 'The overview could not be loaded. Check your connection and try again.',
  lowStockFailed: 'The low-stock list could not be loaded. Check your connection and try again.',
  noLowStock: 'No part is low on stock or running out within 14 days.',
  noSales: 'No paid orders in this period.',
} as const;
