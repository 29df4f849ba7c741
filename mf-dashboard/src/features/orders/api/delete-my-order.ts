import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, orderKeys, partKeys } from '@pcpp/contracts';
import { type ApiAnswer, deletedCountAnswerSchema } from '@pcpp/contracts/core';

/** DELETE /myorder/{id}: the customer's own unpaid order; its quantity goes back to stock. */
export async function deleteMyOrder(id: string): Promise<ApiAnswer<'/myorder/{id}', 'delete'>> {
  const { data } = await apiClient.delete<unknown>(`/myorder/${encodeURIComponent(id)}`);
  return deletedCountAnswerSchema.parse(data);
}

/** The list is refetched, and the stock on the shop's pages (mf-shop) is stale. */
export function useDeleteMyOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMyOrder,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: partKeys.all }),
      ]),
  });
}
