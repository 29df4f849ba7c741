import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import { errorMessage, formatCents, toastMessages, useAuth, type Order } from '@pcpp/contracts';
import { Button, ConfirmDialog, ErrorText, PageTitle, Panel, Spinner } from '@pcpp/contracts/ui';
import { useDeleteMyOrder } from '../api/delete-my-order';
import { useMyOrders } from '../api/get-my-orders';
import { OrderStatusCell } from './order-status';

/** A wide table scrolls inside its own box on a phone, never the page. */
const Scroller = styled.div`
  overflow-x: auto;
  border: 1px solid var(--color-border);
  border-radius: 8px;
  &:focus-visible { outline: 3px solid var(--color-primary); outline-offset: 2px; }
`;

const Table = styled.table`
  width: 100%;
  min-width: 980px;
  border-collapse: collapse;
  font-size: 0.95rem;
  th, td { padding: 10px 12px; text-align: left; vertical-align: top; border-bottom: 1px solid var(--color-border); }
  th { background: var(--color-page); font-weight: 700; white-space: nowrap; }
  td.number { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
  tbody tr:last-child td { border-bottom: 0; }
  .paid { color: var(--color-success, #15803d); font-weight: 700; }
  .transaction { display: block; font-size: 0.8rem; color: var(--color-ink-soft); overflow-wrap: anywhere; }
`;

const Empty = styled.div`
  display: grid;
  justify-items: start;
  gap: 12px;
  p { margin: 0; }
`;

const Failure = styled.div`
  display: grid;
  justify-items: start;
  gap: 12px;
`;

function PaymentCell({ order }: { order: Order }) {
  if (order.paid) {
    return (
      <>
        <span className="paid">Paid</span>
        <span className="transaction">Transaction id: {order.transactionId}</span>
      </>
    );
  }
  if (order.status !== 'placed') return <span>—</span>;
  return (
    <Button as={Link} to={`/dashboard/payment/${order._id}`} aria-label={`Pay for ${order.productName}`}>
      Pay
    </Button>
  );
}

/** My Orders (spec §2): the customer's orders, paying and deleting unpaid ones. */
export function MyOrdersPage() {
  const email = useAuth((s) => s.user?.email ?? '');
  const orders = useMyOrders(email);
  const deleteOrder = useDeleteMyOrder();
  const [selected, setSelected] = useState<Order | null>(null);

  async function confirmDelete() {
    if (!selected) return;
    try {
      const { deletedCount } = await deleteOrder.mutateAsync(selected._id);
      if (deletedCount > 0) toast.success(toastMessages.orderDeleted);
      setSelected(null);
      deleteOrder.reset();
    } catch {
      // The dialog stays open and shows why (deleteOrder.error).
    }
  }

  return (
    <Panel aria-labelledby="orders-title">
      <PageTitle id="orders-title">My Orders</PageTitle>
      {orders.isPending && <Spinner label="Loading your orders…" />}
      {orders.isError && (
        <Failure>
          <ErrorText role="alert">Your orders could not be loaded: {errorMessage(orders.error)}</ErrorText>
          <Button type="button" $variant="secondary" onClick={() => void orders.refetch()}>
            Retry
          </Button>
        </Failure>
      )}
      {orders.isSuccess && orders.data.length === 0 && (
        <Empty>
          <p>You have not ordered anything yet.</p>
          <Button as={Link} to="/products" $variant="secondary">
            Browse the catalog
          </Button>
        </Empty>
      )}
      {orders.isSuccess && orders.data.length > 0 && (
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
            <tbody>
              {orders.data.map((order, index) => (
                <tr key={order._id}>
                  <td>{index + 1}</td>
                  <th scope="row">{order.productName}</th>
                  <td className="number">{formatCents(order.per_product_price)}</td>
                  <td>{order.address}</td>
                  <td>{order.phone}</td>
                  <td className="number">{order.order_quantity}</td>
                  <td className="number">{formatCents(order.totalAmount)}</td>
                  <td>
                    <OrderStatusCell order={order} />
                  </td>
                  <td>
                    <PaymentCell order={order} />
                  </td>
                  <td>
                    {order.status === 'placed' && !order.paid && (
                      <Button
                        type="button"
                        $variant="danger"
                        aria-label={`Delete the order for ${order.productName}`}
                        onClick={() => setSelected(order)}
                      >
                        Delete
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Scroller>
      )}
      <ConfirmDialog
        open={selected !== null}
        title="Are you sure you want to delete this order!"
        body={selected ? `${selected.order_quantity} × ${selected.productName}, ${formatCents(selected.totalAmount)}.` : ''}
        confirmLabel="Delete"
        busyLabel="Deleting…"
        busy={deleteOrder.isPending}
        error={deleteOrder.isError ? `The order was not deleted: ${errorMessage(deleteOrder.error)}` : null}
        onConfirm={() => void confirmDelete()}
        onCancel={() => {
          setSelected(null);
          deleteOrder.reset();
        }}
      />
    </Panel>
  );
}
