import styled from 'styled-components';
import { formatCents, totalsText } from '@pcpp/contracts/core';

const List = styled.dl`
  display: grid;
  gap: 6px;
  margin: 0;
  div { display: flex; justify-content: space-between; gap: 12px; }
  dt { color: var(--color-ink-soft); }
  dd { margin: 0; font-variant-numeric: tabular-nums; white-space: nowrap; }
  .total { padding-top: 8px; border-top: 1px solid var(--color-border); font-size: 1.15rem; font-weight: 800; }
  .total dt { color: var(--color-ink); }
`;

export interface OrderTotalsFigures {
  subtotal: number;
  /** Absent until the api priced it (the checkout before its address is complete). */
  shipping?: number;
  tax?: number;
  total?: number;
}

/**
 * Subtotal, Shipping ('Free' at 0), Tax and Total, in that order, wherever an order's figures are
 * shown: the checkout, its confirmation, My Orders' order page and the admin's. Test ids
 * `<prefix>-subtotal`, `-shipping`, `-tax`, `-total`.
 */
export function OrderTotals({ totals, label, testIdPrefix }: { totals: OrderTotalsFigures; label: string; testIdPrefix: string }) {
  const rows: { key: 'subtotal' | 'shipping' | 'tax' | 'total'; text: string; value: string }[] = [
    { key: 'subtotal', text: totalsText.subtotal, value: formatCents(totals.subtotal) },
  ];
  if (totals.shipping !== undefined) rows.push({ key: 'shipping', text: totalsText.shipping, value: totals.shipping === 0 ? totalsText.free : formatCents(totals.shipping) });
  if (totals.tax !== undefined) rows.push({ key: 'tax', text: totalsText.tax, value: formatCents(totals.tax) });
  if (totals.total !== undefined) rows.push({ key: 'total', text: totalsText.total, value: formatCents(totals.total) });
  return (
    <List aria-label={label}>
      {rows.map(({ key, text, value }) => (
        <div key={key} className={key === 'total' ? 'total' : undefined}>
          <dt>{text}</dt>
          <dd data-testid={`${testIdPrefix}-${key}`}>{value}</dd>
        </div>
      ))}
    </List>
  );
}

/**
 * The same four figures as terms of a larger <dl> (an order's facts): `<prefix>-subtotal`, ...
 * test ids alike. `totalNote` follows the total (what was refunded of it).
 */
export function OrderTotalsTerms({ totals, testIdPrefix, totalNote }: { totals: Required<OrderTotalsFigures>; testIdPrefix: string; totalNote?: string }) {
  return (
    <>
      <dt>{totalsText.subtotal}</dt>
      <dd data-testid={`${testIdPrefix}-subtotal`}>{formatCents(totals.subtotal)}</dd>
      <dt>{totalsText.shipping}</dt>
      <dd data-testid={`${testIdPrefix}-shipping`}>{totals.shipping === 0 ? totalsText.free : formatCents(totals.shipping)}</dd>
      <dt>{totalsText.tax}</dt>
      <dd data-testid={`${testIdPrefix}-tax`}>{formatCents(totals.tax)}</dd>
      <dt>{totalsText.total}</dt>
      <dd>
        <strong data-testid={`${testIdPrefix}-total`}>{formatCents(totals.total)}</strong>
        {totalNote}
      </dd>
    </>
  );
}
