import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityKeys, api, partKeys } from '@pcpp/contracts';
import { partSchema } from '@pcpp/contracts/core';

/** POST /tools/{id}/put-back (admin): the edit an Activity entry recorded, undone (409 when the part changed since). */
export function putBack({ partId, activityId }: { partId: string; activityId: string }) {
  return api.post('/tools/{id}/put-back', { params: { id: partId }, body: { activityId }, answer: partSchema });
}

/** The part and the log change: both are read again. */
export function usePutBack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putBack,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: activityKeys.all }), queryClient.invalidateQueries({ queryKey: partKeys.all })]),
  });
}
