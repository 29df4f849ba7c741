import { useState } from 'react';
import { toast } from 'react-toastify';
import { errorMessage } from '@pcpp/contracts';
import { adminText, carrierSchema, formatCents, KNOWN_CARRIERS, type OrderDetail, type OrderReturn, type OrderShipment, orderText, shopNoteSchema, trackingNumberSchema } from '@pcpp/contracts/core';
import { Button, ButtonSpinner, ErrorText } from '@pcpp/contracts/ui';
import { ConfirmDialog, useConfirmation } from '@pcpp/contracts/ui/dashboard';
import type { RefundBody, useOrderActions } from '../api/change-order';
import { downloadInvoice } from '../api/get-order';
import { DialogField, problemOf } from './order-format';
import { chosenUnits, type UnitCounts, UnitInputs, unitsLeftToRefund, unitsLeftToShip } from './unit-inputs';

type Actions = ReturnType<typeof useOrderActions>;
const newKey = () => crypto.randomUUID();

/** Ship parts: one parcel, its carrier and tracking number, and how many units of each line it holds. */
export function ShipAction({ order, actions }: { order: OrderDetail; actions: Actions }) {
  const lines = order.lines.map((line) => ({ line, left: unitsLeftToShip(line) })).filter(({ left }) => left > 0);
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [counts, setCounts] = useState<UnitCounts>({});
  const [errors, setErrors] = useState<{ carrier?: string; tracking?: string; units?: { problem: string; lineId?: string } }>({});
  // One key per dialog opening: a double click or a retry records one parcel.
  const [key, setKey] = useState(newKey);
  const shipping = useConfirmation({
    run: (_order: OrderDetail) => {
      const units = chosenUnits(lines, counts);
      if ('problem' in units) throw new Error(units.problem);
      return actions.ship.mutateAsync({ body: { carrier: carrier.trim(), trackingNumber: tracking.trim(), lines: units }, key });
    },
    onDone: () => toast.success(orderText.shipped),
    failure: 'The parcel was not recorded',
  });
  if (lines.length === 0) return null;

  return (
    <>
      <Button
        type="button"
        onClick={() => {
          setCarrier('');
          setTracking('');
          setCounts(Object.fromEntries(lines.map(({ line, left }) => [line.lineId, String(left)])));
          setErrors({});
          setKey(newKey());
          shipping.ask(order);
        }}
      >
        {adminText.shipParts}
      </Button>
      <ConfirmDialog
        {...shipping.dialog}
        onConfirm={() => {
          const units = chosenUnits(lines, counts);
          const found = { carrier: problemOf(carrierSchema, carrier), tracking: problemOf(trackingNumberSchema, tracking), units: 'problem' in units ? units : undefined };
          setErrors(found);
          if (!found.carrier && !found.tracking && !found.units) shipping.dialog.onConfirm();
        }}
        title={adminText.shipPartsTitle(order.number)}
        body={adminText.shipPartsBody(order.email)}
        confirmLabel={adminText.shipParts}
        busyLabel="Shipping…"
        confirmVariant="primary"
      >
        <DialogField id="ship-carrier" label="Carrier" error={errors.carrier}>
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
        <DialogField id="ship-tracking" label="Tracking number" error={errors.tracking}>
          {(aria) => <input id="ship-tracking" autoComplete="off" value={tracking} onChange={(event) => setTracking(event.target.value)} {...aria} />}
        </DialogField>
        <UnitInputs idPrefix="ship" legend="Parts in this parcel" lines={lines} counts={counts} onChange={setCounts} label={adminText.unitsToShip} problem={errors.units} />
      </ConfirmDialog>
    </>
  );
}

/** Mark one parcel delivered: its units count as delivered and the customer is emailed. */
export function DeliverAction({ order, shipment, actions }: { order: OrderDetail; shipment: OrderShipment; actions: Actions }) {
  const delivering = useConfirmation({
    run: (parcel: OrderShipment) => actions.deliver.mutateAsync(parcel.shipmentId),
    onDone: () => toast.success(orderText.delivered),
    failure: 'The parcel was not marked delivered',
  });
  return (
    <>
      <Button type="button" $variant="secondary" aria-label={`${adminText.markDelivered}: parcel ${shipment.trackingNumber}`} onClick={() => delivering.ask(shipment)}>
        {adminText.markDelivered}
      </Button>
      <ConfirmDialog
        {...delivering.dialog}
        title={adminText.deliverParcelTitle(shipment.trackingNumber)}
        body={adminText.deliverParcelBody(order.email)}
        confirmLabel={adminText.markDelivered}
        busyLabel="Saving…"
        confirmVariant="primary"
      />
    </>
  );
}

