import { useState } from 'react';
import { toast } from 'react-toastify';
import {
  ORDER_STATUSES,
  ORDER_STATUS_MOVES,
  errorMessage,
  formatCents,
  pageMeta,
  type Order,
  type OrderStatus,
} from '@pcpp/contracts';
import { Button, ConfirmDialog, PageTitle, Panel, QueryView, useDeleteConfirmation, usePageMeta } from '@pcpp/contracts/ui';
import { Toolbar } from '../../../components/admin-table';
import { PagedTable } from '../../../components/paged-table';
import { useDeleteOrder, useSetOrderStatus } from '../api/change-order';
import { useOrders } from '../api/get-orders';

const MOVE_LABELS = { shipped: 'Mark shipped', delivered: 'Mark delivered', cancelled: 'Cancel' } as const;

/** The spec: Delete shows only for an order with a price that is not paid (and still open). */
const deletable = (order: Order) => order.per_product_price > 0 && !order.paid && order.status === 'placed';

/** Manage All Orders (spec §2), with the order lifecycle beyond the spec. */
export function AllOrdersPage() {
  usePageMeta(pageMeta.allOrders);
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [page, setPage] = useState(1);
  const orders = useOrders({ page, status: status || undefined });
  const deleteOrder = useDeleteOrder();
  const setOrderStatus = useSetOrderStatus();
  const deletion = useDeleteConfirmation({
    remove: (order: Order) => deleteOrder.mutateAsync(order._id),
    onDeleted: (order) => toast.success(`The order of ${order.productName} for ${order.email} is deleted.`),
    failure: 'The order was not deleted',
  });

  async function move(order: Order, next: 'shipped' | 'delivered' | 'cancelled') {
    try {
      await setOrderStatus.mutateAsync({ id: order._id, status: next });
      toast.success(`Order of ${order.productName} for ${order.email}: ${next}.`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <Panel aria-labelledby="orders-title">
      <PageTitle id="orders-title">All orders: {orders.data?.total ?? '…'}</PageTitle>
      <Toolbar>
        <label>
          Status
          <select
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as OrderStatus | '');
              setPage(1);
            }}
          >
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
      </Toolbar>
      <QueryView query={orders} loadingLabel="Loading the orders…" failure="The orders could not be loaded.">
        {(result) => (
          <PagedTable
            result={result}
            label="Orders"
            columns={['Product Name', 'Email', 'Address', 'Phone', 'Quantity', 'Total Amount', 'Status', 'Remove']}
            empty={`No orders${status ? ` with the status ${status}` : ''}.`}
            onPage={setPage}
            row={(order) => (
              <tr key={order._id}>
                <th scope="row">{order.productName}</th>
                <td data-label="Email">{order.email}</td>
                <td data-label="Address">{order.address}</td>
                <td data-label="Phone">{order.phone}</td>
                <td data-label="Quantity" className="number">
                  {order.order_quantity}
                </td>
                <td data-label="Total Amount" className="number">
                  {formatCents(order.totalAmount)}
                </td>
                <td data-label="Status">
                  <div className="actions">
                    <strong>{order.status}</strong>
                    {ORDER_STATUS_MOVES[order.status].map((next) => (
                        <Button
                          key={next}
                          type="button"
                          $variant="secondary"
                          disabled={setOrderStatus.isPending}
                          aria-label={`${MOVE_LABELS[next]}: ${order.productName} for ${order.email}`}
                          onClick={() => void move(order, next)}
                        >
                          {MOVE_LABELS[next]}
                        </Button>
                    ))}
                  </div>
                </td>
                <td data-label="Remove">
                  {deletable(order) && (
                    <Button
                      type="button"
                      $variant="danger"
                      aria-label={`Delete the order of ${order.productName} for ${order.email}`}
                      onClick={() => deletion.ask(order)}
                    >
                      Delete
                    </Button>
                  )}
                </td>
              </tr>
            )}
          />
        )}
      </QueryView>
      <ConfirmDialog
        {...deletion.dialog}
        title="Are you sure you want to delete this order?"
        body="If you are sure then click on delete button"
        confirmLabel="Delete"
        busyLabel="Deleting…"
      />
    </Panel>
  );
}
