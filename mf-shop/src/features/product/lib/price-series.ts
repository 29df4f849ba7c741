import type { PriceChange } from '@pcpp/contracts/core';

const DAY_MS = 86_400_000;
export const CHART_DAYS = 90;
export const LOWEST_DAYS = 30;

/** A price and the time it took effect (the window's start for the price it opened at). */
export interface PricePoint {
  at: number;
  price: number;
}

/**
 * The prices of the last `days` days, oldest first: the price at the window's start, then each
 * change within it. `changes` are newest first (as the api answers); `price` is today's.
 */
export function priceSeries(changes: readonly PriceChange[], price: number, now: number, days = CHART_DAYS): PricePoint[] {
  const start = now - days * DAY_MS;
  const inside = changes.filter((change) => Date.parse(change.changedAt) > start).reverse();
  // The price before the oldest change in the window was its `from`; with none, today's all along.
  const first = inside[0]?.from ?? price;
  return [{ at: start, price: first }, ...inside.map((change) => ({ at: Date.parse(change.changedAt), price: change.to }))];
}

/**
 * The lowest price of the 30 days before today's price took effect (EU Directive 98/6/EC, 6a),
 * shown when today's price is below the highest of the last 30 days; null otherwise.
 */
export function lowestBeforeReduction(changes: readonly PriceChange[], price: number, now: number): number | null {
  const last30 = priceSeries(changes, price, now, LOWEST_DAYS);
  const high = Math.max(...last30.map((point) => point.price));
  if (price >= high) return null;
  const since = changes[0] ? Date.parse(changes[0].changedAt) : now;
  // Every price that applied in the 30 days before the current one began.
  const before = priceSeries(changes.slice(1), changes[0]?.from ?? price, since, LOWEST_DAYS);
  return Math.min(...before.map((point) => point.price));
}

/**
 * The price reduction to announce (EU Directive 98/6/EC, 6a): the prior price is the lowest of the
 * 30 days before today's price took effect, and only a price below it is a reduction; the saving
 * from it in whole percent. Null when there is none to announce.
 */
export function priceDrop(changes: readonly PriceChange[], price: number, now: number): { was: number; percent: number } | null {
  const was = lowestBeforeReduction(changes, price, now);
  if (was === null || was <= price) return null;
  const percent = Math.round(((was - price) / was) * 100);
  return percent < 1 ? null : { was, percent };
}
