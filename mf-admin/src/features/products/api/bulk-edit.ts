import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityKeys, api, partKeys } from '@pcpp/contracts';
import { type ApiBody, bulkPartEditAnswerSchema } from '@pcpp/contracts/core';

export type BulkEditBody = ApiBody<'/tools/bulk', 'post'>;

/** POST /tools/bulk (admin): each row over its own version; the answer names the rows refused. */
export function bulkEditParts(body: BulkEditBody) {
  return api.post('/tools/bulk', { body, answer: bulkPartEditAnswerSchema });
}

export function useBulkEditParts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkEditParts,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: partKeys.all }), queryClient.invalidateQueries({ queryKey: activityKeys.all })]),
  });
}
