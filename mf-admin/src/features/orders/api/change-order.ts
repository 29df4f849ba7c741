import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityKeys, apiClient, type ApiAnswer, type ApiRequestBody, deletedCountAnswerSchema, orderKeys, orderSchema, partKeys } from '@pcpp/contracts';

/** DELETE /order/{id} (admin): an unpaid order goes, and its quantity back to stock. */
export async function deleteOrder(id: string): Promise<ApiAnswer<'/order/{id}', 'delete'>> {
  const { data } = await apiClient.delete<unknown>(`/order/${encodeURIComponent(id)}`);
  return deletedCountAnswerSchema.parse(data);
}

/** PATCH /order/{id}/status (admin): shipped, delivered or cancelled, as the lifecycle allows. */
export async function setOrderStatus(
  id: string,
  status: ApiRequestBody<'/order/{id}/status', 'patch'>['status'],
): Promise<ApiAnswer<'/order/{id}/status', 'patch'>> {
  const { data } = await apiClient.patch<unknown>(`/order/${encodeURIComponent(id)}/status`, { status });
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
  return useMutation({ mutationFn: deleteOrder, onSettled });
}

export function useSetOrderStatus() {
  const onSettled = useInvalidateAfterOrderChange();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'shipped' | 'delivered' | 'cancelled' }) => setOrderStatus(id, status),
    onSettled,
  });
}
