import {
  LOW_STOCK_COVER_DAYS,
  type LowStockAnswer,
  type LowStockItem,
  type Overview,
  type OverviewDays,
  type PeriodTotals,
  SALES_RATE_DAYS,
  TOP_PARTS,
} from '@pcpp/contracts/core';
import { ObjectId } from 'mongodb';
import { pageRequest } from '../../paging';
import type { InsightsCache } from './cache';
import type { InsightsRepository, PaidOrderRow, PartSales, Range } from './repository';
import type { LowStockQuery } from './validators';

const DAY_MS = 24 * 60 * 60 * 1000;
const LOW_STOCK_PAGE_SIZE = 20;

/** The UTC day of a time, YYYY-MM-DD. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The period ending with today (UTC) and the one before it, each `days` long. */
export function periodsOf(days: number, now: Date) {
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY_MS);
  const from = new Date(to.getTime() - days * DAY_MS);
  return { current: { from, to }, previous: { from: new Date(from.getTime() - days * DAY_MS), to: from } };
}

/** Paid orders into days of the range: revenue and orders per day, every day present. */
function perDay(rows: PaidOrderRow[], range: Range) {
  const days = new Map<string, { revenue: number; orders: number }>();
  for (let at = range.from.getTime(); at < range.to.getTime(); at += DAY_MS) days.set(utcDay(new Date(at)), { revenue: 0, orders: 0 });
  for (const row of rows) {
    const day = days.get(utcDay(row.placedAt));
    if (!day) continue;
    day.revenue += row.revenue;
    day.orders += 1;
  }
  return [...days.entries()];
}

function totalsOf(rows: PaidOrderRow[], refunds: number, placed: number): PeriodTotals {
  const revenue = rows.reduce((sum, row) => sum + row.revenue, 0);
  const orders = rows.length;
  return {
    revenue,
    orders,
    averageOrderValue: orders ? Math.round(revenue / orders) : 0,
    refunds,
    placed,
    // A paid order was placed, so orders ≤ placed; min() keeps the share a share if an order lost its checkout.
    paidShare: placed ? Math.min(1, orders / placed) : null,
  };
}

const toTopPart = (part: PartSales) => ({ productId: part.productId.toHexString(), name: part.name, revenue: part.revenue, units: part.units });

/** The days of stock left at the last SALES_RATE_DAYS days' rate; null without sales. */
export function daysOfCover(stock: number, soldInRateDays: number): number | null {
  if (soldInRateDays <= 0) return null;
  return Math.max(0, Math.floor((Math.max(0, stock) * SALES_RATE_DAYS) / soldInRateDays));
}

/** The admin's Overview: sales over a period beside the one before, orders by state, top parts, low stock. */
export function createInsightsService({ repo, cache, now = () => new Date() }: { repo: InsightsRepository; cache: InsightsCache; now?: () => Date }) {
  async function computeOverview(days: OverviewDays): Promise<Overview> {
    const computedAt = now();
    const { current, previous } = periodsOf(days, computedAt);
    const [rows, previousRows, placed, previousPlaced, refunds, previousRefunds, top, unpaid, paid, partlyShipped, shipped, returnsOpen] =
      await Promise.all([
        repo.paidOrders(current),
        repo.paidOrders(previous),
        repo.placedCount(current),
        repo.placedCount(previous),
        repo.refunded(current),
        repo.refunded(previous),
        repo.topParts(current, TOP_PARTS),
        repo.stateCount('unpaid'),
        repo.stateCount('paid'),
        repo.stateCount('partly-shipped'),
        repo.stateCount('shipped'),
        repo.openReturns(),
      ]);
    const before = perDay(previousRows, previous);
    return {
      days,
      from: current.from.toISOString(),
      to: current.to.toISOString(),
      previousFrom: previous.from.toISOString(),
      computedAt: computedAt.toISOString(),
      series: perDay(rows, current).map(([date, day], index) => ({
        date,
        revenue: day.revenue,
        orders: day.orders,
        previousDate: before[index]![0],
        previousRevenue: before[index]![1].revenue,
        previousOrders: before[index]![1].orders,
      })),
      current: totalsOf(rows, refunds, placed),
      previous: totalsOf(previousRows, previousRefunds, previousPlaced),
      states: { unpaid, paid, 'partly-shipped': partlyShipped, shipped },
      returnsOpen,
      topByRevenue: top.byRevenue.map(toTopPart),
      topByUnits: top.byUnits.map(toTopPart),
    };
  }

  /** Every part low on stock, the ones closest to running out first. */
  async function computeLowStock(threshold: number): Promise<LowStockItem[]> {
    const until = now();
    const sold = await repo.unitsSoldSince(new Date(until.getTime() - SALES_RATE_DAYS * DAY_MS), until);
    const candidates = await repo.partsLowOrSelling(
      threshold,
      [...sold.keys()].map((id) => ObjectId.createFromHexString(id)),
    );
    const items: LowStockItem[] = [];
    for (const part of candidates) {
      const units = sold.get(part._id.toHexString()) ?? 0;
      const cover = daysOfCover(part.stock, units);
      const low = part.stock <= threshold;
      if (!low && (cover === null || cover > LOW_STOCK_COVER_DAYS)) continue;
      items.push({
        productId: part._id.toHexString(),
        name: part.name,
        category: part.category,
        stock: part.stock,
        soldLast30Days: units,
        daysOfCover: cover,
        reason: low ? 'threshold' : 'selling-fast',
      });
    }
    // Sold out first, then the fewest days of cover (unknown last), then the fewest units.
    const rank = (item: LowStockItem) => (item.stock <= 0 ? -1 : (item.daysOfCover ?? Number.MAX_SAFE_INTEGER));
    return items.sort((a, b) => rank(a) - rank(b) || a.stock - b.stock || a.name.localeCompare(b.name));
  }

  return {
    /** GET /admin/overview: kept a short time (cache.ts), the same for every api instance. */
    overview: (days: OverviewDays) => cache.through(`overview:${days}`, () => computeOverview(days)),

    /** GET /admin/low-stock: one page of the parts low on stock. */
    async lowStock(query: LowStockQuery): Promise<LowStockAnswer> {
      const threshold = query.threshold;
      const all = await cache.through(`low-stock:${threshold}`, () => computeLowStock(threshold));
      const paging = pageRequest(query, LOW_STOCK_PAGE_SIZE);
      return {
        items: all.slice(paging.skip, paging.skip + paging.limit),
        total: all.length,
        page: paging.page,
        pages: Math.ceil(all.length / paging.limit),
        threshold,
        coverDays: LOW_STOCK_COVER_DAYS,
      };
    },
  };
}

export type InsightsService = ReturnType<typeof createInsightsService>;
