import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@pcpp/contracts';
import { alertSchema, deletedCountAnswerSchema } from '@pcpp/contracts/core';

const alertKeys = { mine: (email: string) => ['alerts', 'mine', email] as const };

/** GET /alerts: the signed-in account's waiting alerts, newest first (at most 50: one answer). */
export const myAlertsQuery = (email: string) =>
  queryOptions({ queryKey: alertKeys.mine(email), queryFn: ({ signal }) => api.get('/alerts', { signal, answer: alertSchema.array() }) });

export const useMyAlerts = (email: string) => useQuery(myAlertsQuery(email));

/** DELETE /alerts/{id}: the alert ends; the list is read again. */
export function useRemoveAlert(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/alerts/{id}', { params: { id }, answer: deletedCountAnswerSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.mine(email) }),
  });
}
