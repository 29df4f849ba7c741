import { useState } from 'react';
import { Link, useNavigate, useParams } from '@pcpp/contracts/router';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import { errorMessage } from '@pcpp/contracts';
import { myOrdersTableText, type OrderDetail, orderGroupText, orderStateText, orderText } from '@pcpp/contracts/core';
import { Button, PageTitle, Panel, QueryView, usePageMeta } from '@pcpp/contracts/ui';
import { OrderMoney, OrderParcels, OrderRefunds, OrderReturns } from '@pcpp/contracts/ui/orders';
import { HoldTimeLeft } from '../../../components/hold-time-left';
import { downloadInvoice } from '../api/download-invoice';
import { useOrder } from '../api/get-order';
import { useOrderDeletion } from './order-deletion';
import { ReturnForm } from './return-form';
import { lineNote, SpecColumnsHead, SpecLineRow, SpecTable } from './spec-lines';

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

const Lines = styled.div`
  margin: 0 0 24px;
`;

/** The money beside the parcels, refunds and returns from 900 px; one after the other below. */
const Sections = styled.div`
  display: grid;
  gap: 0 24px;
  align-items: start;
  @media (min-width: 900px) { grid-template-columns: minmax(16rem, 1fr) 2fr; }
  & > :first-child { margin-bottom: 24px; }
`;

function OrderView({ order }: { order: OrderDetail }) {
  usePageMeta({ title: `Order ${order.number}`, description: `Your order ${order.number}: its parts, parcels, refunds and returns.` });
  const [invoiceBusy, setInvoiceBusy] = useState(false);
  const navigate = useNavigate();
  const deletion = useOrderDeletion((deleted) => {
    // Nothing of the order left: it is gone from My Orders, where the customer goes back to.
    const gone = new Set(deleted.lines.map((line) => line.lineId));
    if (order.lines.every((line) => gone.has(line.lineId) || line.status === 'cancelled')) navigate('/dashboard/myOrders');
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
            <Button as={Link} to={`/checkout/${order.checkoutId}`} aria-label={orderGroupText.payOrderLabel(order.number)}>
              {myOrdersTableText.pay}
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
      <Lines>
        <SpecTable aria-label={`The parts of order ${order.number}`}>
          <SpecColumnsHead />
          <tbody>
            {order.lines.map((line, position) => (
              <SpecLineRow key={line.lineId} order={order} line={line} index={position + 1} note={lineNote(line)} onDelete={(chosen) => deletion.ask({ order, lines: [chosen], whole: false })} />
            ))}
          </tbody>
        </SpecTable>
      </Lines>
      <Sections>
        <OrderMoney order={order} />
        <div>
          <OrderParcels order={order} />
          <OrderRefunds order={order} />
          <OrderReturns order={order} />
          {returnable && <ReturnForm order={order} />}
        </div>
      </Sections>
      {deletion.dialog}
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
