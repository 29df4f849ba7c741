import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityKeys, apiClient, partKeys } from '@pcpp/contracts';
import { type ApiAnswer, deletedCountAnswerSchema } from '@pcpp/contracts/core';

/** DELETE /tools/{id} (admin). Orders keep their own copy of the part's name and price. */
export async function deletePart(id: string): Promise<ApiAnswer<'/tools/{id}', 'delete'>> {
  const { data } = await apiClient.delete<unknown>(`/tools/${encodeURIComponent(id)}`);
  return deletedCountAnswerSchema.parse(data);
}

/** Home, the catalog (mf-shop) and this table are stale once a part goes. */
export function useDeletePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePart,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: partKeys.all }),
        queryClient.invalidateQueries({ queryKey: activityKeys.all }),
      ]),
  });
}
