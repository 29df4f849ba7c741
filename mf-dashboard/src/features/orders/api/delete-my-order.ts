import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, orderKeys, partKeys } from '@pcpp/contracts';
import { deletedCountAnswerSchema } from '@pcpp/contracts/core';

/** DELETE /myorder/{id}: the customer's own unpaid order (one part of ours); its quantity goes back to stock. */
export function deleteMyOrder(id: string) {
  return api.delete('/myorder/{id}', { params: { id }, answer: deletedCountAnswerSchema });
}

/**
 * Deletes unpaid parts one after the other with the spec's call: one part, or every unpaid part of
 * an order (Delete on its header row). Answers how many were deleted now (0: deleted already).
 */
export async function deleteMyOrderLines(ids: string[]): Promise<{ deletedCount: number }> {
  let deletedCount = 0;
  for (const id of ids) deletedCount += (await deleteMyOrder(id)).deletedCount;
  return { deletedCount };
}

/** The lists are refetched, and the stock on the shop's pages (mf-shop) is stale. */
export function useDeleteMyOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMyOrderLines,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: partKeys.all }),
      ]),
  });
}
