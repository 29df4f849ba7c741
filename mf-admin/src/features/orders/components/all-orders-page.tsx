import { type ReactNode, useState } from 'react';
import { toast } from 'react-toastify';
import {
  adminText,
  carrierSchema,
  formatCents,
  KNOWN_CARRIERS,
  pageMeta,
  shopNoteSchema,
  trackingNumberSchema,
  type Order,
} from '@pcpp/contracts/core';
import { Button, Field, fieldAria, PageTitle, Panel, QueryView, usePageMeta } from '@pcpp/contracts/ui';
import { ConfirmDialog, ShipmentNote, useConfirmation } from '@pcpp/contracts/ui/dashboard';
import { PagedTable } from '../../../components/paged-table';
import { useDeleteOrder, useSetOrderStatus } from '../api/change-order';
import { useOrders } from '../api/get-orders';
import { OrderFilters } from './order-filters';
import { useOrderSearch } from './use-order-search';

const placedAt = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The spec: Delete shows only for an order with a price that is not paid (and still open). */
const deletable = (order: Order) => order.per_product_price > 0 && !order.paid && order.status === 'placed';

/** An email that breaks before its @ rather than inside a word, in a narrow column. */
const EmailText = ({ email }: { email: string }) => {
  const at = email.indexOf('@');
  return at < 0 ? <>{email}</> : <>{email.slice(0, at)}<wbr />{email.slice(at)}</>;
};

