import styled from 'styled-components';
import { Link, useLocation, useParams } from '@pcpp/contracts/router';
import { adminOrderPageMeta, adminText, checkoutPageText, formatCents, type OrderDetail, orderStateText, orderText, totalsText } from '@pcpp/contracts/core';
import { OrderTotalsTerms } from '@pcpp/contracts/ui/dashboard';
import { PageTitle, Panel, QueryView, usePageMeta } from '@pcpp/contracts/ui';
import { AdminTable, TableBox } from '../../../components/admin-table';
import { useOrderActions } from '../api/change-order';
import { useOrder } from '../api/get-order';
import { CancelAction, DeleteLineAction, DeliverAction, InvoiceAction, RefundAction, ReturnActions, ShipAction } from './order-actions';
import { EmailText, placedAt } from './order-format';

const Back = styled(Link)`
  display: inline-block;
  margin-bottom: 12px;
  font-weight: 600;
`;

const State = styled.p`
  margin: 0 0 16px;
  color: var(--color-ink-soft);
  strong { color: var(--color-ink); }
`;

/** The order's buttons; a refusal (why it cannot be cancelled) takes a line of its own. */
const ActionBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  margin: 0 0 20px;
  .why { flex-basis: 100%; margin: 0; color: var(--color-ink-soft); font-size: 0.9rem; }
  [role='alert'] { flex-basis: 100%; }
`;

const Facts = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 17rem), 1fr));
  margin: 0 0 24px;
`;

const Box = styled.section`
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

const Section = styled.section`
  margin: 0 0 24px;
  h2 { margin: 0 0 12px; font-size: 1.2rem; }
  & > p { margin: 0; color: var(--color-ink-soft); }
`;

/** Parcels, refunds and returns: one card each. */
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
  .actions { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 8px; }
  .actions > p { flex-basis: 100%; margin: 0; }
`;

const Notice = styled.p`
  margin: 0 0 20px;
  padding: 12px 16px;
  border-radius: 8px;
  border-left: 6px solid var(--color-danger);
  background: #fef2f2;
  overflow-wrap: anywhere;
`;

/** The page; its dialogs' checkboxes show the box before its words. */
const Page = styled.div`
  label.check { display: flex; align-items: center; gap: 10px; font-weight: 600; }
  label.check input { width: 20px; height: 20px; }
`;

const day = (iso: string) => placedAt.format(new Date(iso));

/** "2 × Ryzen 7 7700X, 1 × Fury 32 GB": a parcel's, refund's or return's units by part name. */
function unitsByPart(order: OrderDetail, lines: { lineId: string; quantity: number }[]): string {
  const names = new Map(order.lines.map((line) => [line.lineId, line.productName]));
  return lines.map((line) => `${line.quantity} × ${names.get(line.lineId) ?? 'a part no longer in the order'}`).join(', ');
}

