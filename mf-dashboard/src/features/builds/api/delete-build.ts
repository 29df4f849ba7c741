import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, buildKeys } from '@pcpp/contracts';
import { type ApiAnswer, deletedCountAnswerSchema } from '@pcpp/contracts/core';

/** DELETE /builds/{id}: the owner's saved build; its shared link stops working. */
export async function deleteBuild(id: string): Promise<ApiAnswer<'/builds/{id}', 'delete'>> {
  const { data } = await apiClient.delete<unknown>(`/builds/${encodeURIComponent(id)}`);
  return deletedCountAnswerSchema.parse(data);
}

export function useDeleteBuild() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteBuild, onSettled: () => queryClient.invalidateQueries({ queryKey: buildKeys.all }) });
}
