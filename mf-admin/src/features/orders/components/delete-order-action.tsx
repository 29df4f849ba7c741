import { useState } from 'react';
import { toast } from 'react-toastify';
import { adminText, allOrdersTableText, type OrderDetail, type OrderLine, orderGroupText, shopNoteSchema } from '@pcpp/contracts/core';
import { Button } from '@pcpp/contracts/ui';
import { ConfirmDialog, useConfirmation } from '@pcpp/contracts/ui/dashboard';
import { useDeleteOrderLines } from '../api/change-order';
import { DialogField, problemOf } from './order-format';

/** The spec's Delete shows only for an order that has a price and is not paid (nor cancelled already). */
export const deletableLines = (order: Pick<OrderDetail, 'lines' | 'cancellation'>) =>
  order.cancellation ? [] : order.lines.filter((line) => line.status === 'placed' && line.unitPrice > 0);

/**
 * The spec's Delete (All Orders' Remove column, and an order's page): one unpaid line, or with
 * `whole` every unpaid line of the order, cancelled, its units back to stock. The spec's modal
 * texts; a reason is optional (the customer's email gives it when there is one).
 */
export function DeleteOrderAction({ order, lines, whole = false }: { order: { number: string; email: string }; lines: OrderLine[]; whole?: boolean }) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const remove = useDeleteOrderLines();
  const deleting = useConfirmation({
    run: (targets: OrderLine[]) => remove.mutateAsync({ lineIds: targets.map((line) => line.lineId), reason: reason.trim() || undefined }),
    onDone: (_targets, { deletedCount }) => {
      if (deletedCount > 0) toast.success(adminText.cancelled(order.number));
    },
    failure: 'The order was not deleted',
  });
  const [first] = lines;
  if (!first) return null;
  const fieldId = `delete-reason-${whole ? order.number : first.lineId}`;
  return (
    <>
      <Button
        type="button"
        $variant="danger"
        aria-label={whole ? orderGroupText.deleteOrderLabel(order.number) : `Delete ${first.productName} from order ${order.number}`}
        onClick={() => {
          setReason('');
          setReasonError(undefined);
          deleting.ask(lines);
        }}
      >
        {allOrdersTableText.delete}
      </Button>
      <ConfirmDialog
        {...deleting.dialog}
        onConfirm={() => {
          const problem = reason.trim() ? problemOf(shopNoteSchema, reason) : undefined;
          setReasonError(problem);
          if (!problem) deleting.dialog.onConfirm();
        }}
        title={allOrdersTableText.deleteTitle}
        body={
          <>
            {orderGroupText.adminDeleteWhat(order.number, order.email, lines.reduce((sum, line) => sum + line.quantity, 0))} {allOrdersTableText.deleteBody}
          </>
        }
        confirmLabel={allOrdersTableText.confirmDelete}
        cancelLabel={allOrdersTableText.cancel}
        busyLabel="Deleting…"
      >
        <DialogField id={fieldId} label={orderGroupText.optionalReasonLabel} error={reasonError}>
          {(aria) => <textarea id={fieldId} rows={3} value={reason} onChange={(event) => setReason(event.target.value)} {...aria} />}
        </DialogField>
      </ConfirmDialog>
    </>
  );
}