function OrderView({ order }: { order: OrderDetail }) {
  const actions = useOrderActions(order.number);
  const deletable = order.lines.filter((line) => line.status === 'placed' && line.unitPrice > 0 && !order.cancellation);

  return (
    <Page>
      <PageTitle id="order-title">{adminText.orderTitle(order.number)}</PageTitle>
      <State>
        <strong>{orderStateText(order)}</strong> · placed {day(order.placedAt)}
        {order.holdExpiresAt && <> · its parts are held until {day(order.holdExpiresAt)}</>}
      </State>

      <ActionBar aria-label="Order actions" role="group">
        <ShipAction order={order} actions={actions} />
        <RefundAction order={order} actions={actions} />
        <InvoiceAction order={order} />
        <CancelAction order={order} actions={actions} />
      </ActionBar>

      {order.cancellation && (
        <Notice>
          Cancelled by the shop on {day(order.cancellation.at)}: {order.cancellation.reason}
        </Notice>
      )}

      <Facts>
        <Box aria-labelledby="order-customer">
          <h2 id="order-customer">Customer</h2>
          <p>{order.name}</p>
          <p>
            <a href={`mailto:${order.email}`}>
              <EmailText email={order.email} />
            </a>
          </p>
          <p>{order.phone}</p>
          <p>{order.address}</p>
        </Box>
        <Box aria-labelledby="order-money">
          <h2 id="order-money">Payment</h2>
          <dl>
            <OrderTotalsTerms totals={order.totals} testIdPrefix="order" />
            {order.delivery && (
              <>
                <dt>{totalsText.deliveryTitle}</dt>
                <dd>
                  {checkoutPageText.deliveryLine(order.delivery)}
                </dd>
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
        </Box>
      </Facts>

      <Section aria-labelledby="order-lines">
        <h2 id="order-lines">Parts</h2>
        <TableBox>
          <AdminTable aria-label="Parts of the order">
            <thead>
              <tr>
                <th scope="col">Part</th>
                <th scope="col">Unit price</th>
                <th scope="col">Ordered</th>
                <th scope="col">Shipped</th>
                <th scope="col">Delivered</th>
                <th scope="col">Refunded</th>
                <th scope="col">Returned</th>
                <th scope="col">Total</th>
                {deletable.length > 0 && <th scope="col">Remove</th>}
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line) => (
                <tr key={line.lineId}>
                  <th scope="row" className="words">
                    {line.productName}
                    <span className="byline muted">{line.status}</span>
                  </th>
                  <td data-label="Unit price" className="number">
                    {formatCents(line.unitPrice)}
                  </td>
                  <td data-label="Ordered" className="number">
                    {line.quantity}
                  </td>
                  <td data-label="Shipped" className="number">
                    {line.shippedQuantity}
                  </td>
                  <td data-label="Delivered" className="number">
                    {line.deliveredQuantity}
                  </td>
                  <td data-label="Refunded" className="number">
                    <div>
                      {line.refundedQuantity}
                      {line.refundedAmount > 0 && <span className="byline muted">{formatCents(line.refundedAmount)}</span>}
                    </div>
                  </td>
                  <td data-label="Returned" className="number">
                    <div>
                      {line.returnedQuantity}
                      {line.returningQuantity > 0 && <span className="byline muted">{line.returningQuantity} on the way</span>}
                    </div>
                  </td>
                  <td data-label="Total" className="number">
                    {formatCents(line.total)}
                  </td>
                  {deletable.length > 0 && (
                    <td data-label="Remove">{deletable.includes(line) && <DeleteLineAction order={order} line={line} actions={actions} />}</td>
                  )}
                </tr>
              ))}
            </tbody>
          </AdminTable>
        </TableBox>
      </Section>

      <Section aria-labelledby="order-parcels">
        <h2 id="order-parcels">Parcels</h2>
        {order.shipments.length === 0 ? (
          <p>Nothing has shipped yet.</p>
        ) : (
          <Cards>
            {order.shipments.map((shipment) => (
              <li key={shipment.shipmentId} aria-label={`Parcel ${shipment.trackingNumber}`}>
                <p className="head">
                  <span>
                    {shipment.carrier} · {shipment.trackingNumber}
                    {shipment.trackingUrl && (
                      <>
                        {' · '}
                        <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" aria-label={`Track ${shipment.trackingNumber} on ${shipment.carrier}'s site`}>
                          Track
                        </a>
                      </>
                    )}
                  </span>
                  <span>{shipment.deliveredAt ? `Delivered ${day(shipment.deliveredAt)}` : 'On its way'}</span>
                </p>
                <p>{unitsByPart(order, shipment.lines)}</p>
                <p className="muted">Shipped {day(shipment.shippedAt)}</p>
                {!shipment.deliveredAt && (
                  <div className="actions">
                    <DeliverAction order={order} shipment={shipment} actions={actions} />
                  </div>
                )}
              </li>
            ))}
          </Cards>
        )}
      </Section>

      <Section aria-labelledby="order-refunds">
        <h2 id="order-refunds">Refunds</h2>
        {order.refunds.length === 0 ? (
          <p>Nothing has been refunded.</p>
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
      </Section>

      <Section aria-labelledby="order-returns">
        <h2 id="order-returns">Returns</h2>
        {order.returns.length === 0 ? (
          <p>No return has been asked for.</p>
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
                <div className="actions">
                  <ReturnActions order={order} orderReturn={orderReturn} actions={actions} />
                </div>
              </li>
            ))}
          </Cards>
        )}
      </Section>
    </Page>
  );
}

/** One order for the admin (issue 31): everything about it, and every action on it. */
export function OrderPage() {
  const { number = '' } = useParams();
  usePageMeta(adminOrderPageMeta(number));
  const order = useOrder(number);
  // Back to All Orders as it was searched, when the admin came from there.
  const back = (useLocation().state as { back?: string } | null)?.back ?? '';

  return (
    <Panel aria-labelledby="order-title">
      <Back to={`/dashboard/allOrder${back}`}>
        <span aria-hidden="true">← </span>
        {adminText.backToOrders}
      </Back>
      <QueryView query={order} loadingLabel="Loading the order…" failure={`Order ${number} could not be loaded.`}>
        {(detail) => <OrderView order={detail} />}
      </QueryView>
    </Panel>
  );
}
