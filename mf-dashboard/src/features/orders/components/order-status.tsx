import styled from 'styled-components';
import type { Order, OrderStatus } from '@pcpp/contracts';

const STATUS_LABELS: Record<OrderStatus, string> = {
  placed: 'placed',
  paid: 'paid',
  shipped: 'shipped',
  delivered: 'delivered',
  cancelled: 'cancelled',
};

const Details = styled.details`
  summary { cursor: pointer; font-weight: 600; text-transform: capitalize; }
  ol { margin: 6px 0 0; padding-left: 18px; font-size: 0.85rem; color: var(--color-ink-soft); }
  li { white-space: nowrap; }
`;

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The order's current status, with its timeline one click away. */
export function OrderStatusCell({ order }: { order: Order }) {
  return (
    <Details>
      <summary>{STATUS_LABELS[order.status]}</summary>
      <ol aria-label="Status timeline">
        {order.statusHistory.map((change) => (
          <li key={`${change.status}-${change.at}`}>
            {STATUS_LABELS[change.status]} · {when.format(new Date(change.at))}
            {change.reason ? ` (${change.reason})` : ''}
          </li>
        ))}
      </ol>
    </Details>
  );
}
