import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityKeys, apiClient, orderKeys, partKeys } from '@pcpp/contracts';
import { type ApiAnswer, type ApiRequestBody, deletedCountAnswerSchema, orderSchema } from '@pcpp/contracts/core';

/** DELETE /order/{id} (admin): the shop cancels an unpaid order; its quantity goes back to stock, the customer is told why. */
export async function deleteOrder(id: string, reason: string): Promise<ApiAnswer<'/order/{id}', 'delete'>> {
  const { data } = await apiClient.delete<unknown>(`/order/${encodeURIComponent(id)}`, { data: { reason } });
  return deletedCountAnswerSchema.parse(data);
}

export type OrderStatusBody = ApiRequestBody<'/order/{id}/status', 'patch'>;

/** PATCH /order/{id}/status (admin): shipped (carrier and tracking number) or delivered, as the lifecycle allows. */
export async function setOrderStatus(id: string, body: OrderStatusBody): Promise<ApiAnswer<'/order/{id}/status', 'patch'>> {
  const { data } = await apiClient.patch<unknown>(`/order/${encodeURIComponent(id)}/status`, body);
  return orderSchema.parse(data);
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

export function useDeleteOrder() {
  const onSettled = useInvalidateAfterOrderChange();
  return useMutation({ mutationFn: ({ id, reason }: { id: string; reason: string }) => deleteOrder(id, reason), onSettled });
}

export function useSetOrderStatus() {
  const onSettled = useInvalidateAfterOrderChange();
  return useMutation({ mutationFn: ({ id, body }: { id: string; body: OrderStatusBody }) => setOrderStatus(id, body), onSettled });
}
