import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, orderKeys, partKeys } from '@pcpp/contracts';
import { deletedCountAnswerSchema } from '@pcpp/contracts/core';

/** DELETE /myorder/{id}: the customer's own unpaid order; its quantity goes back to stock. */
export function deleteMyOrder(id: string) {
  return api.delete('/myorder/{id}', { params: { id }, answer: deletedCountAnswerSchema });
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
