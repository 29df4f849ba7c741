import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityKeys, api, reviewKeys } from '@pcpp/contracts';
import { moderatedReviewSchema } from '@pcpp/contracts/core';

/** PATCH /reviews/{id} (admin): a hidden review stays stored but the public never gets it. */
export function setReviewHidden(id: string, hidden: boolean) {
  return api.patch('/reviews/{id}', { params: { id }, body: { hidden }, answer: moderatedReviewSchema });
}

/** reviewKeys.all covers the shop's home reviews too: they leave (or come back) at once. */
export function useSetReviewHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) => setReviewHidden(id, hidden),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
        queryClient.invalidateQueries({ queryKey: activityKeys.all }),
      ]),
  });
}
