import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityKeys, apiClient, partKeys } from '@pcpp/contracts';
import { type ApiAnswer, type ApiRequestBody, bulkPartEditAnswerSchema } from '@pcpp/contracts/core';

export type BulkEditBody = ApiRequestBody<'/tools/bulk', 'post'>;

/** POST /tools/bulk (admin): each row over its own version; the answer names the rows refused. */
export async function bulkEditParts(body: BulkEditBody): Promise<ApiAnswer<'/tools/bulk', 'post'>> {
  const { data } = await apiClient.post<unknown>('/tools/bulk', body);
  return bulkPartEditAnswerSchema.parse(data);
}

export function useBulkEditParts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkEditParts,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: partKeys.all }), queryClient.invalidateQueries({ queryKey: activityKeys.all })]),
  });
}
