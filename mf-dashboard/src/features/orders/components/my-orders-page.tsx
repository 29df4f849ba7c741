import { Link } from '@pcpp/contracts/router';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import { useAuth } from '@pcpp/contracts';
import { formatCents, orderRuleText, pageMeta, toastMessages, type Order } from '@pcpp/contracts/core';
import { Button, PageTitle, Panel, QueryView, usePageMeta } from '@pcpp/contracts/ui';
import { ConfirmDialog, useDeleteConfirmation } from '@pcpp/contracts/ui/dashboard';
import { HoldTimeLeft } from '../../../components/hold-time-left';
import { useDeleteMyOrder } from '../api/delete-my-order';
import { useMyOrders } from '../api/get-my-orders';
import { OrderStatusCell } from './order-status';

const placedOn = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** From 1100 px a table (scrolling inside its own box if it must); below, each order is a card. */
const Scroller = styled.div`
  @media (min-width: 1100px) {
    overflow-x: auto;
    border: 1px solid var(--color-border);
    border-radius: 8px;
  }
  &:focus-visible { outline: 3px solid var(--color-primary); outline-offset: 2px; }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.95rem;
  th, td { padding: 10px 12px; text-align: left; vertical-align: top; overflow-wrap: break-word; }
  /* Long free text and codes may break anywhere, so the table can always narrow to its card; words elsewhere stay whole. */
  td[data-label='Address'], td[data-label='Phone Number'], td[data-label='Status'] ol, td[data-label='Status'] span { overflow-wrap: anywhere; }
  summary, .pay a, td[data-label='Action'] button { white-space: nowrap; }
  thead th { background: var(--color-page); font-weight: 700; font-size: 0.85rem; }
  .paid { color: #15803d; font-weight: 700; }
  .transaction { display: block; font-size: 0.8rem; color: var(--color-ink-soft); overflow-wrap: anywhere; }
  /* The number and the date each stay whole, but may go on lines of their own so the table fits. */
  .order-number { display: block; margin-top: 2px; font-size: 0.8rem; font-weight: 400; color: var(--color-ink-soft); }
  .order-number > span { white-space: nowrap; }
  .refund { display: block; margin-top: 4px; font-size: 0.85rem; font-weight: 600; color: #1d4ed8; }
  .pay { display: grid; justify-items: start; gap: 6px; }
  .pay-with-order { font-size: 0.85rem; color: var(--color-ink-soft); }
  /* An open status timeline wraps inside its cell: whatever is open, Pay and Delete stay in view. */
  ol[aria-label='Status timeline'] li { white-space: normal; }
  tr.group > * { background: #eef2ff; }
  /* On the order row's tint the paid green needs more contrast (WCAG AA 4.5:1). */
  tr.group .paid { color: #166534; }
  tr.group .group-title { display: flex; flex-wrap: wrap; gap: 4px 12px; align-items: baseline; }
  tr.group .group-title strong { white-space: nowrap; }
  tr.group .group-facts { font-weight: 400; color: var(--color-ink-soft); font-size: 0.9rem; }
  tr.group .group-facts > span { white-space: nowrap; }

  @media (min-width: 1100px) {
    /* Ten columns: tight padding keeps Pay and Delete in view at 1280 px. */
    th, td { padding: 10px 5px; border-bottom: 1px solid var(--color-border); }
    /* A checkout's lines carry a long address and a shipped order its tracking number: a smaller type keeps it all in view. */
    font-size: 0.9rem;
    td.number { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
    tr.line > :first-child { padding-left: 18px; }
    tbody tr:last-child > * { border-bottom: 0; }
  }

  @media (max-width: 1099.98px) {
    display: grid;
    gap: 12px;
    thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
    tbody { display: grid; gap: 12px; }
    /* A checkout's lines under its order card, set in a little. */
    tbody.checkout { gap: 8px; }
    tr.line { margin-left: 16px; }
    tr.group { background: #eef2ff; border-color: #c7d2fe; }
    tr.group > * { background: none; }
    tr.group th[scope='rowgroup'] { display: block; font-size: 1.05rem; padding-bottom: 6px; }
    tr { display: grid; gap: 4px; padding: 12px; border: 1px solid var(--color-border); border-radius: 8px; }
    th, td { display: grid; grid-template-columns: 9.5em 1fr; gap: 8px; padding: 2px 0; }
    th[scope='row'] { display: block; font-size: 1.05rem; padding-bottom: 6px; }
    td::before { content: attr(data-label); color: var(--color-ink-soft); font-weight: 600; }
    td:empty { display: none; }
  }
`;

