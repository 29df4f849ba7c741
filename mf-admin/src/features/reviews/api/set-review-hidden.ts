import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityKeys, apiClient, reviewKeys } from '@pcpp/contracts';
import { type ApiAnswer, moderatedReviewSchema } from '@pcpp/contracts/core';

/** PATCH /reviews/{id} (admin): a hidden review stays stored but the public never gets it. */
export async function setReviewHidden(id: string, hidden: boolean): Promise<ApiAnswer<'/reviews/{id}', 'patch'>> {
  const { data } = await apiClient.patch<unknown>(`/reviews/${encodeURIComponent(id)}`, { hidden });
  return moderatedReviewSchema.parse(data);
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
