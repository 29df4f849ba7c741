import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { css } from 'styled-components';
import { errorMessage } from '@pcpp/contracts';
import { orderGroupText } from '@pcpp/contracts/core';
import { Link } from '@pcpp/contracts/router';
import { Button, ButtonSpinner } from '@pcpp/contracts/ui';

// The spec's order tables grouped by order (My Orders, mf-dashboard; All Orders, mf-admin): each
// order a <tbody> whose header row holds the order, then one row per part in the spec's columns.

/**
 * The groups' look on top of each table's own: a tinted header row and a gap between orders from
 * `tableFrom` px; below, each order is a card holding its header and its parts' cards.
 */
export const orderGroupsCss = (tableFrom: number) => css`
  tr.order-head > * { background: #f1f5f9; vertical-align: middle; }
  tr.order-head th { white-space: nowrap; font-size: 1rem; }
  tr.order-head .label, .facts dt { display: block; font-size: 0.75rem; font-weight: 600; color: var(--color-ink-soft); text-transform: uppercase; letter-spacing: 0.04em; }
  tr.order-head .head { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px 22px; }
  .facts { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 22px; margin: 0; }
  .facts > div { min-width: 0; }
  .facts dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
  .facts .refund { display: block; font-size: 0.8rem; font-weight: 400; color: var(--color-ink-soft); }
  tr.order-head .actions, .facts .next { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px; }
  tr.order-head a, tr.order-head button { white-space: nowrap; }
  /* The header row's buttons (Pay, Delete) a size smaller than a page's. */
  tr.order-head button, tr.order-head a.small { min-height: 36px; padding: 6px 14px; font-size: 0.9rem; }
  tr.state td { color: var(--color-ink-soft); }
  tr.state .loading { display: inline-flex; align-items: center; gap: 8px; }
  @media (min-width: ${tableFrom}px) {
    tbody + tbody tr.order-head > * { border-top: 12px solid var(--color-surface); }
  }
  @media (max-width: ${tableFrom - 0.02}px) {
    tbody { gap: 10px; padding: 12px; border: 1px solid var(--color-border); border-radius: 10px; background: #f8fafc; }
    tbody + tbody { margin-top: 16px; }
    tr.order-head, tr.state { display: grid; gap: 8px; padding: 0; border: 0; }
    tr.order-head > *, tr.state > * { display: block; background: none; padding: 0; }
    tr.order-head th { font-size: 1.1rem; }
    tr.order-head th::before, tr.state td::before { content: none; }
    tr.line { background: var(--color-surface); }
    .facts { display: grid; gap: 4px; }
    .facts > div { display: grid; grid-template-columns: 7em minmax(0, 1fr); gap: 8px; }
    .facts dt { font-size: 0.85rem; text-transform: none; letter-spacing: 0; }
  }
`;

/**
 * The spec's rows as cards on a phone: below 480 px a narrower column of labels (smaller words) and
 * less padding, so a value (an address, a transaction id) keeps most of the card's width.
 */
export const narrowCardsCss = css`
  @media (max-width: 479.98px) {
    tbody:has(> tr.order-head), tr.line { padding: 10px; }
    tr.line > th, tr.line > td { grid-template-columns: 7.5em minmax(0, 1fr); }
    tr.line > [data-label]::before { font-size: 0.8rem; }
  }
`;

/**
 * An order's header row: "Order" and its number (a link to its page) over the first `headSpan`
 * columns, then its facts (term and value, in order) and its actions over the rest.
 */
export function OrderGroupHead({
  number,
  to,
  linkState,
  columns,
  headSpan = 2,
  facts,
  actions,
}: {
  number: string;
  to: string;
  linkState?: unknown;
  /** How many columns the table has, and how many of them the number heads. */
  columns: number;
  headSpan?: number;
  facts: [term: string, value: ReactNode][];
  actions?: ReactNode;
}) {
  return (
    <tr className="order-head">
      <th scope="row" colSpan={headSpan}>
        <span className="label">{orderGroupText.order}</span>
        <Link to={to} state={linkState}>
          {number}
        </Link>
      </th>
      <td colSpan={columns - headSpan}>
        <div className="head">
          <dl className="facts">
            {facts.map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {actions && <div className="actions">{actions}</div>}
        </div>
      </td>
    </tr>
  );
}

/** While an order's parts load, a row says so; when they cannot, a row says why, with Retry. */
export function OrderGroupState({ query, columns }: { query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error' | 'refetch'>; columns: number }) {
  if (query.isPending) {
    return (
      <tr className="state">
        <td colSpan={columns}>
          <span className="loading" role="status">
            <ButtonSpinner />
            {orderGroupText.loadingParts}
          </span>
        </td>
      </tr>
    );
  }
  if (!query.isError) return null;
  return (
    <tr className="state">
      <td colSpan={columns}>
        <span role="alert">
          {orderGroupText.partsFailed} {errorMessage(query.error)}
        </span>{' '}
        <Button type="button" $variant="secondary" onClick={() => void query.refetch()}>
          {orderGroupText.retry}
        </Button>
      </td>
    </tr>
  );
}
