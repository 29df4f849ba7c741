import { type ReactNode, useId } from 'react';
import styled from 'styled-components';
import {
  checkoutPageText,
  formatCents,
  type LineQuantity,
  type OrderDetail,
  type OrderReturn,
  type OrderShipment,
  orderText,
  totalsText,
} from '@pcpp/contracts/core';
import { OrderTotalsTerms } from '@pcpp/contracts/ui/dashboard';

// An order's parcels, refunds, returns and money, as the customer's order page (mf-dashboard) and
// the admin's (mf-admin) both show them: `actions` slots take each page's own buttons (the admin's
// Mark delivered, Approve, Mark received). Not a shared module: each remote bundles what it uses,
// in its order page's lazy chunk.

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const day = (iso: string) => when.format(new Date(iso));

const Section = styled.section`
  margin: 0 0 24px;
  min-width: 0;
  h2 { margin: 0 0 12px; font-size: 1.2rem; }
  & > p { margin: 0; color: var(--color-ink-soft); }
`;

/** One card per parcel, refund or return. */
const Cards = styled.ul`
  display: grid;
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
  li { border: 1px solid var(--color-border); border-radius: 8px; padding: 12px 16px; min-width: 0; }
  li > p { margin: 0 0 4px; overflow-wrap: anywhere; }
  .head { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 4px 16px; font-weight: 600; }
  .muted { color: var(--color-ink-soft); font-size: 0.9rem; }
  .actions { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin-top: 8px; }
  .actions:empty { display: none; }
  /* A sentence before an action (the refund "Mark received" makes) takes the whole row. */
  .actions > p { flex-basis: 100%; margin: 0; }
`;

/** A bordered box of facts (the money, the customer): terms on the left, figures on the right. */
export const OrderFactsBox = styled.section`
  border: 1px solid var(--color-border);
  border-radius: 8px;
  padding: 16px;
  min-width: 0;
  h2 { margin: 0 0 10px; font-size: 1.1rem; }
  p { margin: 0 0 4px; overflow-wrap: anywhere; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 16px; margin: 0; }
  dt { color: var(--color-ink-soft); }
  dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
`;

/** "2 × Ryzen 7 7700X, 1 × Fury 32 GB": a parcel's, refund's or return's units by part name. */
export function unitsByPart(order: Pick<OrderDetail, 'lines'>, lines: LineQuantity[]): string {
  const names = new Map(order.lines.map((line) => [line.lineId, line.productName]));
  return lines.map((line) => `${line.quantity} × ${names.get(line.lineId) ?? 'a part no longer in the order'}`).join(', ');
}

function Titled({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </Section>
  );
}

/**
 * The parcels: carrier, tracking number (a link to the carrier's page when the shop knows it),
 * what is in each and when it left and arrived. `empty`: said when nothing shipped; without it the
 * section is left out.
 */
export function OrderParcels({ order, empty, actions }: { order: OrderDetail; empty?: string; actions?: (shipment: OrderShipment) => ReactNode }) {
  if (order.shipments.length === 0 && !empty) return null;
  return (
    <Titled title="Parcels">
      {order.shipments.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <Cards>
          {order.shipments.map((shipment) => (
            <li key={shipment.shipmentId} aria-label={`Parcel ${shipment.trackingNumber}`}>
              <p className="head">
                <span>
                  {shipment.carrier} ·{' '}
                  {shipment.trackingUrl ? (
                    <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" title={`Track it on ${shipment.carrier}'s site`}>
                      {shipment.trackingNumber}
                    </a>
                  ) : (
                    shipment.trackingNumber
                  )}
                </span>
                <span>{shipment.deliveredAt ? `Delivered ${day(shipment.deliveredAt)}` : 'On its way'}</span>
              </p>
              <p>{unitsByPart(order, shipment.lines)}</p>
              <p className="muted">Shipped {day(shipment.shippedAt)}</p>
              {actions && <div className="actions">{actions(shipment)}</div>}
            </li>
          ))}
        </Cards>
      )}
    </Titled>
  );
}

/** The money given back: how much, when, why, for which units and whether they went back to stock. */
export function OrderRefunds({ order, empty }: { order: OrderDetail; empty?: string }) {
  if (order.refunds.length === 0 && !empty) return null;
  return (
    <Titled title="Refunds">
      {order.refunds.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <Cards>
          {order.refunds.map((refund) => (
            <li key={refund.refundId}>
              <p className="head">
                <span>{formatCents(refund.amount)}</span>
                <span>{day(refund.at)}</span>
              </p>
              <p>{refund.reason}</p>
              {refund.lines.length > 0 && (
                <p className="muted">
                  {unitsByPart(order, refund.lines)}
                  {refund.restock ? ' · back in stock' : ''}
                </p>
              )}
            </li>
          ))}
        </Cards>
      )}
    </Titled>
  );
}

/** The returns asked for: where each stands, its parts, the customer's reason and the shop's note. */
export function OrderReturns({ order, empty, actions }: { order: OrderDetail; empty?: string; actions?: (orderReturn: OrderReturn) => ReactNode }) {
  if (order.returns.length === 0 && !empty) return null;
  return (
    <Titled title="Returns">
      {order.returns.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <Cards>
          {order.returns.map((orderReturn) => (
            <li key={orderReturn.returnId} aria-label={`Return asked for on ${day(orderReturn.requestedAt)}`}>
              <p className="head">
                <span>{orderText.returnStatus[orderReturn.status]}</span>
                <span>Asked for {day(orderReturn.requestedAt)}</span>
              </p>
              <p>{unitsByPart(order, orderReturn.lines)}</p>
              <p className="muted">Reason: {orderReturn.reason}</p>
              {orderReturn.note && <p className="muted">Our note: {orderReturn.note}</p>}
              {orderReturn.refundedAmount !== undefined && <p className="muted">Refunded {formatCents(orderReturn.refundedAmount)}</p>}
              {actions && <div className="actions">{actions(orderReturn)}</div>}
            </li>
          ))}
        </Cards>
      )}
    </Titled>
  );
}

/**
 * The order's money: subtotal, shipping, tax and total (test ids `order-…`), how it ships, what was
 * paid and given back, the payment's state, its transaction and the invoice's number.
 */
export function OrderMoney({ order }: { order: OrderDetail }) {
  const id = useId();
  return (
    <OrderFactsBox aria-labelledby={id}>
      <h2 id={id}>Payment</h2>
      <dl>
        <OrderTotalsTerms totals={order.totals} testIdPrefix="order" />
        {order.delivery && (
          <>
            <dt>{totalsText.deliveryTitle}</dt>
            <dd data-testid="order-delivery">{checkoutPageText.deliveryLine(order.delivery)}</dd>
          </>
        )}
        <dt>Paid</dt>
        <dd>{formatCents(order.totals.paid)}</dd>
        <dt>Refunded</dt>
        <dd>{formatCents(order.totals.refunded)}</dd>
        <dt>Payment</dt>
        <dd>{orderText.payment[order.payment]}</dd>
        {order.transactionId && (
          <>
            <dt>Transaction</dt>
            <dd>{order.transactionId}</dd>
          </>
        )}
        {order.invoiceNumber && (
          <>
            <dt>Invoice</dt>
            <dd>{order.invoiceNumber}</dd>
          </>
        )}
      </dl>
    </OrderFactsBox>
  );
}
