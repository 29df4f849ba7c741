import styled from 'styled-components';
import { Link, useLocation, useParams } from '@pcpp/contracts/router';
import { adminOrderPageMeta, adminText, formatCents, type OrderDetail, orderStateText } from '@pcpp/contracts/core';
import { PageTitle, Panel, QueryView, usePageMeta } from '@pcpp/contracts/ui';
import { OrderFactsBox, OrderMoney, OrderParcels, OrderRefunds, OrderReturns } from '@pcpp/contracts/ui/orders';
import { AdminTable, TableBox } from '../../../components/admin-table';
import { useOrderActions } from '../api/change-order';
import { useOrder } from '../api/get-order';
import { DeleteOrderAction, deletableLines } from './delete-order-action';
import { CancelAction, DeliverAction, InvoiceAction, RefundAction, ReturnActions, ShipAction } from './order-actions';
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

const Section = styled.section`
  margin: 0 0 24px;
  h2 { margin: 0 0 12px; font-size: 1.2rem; }
  & > p { margin: 0; color: var(--color-ink-soft); }
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

function OrderView({ order }: { order: OrderDetail }) {
  const actions = useOrderActions(order.number);
  const deletable = deletableLines(order);

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
        <OrderFactsBox aria-labelledby="order-customer">
          <h2 id="order-customer">Customer</h2>
          <p>{order.name}</p>
          <p>
            <a href={`mailto:${order.email}`}>
              <EmailText email={order.email} />
            </a>
          </p>
          <p>{order.phone}</p>
          <p>{order.address}</p>
        </OrderFactsBox>
        <OrderMoney order={order} />
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
                    <td data-label="Remove">{deletable.includes(line) && <DeleteOrderAction order={order} lines={[line]} />}</td>
                  )}
                </tr>
              ))}
            </tbody>
          </AdminTable>
        </TableBox>
      </Section>

      <OrderParcels
        order={order}
        empty="Nothing has shipped yet."
        actions={(shipment) => !shipment.deliveredAt && <DeliverAction order={order} shipment={shipment} actions={actions} />}
      />
      <OrderRefunds order={order} empty="Nothing has been refunded." />
      <OrderReturns order={order} empty="No return has been asked for." actions={(orderReturn) => <ReturnActions order={order} orderReturn={orderReturn} actions={actions} />} />
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