/**
 * Cancel the order: it says what happens to the money. Absent once cancelled; disabled, with the
 * reason, once parts have shipped (they are refunded or returned instead).
 */
export function CancelAction({ order, actions }: { order: OrderDetail; actions: Actions }) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const cancelling = useConfirmation({
    run: () => actions.cancel.mutateAsync(reason.trim()),
    onDone: () => toast.success(orderText.cancelled),
    failure: 'The order was not cancelled',
  });
  if (order.status === 'cancelled' || order.status === 'refunded' || order.cancellation) return null;
  const shipped = order.lines.some((line) => line.shippedQuantity > 0);

  return (
    <>
      <Button
        type="button"
        $variant="danger"
        disabled={shipped}
        aria-describedby={shipped ? 'cancel-refused' : undefined}
        onClick={() => {
          setReason('');
          setReasonError(undefined);
          cancelling.ask(order);
        }}
      >
        {orderText.cancelOrder}
      </Button>
      {shipped && (
        <p id="cancel-refused" className="why">
          {orderText.shippedCannotCancel}
        </p>
      )}
      <ConfirmDialog
        {...cancelling.dialog}
        onConfirm={() => {
          const problem = problemOf(shopNoteSchema, reason);
          setReasonError(problem);
          if (!problem) cancelling.dialog.onConfirm();
        }}
        title={orderText.cancelTitle}
        body={order.payment === 'unpaid' ? orderText.cancelUnpaidNote : orderText.cancelPaidNote}
        confirmLabel={orderText.cancelOrder}
        cancelLabel={orderText.keepOrder}
        busyLabel="Cancelling…"
      >
        <DialogField id="cancel-reason" label={adminText.reasonLabel} error={reasonError}>
          {(aria) => <textarea id="cancel-reason" rows={3} value={reason} onChange={(event) => setReason(event.target.value)} {...aria} />}
        </DialogField>
      </ConfirmDialog>
    </>
  );
}

/**
 * Refund units: which of each line, why, and whether they go back to stock. A new Idempotency-Key
 * for each opening, kept for every retry from the dialog (a timeout, a second click), so the refund
 * is made once: the api frees the key of a request that failed, and refuses (422) a changed refund
 * under the key of one that went through.
 */
export function RefundAction({ order, actions }: { order: OrderDetail; actions: Actions }) {
  const lines = order.lines.map((line) => ({ line, left: unitsLeftToRefund(line) })).filter(({ left }) => left > 0);
  const [counts, setCounts] = useState<UnitCounts>({});
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState(false);
  const [errors, setErrors] = useState<{ reason?: string; units?: { problem: string; lineId?: string } }>({});
  const [key, setKey] = useState(newKey);
  const refunding = useConfirmation({
    run: async (before: OrderDetail) => {
      const units = chosenUnits(lines, counts);
      if ('problem' in units) throw new Error(units.problem);
      const body: RefundBody = { lines: units, reason: reason.trim(), restock };
      const after = await actions.refund.mutateAsync({ body, key });
      return after.totals.refunded - before.totals.refunded;
    },
    onDone: (_order, amount) => toast.success(orderText.refunded(formatCents(amount))),
    failure: 'Nothing was refunded',
  });
  if (lines.length === 0) return null;

  return (
    <>
      <Button
        type="button"
        $variant="secondary"
        onClick={() => {
          setCounts({});
          setReason('');
          setRestock(false);
          setErrors({});
          setKey(newKey());
          refunding.ask(order);
        }}
      >
        {adminText.refund}
      </Button>
      <ConfirmDialog
        {...refunding.dialog}
        onConfirm={() => {
          const units = chosenUnits(lines, counts);
          const found = { reason: problemOf(shopNoteSchema, reason), units: 'problem' in units ? units : undefined };
          setErrors(found);
          if (!found.reason && !found.units) refunding.dialog.onConfirm();
        }}
        title={adminText.refundTitle(order.number)}
        body={adminText.refundBody}
        confirmLabel={adminText.refund}
        busyLabel="Refunding…"
      >
        <UnitInputs idPrefix="refund" legend="Units to refund" lines={lines} counts={counts} onChange={setCounts} label={adminText.unitsToRefund} problem={errors.units} />
        <DialogField id="refund-reason" label={adminText.reasonLabel} error={errors.reason}>
          {(aria) => <textarea id="refund-reason" rows={3} value={reason} onChange={(event) => setReason(event.target.value)} {...aria} />}
        </DialogField>
        <label className="check">
          <input type="checkbox" checked={restock} onChange={(event) => setRestock(event.target.checked)} />
          {adminText.restock}
        </label>
      </ConfirmDialog>
    </>
  );
}