/** Payments given back (one that came after the order was cancelled, or a second one). */
function Refunds({ order }: { order: Order }) {
  return (order.refunds ?? []).map((refund) => (
    <span key={refund.refundId} className="refund" title={`Refund id: ${refund.refundId}`}>
      {orderRuleText.refunded(formatCents(refund.amount))}
    </span>
  ));
}

/** A checkout's orders under their one order number, newest first (the api's order). */
interface OrderGroup {
  number: string;
  checkoutId?: string;
  lines: Order[];
}

function groupByNumber(list: Order[]): OrderGroup[] {
  const groups = new Map<string, OrderGroup>();
  for (const order of list) {
    const group = groups.get(order.number) ?? { number: order.number, checkoutId: order.checkoutId, lines: [] };
    group.lines.push(order);
    groups.set(order.number, group);
  }
  return [...groups.values()];
}

const awaitingPayment = (order: Order) => order.status === 'placed' && !order.paid;

function PaymentCell({ order, withCheckout = false }: { order: Order; withCheckout?: boolean }) {
  if (order.paid) {
    return (
      <>
        <span className="paid">Paid</span>
        <span className="transaction">Transaction id: {order.transactionId}</span>
        <Refunds order={order} />
      </>
    );
  }
  if (order.status !== 'placed') {
    return order.refunds?.length ? <Refunds order={order} /> : <span>—</span>;
  }
  // One Pay for the whole checkout, on its order row.
  if (withCheckout) return <span className="pay-with-order">Paid with the whole order</span>;
  return (
    <span className="pay">
      <Button as={Link} to={`/dashboard/payment/${order._id}`} aria-label={`Pay for ${order.productName}`}>
        Pay
      </Button>
      {order.holdExpiresAt && <HoldTimeLeft holdExpiresAt={order.holdExpiresAt} compact />}
    </span>
  );
}

/** The statuses of a checkout's lines, once each ('placed', or 'paid, cancelled'). */
const statusesOf = (lines: Order[]) => [...new Set(lines.map((line) => line.status))].join(', ');

/** A checkout of several lines: date, order number, lines, total, status and its one Pay. */
function CheckoutRow({ group }: { group: OrderGroup }) {
  const unpaid = group.lines.filter(awaitingPayment);
  const total = group.lines.filter((line) => line.status !== 'cancelled').reduce((sum, line) => sum + line.totalAmount, 0);
  const holds = unpaid.flatMap((line) => (line.holdExpiresAt ? [line.holdExpiresAt] : [])).sort();
  const transactions = [...new Set(group.lines.flatMap((line) => (line.paid && line.transactionId ? [line.transactionId] : [])))];
  const refunds = [...new Map(group.lines.flatMap((line) => line.refunds ?? []).map((refund) => [refund.refundId, refund])).values()];
  const first = group.lines[0]!;
  return (
    <tr className="group">
      <th scope="rowgroup" colSpan={6}>
        <span className="group-title">
          <strong>Order {group.number}</strong>
          <span className="group-facts">
            <span>{placedOn.format(new Date(first.createdAt))}</span> · <span>{group.lines.length} lines</span>
          </span>
        </span>
      </th>
      <td className="number" data-label="Total Amount">
        {formatCents(total)}
      </td>
      <td data-label="Status">{statusesOf(group.lines)}</td>
      <td data-label="Payment">
        {unpaid.length > 0 && group.checkoutId ? (
          <span className="pay">
            <Button as={Link} to={`/checkout/${group.checkoutId}`} aria-label={`Pay for order ${group.number}`}>
              Pay
            </Button>
            {holds[0] && <HoldTimeLeft holdExpiresAt={holds[0]} compact />}
          </span>
        ) : transactions.length > 0 ? (
          <>
            <span className="paid">Paid</span>
            {transactions.map((id) => (
              <span key={id} className="transaction">
                Transaction id: {id}
              </span>
            ))}
          </>
        ) : (
          <span>—</span>
        )}
        {refunds.map((refund) => (
          <span key={refund.refundId} className="refund" title={`Refund id: ${refund.refundId}`}>
            {orderRuleText.refunded(formatCents(refund.amount))}
          </span>
        ))}
      </td>
      <td data-label="Action" />
    </tr>
  );
}

