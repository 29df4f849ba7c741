import { useState } from 'react';
import { Link, useNavigate, useParams } from '@pcpp/contracts/router';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import { errorMessage } from '@pcpp/contracts';
import { formatCents, type OrderDetail, type OrderLine, orderStateText, orderText, toastMessages, checkoutPageText, totalsText } from '@pcpp/contracts/core';
import { Button, PageTitle, Panel, QueryView, usePageMeta } from '@pcpp/contracts/ui';
import { ConfirmDialog, OrderTotalsTerms, useDeleteConfirmation } from '@pcpp/contracts/ui/dashboard';
import { HoldTimeLeft } from '../../../components/hold-time-left';
import { useDeleteMyOrder } from '../api/delete-my-order';
import { downloadInvoice } from '../api/download-invoice';
import { useOrder } from '../api/get-order';
import { ReturnForm } from './return-form';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 16px;
  margin: 0 0 16px;
  dt { color: var(--color-ink-soft); font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  margin-bottom: 16px;
`;

const Section = styled.section`
  margin-top: 24px;
  h2 { font-size: 1.15rem; margin: 0 0 8px; }
  ul { margin: 0; padding-left: 1.2em; display: grid; gap: 6px; }
`;

/** The spec's line columns; from 1100 px a table, below each line is a card. */
const Lines = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9rem;
  th, td { padding: 8px 5px; text-align: left; vertical-align: top; overflow-wrap: break-word; }
  td[data-label='Address'], td[data-label='Phone Number'], .transaction { overflow-wrap: anywhere; }
  thead th { background: var(--color-page); font-size: 0.82rem; }
  td.number { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
  .paid { color: #15803d; font-weight: 700; }
  .transaction, .units { display: block; font-size: 0.8rem; color: var(--color-ink-soft); }
  td[data-label='Action'] a, td[data-label='Action'] button { white-space: nowrap; }
  @media (min-width: 1100px) {
    th, td { border-bottom: 1px solid var(--color-border); }
    /* A phone number reads whole; the address and the transaction id may break. */
    td[data-label='Phone Number'] { white-space: nowrap; overflow-wrap: normal; }
  }
  @media (max-width: 1099.98px) {
    display: block;
    thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
    tbody { display: grid; gap: 12px; }
    tr { display: grid; gap: 4px; padding: 12px; border: 1px solid var(--color-border); border-radius: 8px; }
    th, td { display: grid; grid-template-columns: 9.5em 1fr; gap: 8px; padding: 2px 0; }
    th[scope='row'] { display: block; font-size: 1.05rem; padding-bottom: 4px; }
    td::before { content: attr(data-label); color: var(--color-ink-soft); font-weight: 600; }
    td.number { text-align: left; }
    td:empty { display: none; }
  }
`;

/** What happened to a line's units, in words: "Shipped 1 of 2 · Refunded 1". */
function unitsText(line: OrderLine): string {
  const words: string[] = [];
  if (line.shippedQuantity > 0) words.push(`Shipped ${line.shippedQuantity} of ${line.quantity}`);
  if (line.deliveredQuantity > 0) words.push(`Delivered ${line.deliveredQuantity}`);
  if (line.returningQuantity > 0) words.push(`Being returned ${line.returningQuantity}`);
  if (line.returnedQuantity > 0) words.push(`Returned ${line.returnedQuantity}`);
  if (line.refundedQuantity > 0) words.push(`Refunded ${line.refundedQuantity} (${formatCents(line.refundedAmount)})`);
  return words.join(' · ');
}

const isUnpaid = (line: OrderLine) => line.status === 'placed';

function LinesTable({ order, onDelete }: { order: OrderDetail; onDelete: (line: OrderLine) => void }) {
  const single = order.lines.length === 1;
  return (
    <Lines aria-label={`The parts of order ${order.number}`}>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Product Name</th>
          <th scope="col">Per Product Price</th>
          <th scope="col">Address</th>
          <th scope="col">Phone Number</th>
          <th scope="col">Order Quantity</th>
          <th scope="col">Total Amount</th>
          <th scope="col">Payment</th>
          <th scope="col">Action</th>
        </tr>
      </thead>
      <tbody>
        {order.lines.map((line, index) => (
          <tr key={line.lineId}>
            <td data-label="#">{index + 1}</td>
            <th scope="row">
              {line.productName}
              <span className="units">{unitsText(line) || orderText.lineStatus[line.status]}</span>
            </th>
            <td className="number" data-label="Per Product Price">{formatCents(line.unitPrice)}</td>
            <td data-label="Address">{order.address}</td>
            <td data-label="Phone Number">{order.phone}</td>
            <td className="number" data-label="Order Quantity">{line.quantity}</td>
            <td className="number" data-label="Total Amount">{formatCents(line.total)}</td>
            <td data-label="Payment">
              {isUnpaid(line) ? (
                single ? (
                  <Button as={Link} to={`/dashboard/payment/${line.lineId}`} aria-label={`Pay for ${line.productName}`}>
                    Pay
                  </Button>
                ) : (
                  <span>With the whole order</span>
                )
              ) : line.status === 'cancelled' && line.refundedQuantity === 0 ? (
                <span>—</span>
              ) : (
                <>
                  <span className="paid">Paid</span>
                  {order.transactionId && <span className="transaction">Transaction id: {order.transactionId}</span>}
                </>
              )}
            </td>
            <td data-label="Action">
              {isUnpaid(line) && (
                <Button type="button" $variant="danger" aria-label={`Delete the order for ${line.productName}`} onClick={() => onDelete(line)}>
                  Delete
                </Button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </Lines>
  );
}

function Parcels({ order }: { order: OrderDetail }) {
  if (order.shipments.length === 0) return null;
  const names = new Map(order.lines.map((line) => [line.lineId, line.productName]));
  return (
    <Section aria-labelledby="parcels-title">
      <h2 id="parcels-title">Parcels</h2>
      <ul>
        {order.shipments.map((parcel) => (
          <li key={parcel.shipmentId}>
            <strong>{parcel.carrier}</strong>{' '}
            {parcel.trackingUrl ? (
              <a href={parcel.trackingUrl} target="_blank" rel="noreferrer">
                {parcel.trackingNumber}
              </a>
            ) : (
              parcel.trackingNumber
            )}
            : {parcel.lines.map((line) => `${line.quantity} × ${names.get(line.lineId) ?? 'a part'}`).join(', ')}. Shipped {day.format(new Date(parcel.shippedAt))}
            {parcel.deliveredAt ? `, delivered ${day.format(new Date(parcel.deliveredAt))}.` : '.'}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function MoneyBack({ order }: { order: OrderDetail }) {
  if (order.refunds.length === 0) return null;
  return (
    <Section aria-labelledby="refunds-title">
      <h2 id="refunds-title">Refunds</h2>
      <ul>
        {order.refunds.map((refund) => (
          <li key={refund.refundId}>
            {formatCents(refund.amount)} on {day.format(new Date(refund.at))}: {refund.reason}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Returns({ order }: { order: OrderDetail }) {
  if (order.returns.length === 0) return null;
  return (
    <Section aria-labelledby="returns-title">
      <h2 id="returns-title">Returns</h2>
      <ul>
        {order.returns.map((entry) => (
          <li key={entry.returnId}>
            <strong>{orderText.returnStatus[entry.status]}</strong>: {entry.lines.map((line) => `${line.quantity} × ${line.productName}`).join(', ')} ({entry.reason})
            {entry.note ? `. Our note: ${entry.note}` : ''}
            {entry.refundedAmount !== undefined ? `. Refunded ${formatCents(entry.refundedAmount)}.` : ''}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function OrderView({ order }: { order: OrderDetail }) {
  usePageMeta({ title: `Order ${order.number}`, description: `Your order ${order.number}: its parts, parcels, refunds and returns.` });
  const [invoiceBusy, setInvoiceBusy] = useState(false);
  const navigate = useNavigate();
  const deleteLine = useDeleteMyOrder();
  const deletion = useDeleteConfirmation({
    remove: (line: OrderLine) => deleteLine.mutateAsync(line.lineId),
    onDeleted: (deleted, { deletedCount }) => {
      if (deletedCount > 0) toast.success(toastMessages.orderDeleted);
      // Nothing of the order left: it is gone from My Orders, where the customer goes back to.
      if (order.lines.every((line) => line.lineId === deleted.lineId || line.status === 'cancelled')) navigate('/dashboard/myOrders');
    },
    failure: 'The order was not deleted',
  });
  const paid = order.totals.paid > 0;
  const returnable = order.lines.some((line) => line.returnableQuantity > 0);

  async function invoice() {
    setInvoiceBusy(true);
    try {
      await downloadInvoice(order.number);
    } catch (error) {
      toast.error(`The invoice could not be downloaded: ${errorMessage(error)}`);
    } finally {
      setInvoiceBusy(false);
    }
  }

  return (
    <>
      <PageTitle id="order-title">Order {order.number}</PageTitle>
      <Facts>
        <dt>Status</dt>
        <dd>{orderStateText(order)}</dd>
        <dt>Placed</dt>
        <dd>{day.format(new Date(order.placedAt))}</dd>
        <dt>Ship to</dt>
        <dd>{order.address}</dd>
        {order.delivery && (
          <>
            <dt>{totalsText.deliveryTitle}</dt>
            <dd data-testid="order-delivery">
              {checkoutPageText.deliveryLine(order.delivery)}
            </dd>
          </>
        )}
        <OrderTotalsTerms
          totals={order.totals}
          testIdPrefix="order"
          totalNote={order.totals.refunded > 0 ? ` (refunded ${formatCents(order.totals.refunded)})` : undefined}
        />
        {order.cancellation && (
          <>
            <dt>Cancelled</dt>
            <dd>{order.cancellation.reason}</dd>
          </>
        )}
      </Facts>
      <Actions>
        {order.status === 'unpaid' && (
          <>
            <Button as={Link} to={`/checkout/${order.checkoutId}`} aria-label={`Pay for order ${order.number}`}>
              Pay
            </Button>
            {order.holdExpiresAt && <HoldTimeLeft holdExpiresAt={order.holdExpiresAt} />}
          </>
        )}
        {paid && (
          <Button type="button" $variant="secondary" onClick={() => void invoice()} disabled={invoiceBusy} aria-busy={invoiceBusy}>
            {invoiceBusy ? 'Preparing the invoice…' : orderText.invoice}
          </Button>
        )}
        <Link to="/dashboard/myOrders">Back to My Orders</Link>
      </Actions>
      <LinesTable order={order} onDelete={deletion.ask} />
      <Parcels order={order} />
      <MoneyBack order={order} />
      <Returns order={order} />
      {returnable && <ReturnForm order={order} />}
      <ConfirmDialog
        {...deletion.dialog}
        title="Are you sure you want to delete this order!"
        body={deletion.selected ? `Order ${order.number}: ${deletion.selected.quantity} × ${deletion.selected.productName}, ${formatCents(deletion.selected.total)}.` : ''}
        confirmLabel="Delete"
        busyLabel="Deleting…"
      />
    </>
  );
}

/** One order of the customer's: its lines with the spec's columns, its parcels, refunds, returns and invoice. */
export function OrderPage() {
  const { number = '' } = useParams();
  const order = useOrder(number);
  return (
    <Panel aria-labelledby="order-title">
      <QueryView query={order} loadingLabel="Loading your order…" failure="This order could not be loaded.">
        {(detail) => <OrderView order={detail} />}
      </QueryView>
    </Panel>
  );
}