/** A requested return: Approve or Refuse (with a note). An approved one: Mark received (refund and restock). */
export function ReturnActions({ order, orderReturn, actions }: { order: OrderDetail; orderReturn: OrderReturn; actions: Actions }) {
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const deciding = useConfirmation({
    run: ({ approve }: { approve: boolean }) =>
      actions.decide.mutateAsync({ returnId: orderReturn.returnId, body: { approve, ...(note.trim() ? { note: note.trim() } : {}) } }),
    onDone: ({ approve }) => toast.success(orderText.returnDecided(approve)),
    failure: 'The return was not decided',
  });
  const receiving = useConfirmation({
    run: (ret: OrderReturn) => actions.receive.mutateAsync(ret.returnId),
    onDone: (_ret, received) => toast.success(orderText.returnReceived(formatCents(received.refundedAmount ?? 0))),
    failure: 'The return was not received',
  });
  const approve = deciding.selected?.approve ?? true;
  const which = `return of ${orderReturn.requestedAt.slice(0, 10)}`;

  if (orderReturn.status === 'approved') {
    const due = orderReturn.refundDue === undefined ? undefined : formatCents(orderReturn.refundDue);
    return (
      <>
        {due && <p className="muted">{adminText.receiveRefundDue(due)}</p>}
        <Button type="button" aria-label={`${adminText.markReceived}: ${which}`} onClick={() => receiving.ask(orderReturn)}>
          {adminText.markReceived}
        </Button>
        <ConfirmDialog
          {...receiving.dialog}
          title={adminText.receiveReturnTitle}
          body={adminText.receiveReturnBody(due)}
          confirmLabel={adminText.markReceived}
          busyLabel="Refunding…"
          confirmVariant="primary"
        />
      </>
    );
  }
  if (orderReturn.status !== 'requested') return null;
  const ask = (choice: boolean) => {
    setNote('');
    setNoteError(undefined);
    deciding.ask({ approve: choice });
  };
  return (
    <>
      <Button type="button" aria-label={`${adminText.approveReturn}: ${which}`} onClick={() => ask(true)}>
        {adminText.approveReturn}
      </Button>
      <Button type="button" $variant="secondary" aria-label={`${adminText.refuseReturn}: ${which}`} onClick={() => ask(false)}>
        {adminText.refuseReturn}
      </Button>
      <ConfirmDialog
        {...deciding.dialog}
        onConfirm={() => {
          // A refusal says why; an approval may add a word.
          const problem = approve ? undefined : note.trim() ? undefined : adminText.refuseNeedsNote;
          setNoteError(problem);
          if (!problem) deciding.dialog.onConfirm();
        }}
        title={approve ? adminText.approveReturnTitle : adminText.refuseReturnTitle}
        body={adminText.decisionBody(approve, order.email)}
        confirmLabel={approve ? adminText.approveReturn : adminText.refuseReturn}
        busyLabel="Saving…"
        confirmVariant={approve ? 'primary' : 'danger'}
      >
        <DialogField id={`return-note-${orderReturn.returnId}`} label={adminText.returnNoteLabel} error={noteError}>
          {(aria) => <textarea id={`return-note-${orderReturn.returnId}`} rows={3} value={note} onChange={(event) => setNote(event.target.value)} {...aria} />}
        </DialogField>
      </ConfirmDialog>
    </>
  );
}

/** The invoice, fetched with the admin's token and saved as a file; a spinner while it comes. */
export function InvoiceAction({ order }: { order: OrderDetail }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (order.payment === 'unpaid') return null;
  return (
    <>
      <Button
        type="button"
        $variant="secondary"
        disabled={busy}
        aria-busy={busy}
        onClick={async () => {
          setBusy(true);
          setFailure(null);
          try {
            await downloadInvoice(order.number);
          } catch (error) {
            setFailure(`The invoice could not be downloaded: ${errorMessage(error)}`);
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy && <ButtonSpinner />}
        {busy ? 'Preparing the invoice…' : orderText.invoice}
      </Button>
      {failure && <ErrorText role="alert">{failure}</ErrorText>}
    </>
  );
}
