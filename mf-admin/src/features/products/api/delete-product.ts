import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityKeys, api, partKeys } from '@pcpp/contracts';
import { deletedCountAnswerSchema } from '@pcpp/contracts/core';

/** DELETE /tools/{id} (admin). Orders keep their own copy of the part's name and price. */
export function deletePart(id: string) {
  return api.delete('/tools/{id}', { params: { id }, answer: deletedCountAnswerSchema });
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
