import styled from 'styled-components';
import { CANCEL_REASONS, type Order, type OrderStatus } from '@pcpp/contracts/core';
import { ShipmentNote } from '@pcpp/contracts/ui/dashboard';

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

const ShopNote = styled.span`
  display: block;
  font-size: 0.85rem;
  color: var(--color-ink-soft);
`;

/** Why an order was cancelled, as the customer reads it. */
const REASON_LABELS: Record<string, string> = {
  [CANCEL_REASONS.deleted]: 'deleted by you',
  [CANCEL_REASONS.expired]: 'not paid in time',
  [CANCEL_REASONS.shop]: 'by the shop',
};

/** The order's current status and its timeline one click away; how it was shipped (with a tracking link), or why the shop cancelled it. */
export function OrderStatusCell({ order }: { order: Order }) {
  const last = order.statusHistory.at(-1);
  return (
    <div>
      <Details>
        <summary>{STATUS_LABELS[order.status]}</summary>
        <ol aria-label="Status timeline">
          {order.statusHistory.map((change) => (
            <li key={`${change.status}-${change.at}`}>
              {STATUS_LABELS[change.status]} · {when.format(new Date(change.at))}
              {change.reason ? ` (${REASON_LABELS[change.reason] ?? change.reason})` : ''}
            </li>
          ))}
        </ol>
      </Details>
      {order.shipment && <ShipmentNote shipment={order.shipment} />}
      {order.status === 'cancelled' && last?.reason === CANCEL_REASONS.shop && (
        <ShopNote>Cancelled by the shop{last.note ? `: ${last.note}` : '.'}</ShopNote>
      )}
    </div>
  );
}
