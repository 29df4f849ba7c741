import { formatCents, type Overview, type OverviewDay } from '@pcpp/contracts/core';

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const weekdayLabel = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Nov 18" for 2026-11-18 (days are UTC days, as the api counts them). */
export const shortDay = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`));
export const longDay = (date: string) => weekdayLabel.format(new Date(`${date}T00:00:00Z`));

/** "up 25%", "down 10%", "the same as", or "" when there is nothing to compare with. */
export function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? 'the same as' : '';
  const percent = Math.round(((now - before) / before) * 100);
  if (percent === 0) return 'the same as';
  return percent > 0 ? `up ${percent}% on` : `down ${-percent}% on`;
}

export const percentOf = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)}%`);

function bestDay(series: OverviewDay[], key: 'revenue' | 'orders'): OverviewDay | undefined {
  return series.reduce<OverviewDay | undefined>((best, day) => (day[key] > 0 && (!best || day[key] > best[key]) ? day : best), undefined);
}

/** The revenue chart in words: the period's total, beside the previous period, and the best day. */
export function revenueSummary({ days, current, previous, series }: Overview): string {
  const compared = change(current.revenue, previous.revenue);
  const beside = compared ? `, ${compared} the ${days} days before (${formatCents(previous.revenue)})` : `; the ${days} days before had none`;
  const best = bestDay(series, 'revenue');
  return (
    `Revenue over the last ${days} days: ${formatCents(current.revenue)}${beside}.` +
    (best ? ` Best day: ${longDay(best.date)}, ${formatCents(best.revenue)}.` : ' No paid orders in this period.')
  );
}

/** The orders chart in words. */
export function ordersSummary({ days, current, previous, series }: Overview): string {
  const compared = change(current.orders, previous.orders);
  const beside = compared ? `, ${compared} the ${days} days before (${previous.orders})` : `; the ${days} days before had none`;
  const best = bestDay(series, 'orders');
  return (
    `Paid orders over the last ${days} days: ${current.orders}${beside}.` +
    (best ? ` Busiest day: ${longDay(best.date)}, ${best.orders} ${best.orders === 1 ? 'order' : 'orders'}.` : '')
  );
}
