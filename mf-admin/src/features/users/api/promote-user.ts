import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityKeys, apiClient, userKeys } from '@pcpp/contracts';
import { type ApiAnswer, modifiedCountAnswerSchema } from '@pcpp/contracts/core';

/** PUT /user/admin/{email} (admin): the account becomes an admin; its next admin call works at once. */
export async function promoteUser(email: string): Promise<ApiAnswer<'/user/admin/{email}', 'put'>> {
  const { data } = await apiClient.put<unknown>(`/user/admin/${encodeURIComponent(email)}`);
  return modifiedCountAnswerSchema.parse(data);
}

/** DELETE /user/admin/{email} (admin): the admin is a customer again from its very next call. */
export async function demoteUser(email: string): Promise<ApiAnswer<'/user/admin/{email}', 'delete'>> {
  const { data } = await apiClient.delete<unknown>(`/user/admin/${encodeURIComponent(email)}`);
  return modifiedCountAnswerSchema.parse(data);
}

/** The users table (and anyone's cached admin flag) is stale once a role changes. */
function useRoleChange(change: (email: string) => Promise<{ modifiedCount: number }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: activityKeys.all }),
      ]),
  });
}

export const usePromoteUser = () => useRoleChange(promoteUser);
export const useDemoteUser = () => useRoleChange(demoteUser);
