import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { activityKeys, apiClient, toolKeys } from '@pcpp/contracts';

const deletedSchema = z.object({ deletedCount: z.number().int() });

/** DELETE /tools/{id} (admin). Orders keep their own copy of the part's name and price. */
export async function deleteProduct(id: string) {
  const { data } = await apiClient.delete<unknown>(`/tools/${encodeURIComponent(id)}`);
  return deletedSchema.parse(data);
}

/** Home, the catalog (mf-shop) and this table are stale once a part goes. */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: toolKeys.all }),
        queryClient.invalidateQueries({ queryKey: activityKeys.all }),
      ]),
  });
}
