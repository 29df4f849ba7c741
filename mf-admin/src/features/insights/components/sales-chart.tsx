import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import styled from 'styled-components';
import { formatCents, type OverviewDay } from '@pcpp/contracts/core';
import { AdminTable, TableBox } from '../../../components/admin-table';
import { longDay, shortDay } from './overview-format';

const Figure = styled.figure`
  margin: 0;
  display: grid;
  align-content: start;
  gap: 8px;
  min-width: 0;
  h3 { margin: 0; font-size: 1.1rem; }
  figcaption { margin: 0; color: var(--color-ink-soft); }
  .chart { width: 100%; height: 260px; }
  details summary { cursor: pointer; min-height: 44px; display: flex; align-items: center; font-weight: 600; color: var(--color-primary-dark); }
`;

const CURRENT = '#2563eb';
const PREVIOUS = '#94a3b8';

const dollars = (cents: number) => `$${Math.round(cents / 100).toLocaleString('en-US')}`;

/**
 * One measure per day, this period beside the previous one: a chart for the eye, the same figures
 * in words (the caption) and as a table for everyone else. The chart itself is hidden from screen
 * readers: the caption and the table say all it shows.
 */
export function SalesChart({ title, summary, series, measure }: { title: string; summary: string; series: OverviewDay[]; measure: 'revenue' | 'orders' }) {
  const id = useId();
  const money = measure === 'revenue';
  const data = series.map((day) => ({
    day: shortDay(day.date),
    current: money ? day.revenue : day.orders,
    previous: money ? day.previousRevenue : day.previousOrders,
  }));
  const show = (value: number) => (money ? formatCents(value) : String(value));
  return (
    <Figure aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`}>
      <h3 id={`${id}-title`}>{title}</h3>
      <figcaption id={`${id}-summary`}>{summary}</figcaption>
      <div className="chart" aria-hidden="true" data-testid={`${measure}-chart`}>
        <ResponsiveContainer width="100%" height="100%">
          {money ? (
            <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="day" tick={{ fontSize: 12 }} minTickGap={16} />
              <YAxis tickFormatter={dollars} tick={{ fontSize: 12 }} width={64} />
              <Tooltip formatter={(value) => formatCents(Number(value))} />
              <Legend />
              <Line type="linear" dataKey="current" name="This period" stroke={CURRENT} strokeWidth={2} dot={series.length <= 31} isAnimationActive={false} />
              <Line type="linear" dataKey="previous" name="Previous period" stroke={PREVIOUS} strokeDasharray="5 4" dot={false} isAnimationActive={false} />
            </LineChart>
          ) : (
            <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="day" tick={{ fontSize: 12 }} minTickGap={16} />
              <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
              <Tooltip />
              <Legend />
              <Bar dataKey="current" name="This period" fill={CURRENT} isAnimationActive={false} />
              <Bar dataKey="previous" name="Previous period" fill={PREVIOUS} isAnimationActive={false} />
            </BarChart>
          )}
        </ResponsiveContainer>
      </div>
      <details>
        <summary>{title}: the figures as a table</summary>
        <TableBox>
          <AdminTable aria-label={`${title} by day`}>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">This period</th>
                <th scope="col">Same day before</th>
                <th scope="col">Previous period</th>
              </tr>
            </thead>
            <tbody>
              {series.map((day) => (
                <tr key={day.date}>
                  <th scope="row">{longDay(day.date)}</th>
                  <td className="number" data-label="This period">{show(money ? day.revenue : day.orders)}</td>
                  <td data-label="Same day before">{longDay(day.previousDate)}</td>
                  <td className="number" data-label="Previous period">{show(money ? day.previousRevenue : day.previousOrders)}</td>
                </tr>
              ))}
            </tbody>
          </AdminTable>
        </TableBox>
      </details>
    </Figure>
  );
}