/** The first message of a field's schema, or undefined when the value passes. */
const problemOf = (schema: { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, value: string) =>
  schema.safeParse(value).error?.issues[0]?.message;

/** A form field of a dialog: a label, the control, its error. */
function DialogField({ id, label, error, children }: { id: string; label: string; error?: string; children: (aria: ReturnType<typeof fieldAria>) => ReactNode }) {
  return (
    <Field id={id} label={label} error={error}>
      {children(fieldAria(id, error))}
    </Field>
  );
}

/** Manage All Orders (spec §2): find any order, ship it with a tracking number, deliver it, or cancel it. */
export function AllOrdersPage() {
  usePageMeta(pageMeta.allOrders);
  const { search, update } = useOrderSearch();
  const orders = useOrders(search);
  const deleteOrder = useDeleteOrder();
  const setStatus = useSetOrderStatus();

  // Ship: the carrier and the tracking number, both required.
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [shipErrors, setShipErrors] = useState<{ carrier?: string; tracking?: string }>({});
  const shipping = useConfirmation({
    run: (order: Order) =>
      setStatus.mutateAsync({ id: order._id, body: { status: 'shipped', carrier: carrier.trim(), trackingNumber: tracking.trim() } }),
    onDone: (order) => toast.success(adminText.shipped(order.number)),
    failure: 'The order was not shipped',
  });
  const delivering = useConfirmation({
    run: (order: Order) => setStatus.mutateAsync({ id: order._id, body: { status: 'delivered' } }),
    onDone: (order) => toast.success(adminText.delivered(order.number)),
    failure: 'The order was not marked delivered',
  });
  // Cancel (the spec's Delete): the customer is told the reason.
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const cancelling = useConfirmation({
    run: (order: Order) => deleteOrder.mutateAsync({ id: order._id, reason: reason.trim() }),
    onDone: (order) => toast.success(adminText.cancelled(order.number)),
    failure: 'The order was not deleted',
  });

  function askToShip(order: Order) {
    setCarrier('');
    setTracking('');
    setShipErrors({});
    shipping.ask(order);
  }
  function askToCancel(order: Order) {
    setReason('');
    setReasonError(undefined);
    cancelling.ask(order);
  }

  const shipTarget = shipping.selected;
  const cancelTarget = cancelling.selected;
  const deliverTarget = delivering.selected;

  return (
    <Panel aria-labelledby="orders-title">
      <PageTitle id="orders-title">All orders: {orders.data?.total ?? '…'}</PageTitle>
      <OrderFilters search={search} onChange={update} />
      <QueryView query={orders} loadingLabel="Loading the orders…" failure="The orders could not be loaded.">
        {(result) => (
          <PagedTable
            result={result}
            label="Orders"
            columns={['Order', 'Product Name', 'Email', 'Ship to', 'Quantity', 'Total Amount', 'Status', 'Remove']}
            empty={search.q || search.status || search.from || search.to ? 'No order matches this search.' : 'No orders yet.'}
            onPage={(page) => update({ page })}
            row={(order) => (
              <tr key={order._id}>
                <th scope="row">
                  <span className="nowrap">{order.number}</span>
                  <span className="byline">{placedAt.format(new Date(order.createdAt))}</span>
                </th>
                <td data-label="Product Name" className="words">{order.productName}</td>
                <td data-label="Email" className="words">
                  <EmailText email={order.email} />
                </td>
                <td data-label="Ship to" className="words">
                  <div>
                    {order.address}
                    <span className="byline">{order.phone}</span>
                  </div>
                </td>
                <td data-label="Quantity" className="number">
                  {order.order_quantity}
                </td>
                <td data-label="Total Amount" className="number">
                  {formatCents(order.totalAmount)}
                </td>
                <td data-label="Status">
                  <div className="actions">
                    <strong>{order.status}</strong>
                    {order.status === 'paid' && (
                      <Button type="button" $variant="secondary" aria-label={`Mark shipped: order ${order.number}`} onClick={() => askToShip(order)}>
                        Mark shipped
                      </Button>
                    )}
                    {order.status === 'shipped' && (
                      <Button type="button" $variant="secondary" aria-label={`Mark delivered: order ${order.number}`} onClick={() => delivering.ask(order)}>
                        Mark delivered
                      </Button>
                    )}
                  </div>
                  {order.shipment && <ShipmentNote shipment={order.shipment} />}
                  {order.status === 'cancelled' && order.statusHistory.at(-1)?.note && (
                    <span className="byline">Reason: {order.statusHistory.at(-1)!.note}</span>
                  )}
                </td>
                <td data-label="Remove">
                  {deletable(order) && (
                    <Button type="button" $variant="danger" aria-label={`Delete order ${order.number}`} onClick={() => askToCancel(order)}>
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
        {...shipping.dialog}
        onConfirm={() => {
          const errors = { carrier: problemOf(carrierSchema, carrier), tracking: problemOf(trackingNumberSchema, tracking) };
          setShipErrors(errors);
          if (!errors.carrier && !errors.tracking) shipping.dialog.onConfirm();
        }}
        title={shipTarget ? adminText.shipTitle(shipTarget.number) : ''}
        body={shipTarget ? adminText.shipBody(shipTarget.number, shipTarget.email) : ''}
        confirmLabel="Mark shipped"
        busyLabel="Shipping…"
        confirmVariant="primary"
      >
        <DialogField id="ship-carrier" label="Carrier" error={shipErrors.carrier}>
          {(aria) => (
            <>
              <input id="ship-carrier" list="known-carriers" autoComplete="off" value={carrier} onChange={(event) => setCarrier(event.target.value)} {...aria} />
              <datalist id="known-carriers">
                {KNOWN_CARRIERS.map((known) => (
                  <option key={known} value={known} />
                ))}
              </datalist>
            </>
          )}
        </DialogField>
        <DialogField id="ship-tracking" label="Tracking number" error={shipErrors.tracking}>
          {(aria) => <input id="ship-tracking" autoComplete="off" value={tracking} onChange={(event) => setTracking(event.target.value)} {...aria} />}
        </DialogField>
      </ConfirmDialog>

      <ConfirmDialog
        {...delivering.dialog}
        title={deliverTarget ? adminText.deliverTitle(deliverTarget.number) : ''}
        body={deliverTarget ? adminText.deliverBody(deliverTarget.number, deliverTarget.email) : ''}
        confirmLabel="Mark delivered"
        busyLabel="Saving…"
        confirmVariant="primary"
      />

      <ConfirmDialog
        {...cancelling.dialog}
        onConfirm={() => {
          const problem = problemOf(shopNoteSchema, reason);
          setReasonError(problem);
          if (!problem) cancelling.dialog.onConfirm();
        }}
        title="Are you sure you want to delete this order?"
        body={
          cancelTarget ? (
            <>
              {adminText.cancelWhat(cancelTarget.number, cancelTarget.email, cancelTarget.order_quantity)} If you are sure then click on delete button
            </>
          ) : (
            ''
          )
        }
        confirmLabel="Delete"
        busyLabel="Deleting…"
      >
        <DialogField id="cancel-reason" label="Reason (the customer reads it)" error={reasonError}>
          {(aria) => <textarea id="cancel-reason" rows={3} value={reason} onChange={(event) => setReason(event.target.value)} {...aria} />}
        </DialogField>
      </ConfirmDialog>
    </Panel>
  );
}
