import { Suspense } from 'react';
import styled from 'styled-components';
import { formatCents, type Part, type PriceChange, priceHistoryText } from '@pcpp/contracts/core';
import { usePriceHistory } from '../api/get-price-history';
import { CHART_DAYS, priceDrop, priceSeries } from '../lib/price-series';
import { SidePanel } from './side-panel';

const DAY_MS = 86_400_000;
const W = 600;
const H = 180;
const PAD = { left: 96, right: 12, top: 16, bottom: 36 };

const Box = styled(SidePanel)`
  svg { width: 100%; height: auto; display: block; }
  table { width: 100%; border-collapse: collapse; font-size: 0.95rem; }
  caption { text-align: left; font-weight: 600; padding-bottom: 4px; }
  th, td { text-align: left; padding: 6px 4px; border-top: 1px solid var(--color-border, #dde3ea); }
`;

const Drop = styled.p`
  margin: 0;
  font-weight: 600;
  color: var(--color-ink);
  .now { color: var(--color-primary-dark); }
`;

/**
 * "Was $19.99 (lowest in the last 30 days), now $14.50, save 27 %" beside the price, when today's
 * price is a reduction from the lowest price of the 30 days before it (EU 98/6/EC, 6a).
 */
export function PriceDropNote({ changes, price, now }: { changes: PriceChange[]; price: number; now: number }) {
  const drop = priceDrop(changes, price, now);
  return drop === null ? null : <Drop data-testid="price-drop">{priceHistoryText.priceDrop(formatCents(drop.was), formatCents(price), drop.percent)}</Drop>;
}

/** The price drop of a part, from its history (read with the page, or nothing while it loads). */
function PartPriceDropBody({ part }: { part: Part }) {
  const history = usePriceHistory(part._id);
  if (!history.isSuccess) return null;
  // The answer's time, not the clock: the server's HTML and the browser's first render agree.
  return <PriceDropNote changes={history.data} price={part.price} now={history.dataUpdatedAt} />;
}

/** Beside the part's price: its EU price-drop announcement, when it has one. */
export function PartPriceDrop({ part }: { part: Part }) {
  return (
    <Suspense fallback={null}>
      <PartPriceDropBody part={part} />
    </Suspense>
  );
}

/** A step chart of the last 90 days as SVG (drawn on the server too), described in words for screen readers. */
export function PriceChart({ part, changes, now }: { part: Part; changes: PriceChange[]; now: number }) {
  const series = priceSeries(changes, part.price, now);
  const prices = series.map((point) => point.price);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const start = now - CHART_DAYS * DAY_MS;
  const x = (at: number) => PAD.left + ((at - start) / (now - start)) * (W - PAD.left - PAD.right);
  // A flat price sits in the middle.
  const y = (price: number) => (high === low ? H / 2 : PAD.top + ((high - price) / (high - low)) * (H - PAD.top - PAD.bottom));
  let path = '';
  series.forEach((point, index) => {
    path += index === 0 ? `M${x(point.at).toFixed(1)},${y(point.price).toFixed(1)}` : `H${x(point.at).toFixed(1)}V${y(point.price).toFixed(1)}`;
  });
  path += `H${x(now).toFixed(1)}`;
  const inside = series.length - 1;
  const titleId = `price-chart-title-${part._id}`;
  const descId = `price-chart-desc-${part._id}`;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-labelledby={`${titleId} ${descId}`} data-testid="price-chart">
      <title id={titleId}>{priceHistoryText.chartTitle}</title>
      <desc id={descId}>{priceHistoryText.chartDescription(formatCents(low), formatCents(high), formatCents(part.price), inside)}</desc>
      <g fontSize="18" fill="#556070">
        <text x={PAD.left - 8} y={y(high) + 4} textAnchor="end">{formatCents(high)}</text>
        {high !== low && <text x={PAD.left - 8} y={y(low) + 4} textAnchor="end">{formatCents(low)}</text>}
        <text x={PAD.left} y={H - 10}>{priceHistoryText.daysAgo}</text>
        <text x={W - PAD.right} y={H - 10} textAnchor="end">{priceHistoryText.today}</text>
      </g>
      <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} stroke="#c9d2dc" />
      <path d={path} fill="none" stroke="#1f6feb" strokeWidth="3" strokeLinejoin="round" />
    </svg>
  );
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

function PriceHistoryBody({ part }: { part: Part }) {
  const history = usePriceHistory(part._id);
  if (!history.isSuccess) return null;
  // The answer's time, not the clock: the server's HTML and the browser's first render draw the same chart.
  const now = history.dataUpdatedAt;
  const recent = history.data.filter((change) => Date.parse(change.changedAt) > now - CHART_DAYS * DAY_MS);
  return (
    <>
      <PriceChart part={part} changes={history.data} now={now} />
      {recent.length === 0 ? (
        <p>{priceHistoryText.noChanges}</p>
      ) : (
        <table>
          <caption>{priceHistoryText.tableCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{priceHistoryText.columns.date}</th>
              <th scope="col">{priceHistoryText.columns.from}</th>
              <th scope="col">{priceHistoryText.columns.to}</th>
            </tr>
          </thead>
          <tbody>
            {recent.map((change) => (
              <tr key={change.changedAt + change.to}>
                <td>{dateFormat.format(new Date(change.changedAt))}</td>
                <td>{formatCents(change.from)}</td>
                <td>{formatCents(change.to)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** The part page's price history: the 90-day chart and its table (the price drop sits beside the price). */
export function PriceHistorySection({ part }: { part: Part }) {
  return (
    <Box aria-labelledby="price-history-title">
      <h2 id="price-history-title">{priceHistoryText.title}</h2>
      <Suspense fallback={null}>
        <PriceHistoryBody part={part} />
      </Suspense>
    </Box>
  );
}
