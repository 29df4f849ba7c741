import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, getParsed } from '@pcpp/contracts';
import { alertSchema, deletedCountAnswerSchema } from '@pcpp/contracts/core';

const alertKeys = { mine: (email: string) => ['alerts', 'mine', email] as const };

/** GET /alerts: the signed-in account's waiting alerts, newest first (at most 50: one answer). */
export const myAlertsQuery = (email: string) =>
  queryOptions({ queryKey: alertKeys.mine(email), queryFn: ({ signal }) => getParsed(alertSchema.array(), '/alerts', { signal }) });

export const useMyAlerts = (email: string) => useQuery(myAlertsQuery(email));

/** DELETE /alerts/{id}: the alert ends; the list is read again. */
export function useRemoveAlert(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => deletedCountAnswerSchema.parse((await apiClient.delete<unknown>(`/alerts/${encodeURIComponent(id)}`)).data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.mine(email) }),
  });
}
