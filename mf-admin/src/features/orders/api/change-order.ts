import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityKeys, api, orderKeys, partKeys } from '@pcpp/contracts';
import { type ApiBody, deletedCountAnswerSchema, orderDetailSchema, orderReturnSchema } from '@pcpp/contracts/core';


export type ShipmentBody = ApiBody<'/orders/{number}/shipments', 'post'>;
export type RefundBody = ApiBody<'/orders/{number}/refunds', 'post'>;
export type ReturnDecisionBody = ApiBody<'/returns/{id}/decision', 'post'>;

/** POST /orders/{number}/shipments (admin): one parcel; the key makes a double click record it once. */
export function addShipment(number: string, body: ShipmentBody, idempotencyKey: string) {
  return api.post('/orders/{number}/shipments', { params: { number }, body, headers: { 'Idempotency-Key': idempotencyKey }, answer: orderDetailSchema });
}

/** POST /orders/{number}/shipments/{shipmentId}/delivered (admin). */
export function markDelivered(number: string, shipmentId: string) {
  return api.post('/orders/{number}/shipments/{shipmentId}/delivered', { params: { number, shipmentId }, answer: orderDetailSchema });
}

/** POST /orders/{number}/cancel (admin): unpaid, its holds go; paid and not shipped, refunded in full. */
export function cancelOrder(number: string, reason: string) {
  return api.post('/orders/{number}/cancel', { params: { number }, body: { reason }, answer: orderDetailSchema });
}

/** POST /orders/{number}/refunds (admin): made once per key, however often it is retried. */
export function refundUnits(number: string, body: RefundBody, idempotencyKey: string) {
  return api.post('/orders/{number}/refunds', { params: { number }, body, headers: { 'Idempotency-Key': idempotencyKey }, answer: orderDetailSchema });
}

/** POST /returns/{id}/decision (admin). */
export function decideReturn(returnId: string, body: ReturnDecisionBody) {
  return api.post('/returns/{id}/decision', { params: { id: returnId }, body, answer: orderReturnSchema });
}

/** POST /returns/{id}/received (admin): the parts arrived, so they are refunded and restocked. */
export function receiveReturn(returnId: string) {
  return api.post('/returns/{id}/received', { params: { id: returnId }, answer: orderReturnSchema });
}

/** DELETE /order/{id} (admin; the spec's per-line call): one unpaid line is cancelled, its units go back to stock. */
export function deleteOrderLine(lineId: string, reason?: string) {
  return api.delete('/order/{id}', { params: { id: lineId }, body: reason ? { reason } : {}, answer: deletedCountAnswerSchema });
}

/**
 * The spec's Delete for one unpaid line, or every unpaid line of an order (one after the other);
 * the reason, when given, is the customer's to read. Answers how many were cancelled now.
 */
export async function deleteOrderLines(lineIds: string[], reason?: string): Promise<{ deletedCount: number }> {
  let deletedCount = 0;
  for (const lineId of lineIds) deletedCount += (await deleteOrderLine(lineId, reason)).deletedCount;
  return { deletedCount };
}

/** Orders (the customer's My Orders too), stock and the activity log are stale after a change. */
function useInvalidateAfterOrderChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      queryClient.invalidateQueries({ queryKey: partKeys.all }),
      queryClient.invalidateQueries({ queryKey: activityKeys.all }),
    ]);
}

/** One mutation per action of the order page, each refreshing what it makes stale. */
export function useOrderActions(number: string) {
  const onSettled = useInvalidateAfterOrderChange();
  return {
    ship: useMutation({ mutationFn: ({ body, key }: { body: ShipmentBody; key: string }) => addShipment(number, body, key), onSettled }),
    deliver: useMutation({ mutationFn: (shipmentId: string) => markDelivered(number, shipmentId), onSettled }),
    cancel: useMutation({ mutationFn: (reason: string) => cancelOrder(number, reason), onSettled }),
    refund: useMutation({ mutationFn: ({ body, key }: { body: RefundBody; key: string }) => refundUnits(number, body, key), onSettled }),
    decide: useMutation({ mutationFn: ({ returnId, body }: { returnId: string; body: ReturnDecisionBody }) => decideReturn(returnId, body), onSettled }),
    receive: useMutation({ mutationFn: (returnId: string) => receiveReturn(returnId), onSettled }),
  };
}

/** All Orders' and the order page's Delete: unpaid lines cancelled, everything they show refreshed. */
export function useDeleteOrderLines() {
  const onSettled = useInvalidateAfterOrderChange();
  return useMutation({ mutationFn: ({ lineIds, reason }: { lineIds: string[]; reason?: string }) => deleteOrderLines(lineIds, reason), onSettled });
}
