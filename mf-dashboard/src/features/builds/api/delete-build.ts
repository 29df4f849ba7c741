import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, buildKeys } from '@pcpp/contracts';
import { deletedCountAnswerSchema } from '@pcpp/contracts/core';

/** DELETE /builds/{id}: the owner's saved build; its shared link stops working. */
export function deleteBuild(id: string) {
  return api.delete('/builds/{id}', { params: { id }, answer: deletedCountAnswerSchema });
}

export function useDeleteBuild() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteBuild, onSettled: () => queryClient.invalidateQueries({ queryKey: buildKeys.all }) });
}
