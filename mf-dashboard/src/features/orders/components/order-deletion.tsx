import { toast } from 'react-toastify';
import { formatCents, myOrdersTableText, type OrderDetail, type OrderLine, orderGroupText } from '@pcpp/contracts/core';
import { ConfirmDialog, useDeleteConfirmation } from '@pcpp/contracts/ui/dashboard';
import { useDeleteMyOrder } from '../api/delete-my-order';

/** What Delete takes: one unpaid part, or every unpaid part of an order (`whole`). */
export interface OrderDeletion {
  order: Pick<OrderDetail, 'number'>;
  lines: OrderLine[];
  whole: boolean;
}

/**
 * The spec's Delete: its modal ('Are you sure you want to delete this order!', Delete and Cancel),
 * then its toast ('Your Order is deleted.'); the lists are refetched. `ask` opens it; render `dialog`.
 */
export function useOrderDeletion(onDeleted?: (deletion: OrderDeletion) => void) {
  const remove = useDeleteMyOrder();
  const deletion = useDeleteConfirmation({
    remove: (target: OrderDeletion) => remove.mutateAsync(target.lines.map((line) => line.lineId)),
    onDeleted: (target, { deletedCount }) => {
      if (deletedCount > 0) toast.success(myOrdersTableText.deleted);
      onDeleted?.(target);
    },
    failure: 'The order was not deleted',
  });
  const target = deletion.selected;
  const [first] = target?.lines ?? [];
  const body = !target
    ? ''
    : target.whole || !first
      ? orderGroupText.deleteOrderBody(target.order.number, target.lines.length, formatCents(target.lines.reduce((sum, line) => sum + line.total, 0)))
      : orderGroupText.deleteLineBody(target.order.number, first.quantity, first.productName, formatCents(first.total));
  return {
    ask: deletion.ask,
    dialog: (
      <ConfirmDialog
        {...deletion.dialog}
        title={myOrdersTableText.deleteTitle}
        body={body}
        confirmLabel={myOrdersTableText.confirmDelete}
        cancelLabel={myOrdersTableText.cancel}
        busyLabel="Deleting…"
      />
    ),
  };
}
