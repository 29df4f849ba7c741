import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityKeys, apiClient, orderKeys, partKeys } from '@pcpp/contracts';
import { type ApiAnswer, type ApiRequestBody, deletedCountAnswerSchema, orderDetailSchema, orderReturnSchema } from '@pcpp/contracts/core';

const orderPath = (number: string) => `/orders/${encodeURIComponent(number)}`;

export type ShipmentBody = ApiRequestBody<'/orders/{number}/shipments', 'post'>;
export type RefundBody = ApiRequestBody<'/orders/{number}/refunds', 'post'>;
export type ReturnDecisionBody = ApiRequestBody<'/returns/{id}/decision', 'post'>;

/** POST /orders/{number}/shipments (admin): one parcel; the key makes a double click record it once. */
export async function addShipment(number: string, body: ShipmentBody, idempotencyKey: string): Promise<ApiAnswer<'/orders/{number}/shipments', 'post'>> {
  const { data } = await apiClient.post<unknown>(`${orderPath(number)}/shipments`, body, { headers: { 'Idempotency-Key': idempotencyKey } });
  return orderDetailSchema.parse(data);
}

/** POST /orders/{number}/shipments/{shipmentId}/delivered (admin). */
export async function markDelivered(number: string, shipmentId: string): Promise<ApiAnswer<'/orders/{number}/shipments/{shipmentId}/delivered', 'post'>> {
  const { data } = await apiClient.post<unknown>(`${orderPath(number)}/shipments/${encodeURIComponent(shipmentId)}/delivered`);
  return orderDetailSchema.parse(data);
}

/** POST /orders/{number}/cancel (admin): unpaid, its holds go; paid and not shipped, refunded in full. */
export async function cancelOrder(number: string, reason: string): Promise<ApiAnswer<'/orders/{number}/cancel', 'post'>> {
  const { data } = await apiClient.post<unknown>(`${orderPath(number)}/cancel`, { reason });
  return orderDetailSchema.parse(data);
}

/** POST /orders/{number}/refunds (admin): made once per key, however often it is retried. */
export async function refundUnits(number: string, body: RefundBody, idempotencyKey: string): Promise<ApiAnswer<'/orders/{number}/refunds', 'post'>> {
  const { data } = await apiClient.post<unknown>(`${orderPath(number)}/refunds`, body, { headers: { 'Idempotency-Key': idempotencyKey } });
  return orderDetailSchema.parse(data);
}

/** POST /returns/{id}/decision (admin). */
export async function decideReturn(returnId: string, body: ReturnDecisionBody): Promise<ApiAnswer<'/returns/{id}/decision', 'post'>> {
  const { data } = await apiClient.post<unknown>(`/returns/${encodeURIComponent(returnId)}/decision`, body);
  return orderReturnSchema.parse(data);
}

/** POST /returns/{id}/received (admin): the parts arrived, so they are refunded and restocked. */
export async function receiveReturn(returnId: string): Promise<ApiAnswer<'/returns/{id}/received', 'post'>> {
  const { data } = await apiClient.post<unknown>(`/returns/${encodeURIComponent(returnId)}/received`);
  return orderReturnSchema.parse(data);
}

/** DELETE /order/{id} (admin; the spec's per-line call): one unpaid line is cancelled, its units go back to stock. */
export async function deleteOrderLine(lineId: string, reason: string): Promise<ApiAnswer<'/order/{id}', 'delete'>> {
  const { data } = await apiClient.delete<unknown>(`/order/${encodeURIComponent(lineId)}`, { data: { reason } });
  return deletedCountAnswerSchema.parse(data);
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
    deleteLine: useMutation({ mutationFn: ({ lineId, reason }: { lineId: string; reason: string }) => deleteOrderLine(lineId, reason), onSettled }),
  };
}