/** My Orders (spec §2): the customer's orders, paying and deleting unpaid ones. */
export function MyOrdersPage() {
  usePageMeta(pageMeta.myOrders);
  const email = useAuth((s) => s.user?.email ?? '');
  const orders = useMyOrders(email);
  const deleteOrder = useDeleteMyOrder();
  const deletion = useDeleteConfirmation({
    remove: (order: Order) => deleteOrder.mutateAsync(order._id),
    onDeleted: (_order, { deletedCount }) => deletedCount > 0 && toast.success(toastMessages.orderDeleted),
    failure: 'The order was not deleted',
  });

  return (
    <Panel aria-labelledby="orders-title">
      <PageTitle id="orders-title">My Orders</PageTitle>
      <QueryView
        query={orders}
        loadingLabel="Loading your orders…"
        failure="Your orders could not be loaded."
        isEmpty={(list) => list.length === 0}
        empty={() => (
          <>
            <p>You have not ordered anything yet.</p>
            <Button as={Link} to="/products" $variant="secondary">
              Browse the catalog
            </Button>
          </>
        )}
      >
        {(list) => {
          const lineNumbers = new Map(list.map((order, index) => [order._id, index + 1]));
          return (
            <Scroller role="region" aria-label="Your orders" tabIndex={0}>
              <Table>
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">Product Name</th>
                    <th scope="col">Per Product Price</th>
                    <th scope="col">Address</th>
                    <th scope="col">Phone Number</th>
                    <th scope="col">Order Quantity</th>
                    <th scope="col">Total Amount</th>
                    <th scope="col">Status</th>
                    <th scope="col">Payment</th>
                    <th scope="col">Action</th>
                  </tr>
                </thead>
                {groupByNumber(list).map((group) => {
                  const inCheckout = group.lines.length > 1 && group.checkoutId !== undefined;
                  return (
                    <tbody key={group.number} className={inCheckout ? 'checkout' : undefined}>
                      {inCheckout && <CheckoutRow group={group} />}
                      {group.lines.map((order) => (
                        <tr key={order._id} className={inCheckout ? 'line' : undefined}>
                          <td data-label="#">{lineNumbers.get(order._id)}</td>
                          <th scope="row">
                            {order.productName}
                            {!inCheckout && (
                              <span className="order-number">
                                Order <span>{order.number}</span> <span>· {placedOn.format(new Date(order.createdAt))}</span>
                              </span>
                            )}
                          </th>
                          <td className="number" data-label="Per Product Price">{formatCents(order.per_product_price)}</td>
                          <td data-label="Address">{order.address}</td>
                          <td data-label="Phone Number">{order.phone}</td>
                          <td className="number" data-label="Order Quantity">{order.order_quantity}</td>
                          <td className="number" data-label="Total Amount">{formatCents(order.totalAmount)}</td>
                          <td data-label="Status">
                            <OrderStatusCell order={order} />
                          </td>
                          <td data-label="Payment">
                            <PaymentCell order={order} withCheckout={inCheckout} />
                          </td>
                          <td data-label="Action">
                            {order.status === 'placed' && !order.paid && (
                              <Button
                                type="button"
                                $variant="danger"
                                aria-label={`Delete the order for ${order.productName}`}
                                onClick={() => deletion.ask(order)}
                              >
                                Delete
                              </Button>
                            )}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  );
                })}
              </Table>
            </Scroller>
          );
        }}
      </QueryView>
      <ConfirmDialog
        {...deletion.dialog}
        title="Are you sure you want to delete this order!"
        body={
          deletion.selected
            ? `Order ${deletion.selected.number}: ${deletion.selected.order_quantity} × ${deletion.selected.productName}, ${formatCents(deletion.selected.totalAmount)}.`
            : ''
        }
        confirmLabel="Delete"
        busyLabel="Deleting…"
      />
    </Panel>
  );
}
