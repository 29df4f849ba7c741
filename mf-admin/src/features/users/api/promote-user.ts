import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityKeys, api, userKeys } from '@pcpp/contracts';
import { modifiedCountAnswerSchema } from '@pcpp/contracts/core';

/** PUT /user/admin/{email} (admin): the account becomes an admin; its next admin call works at once. */
export function promoteUser(email: string) {
  return api.put('/user/admin/{email}', { params: { email }, answer: modifiedCountAnswerSchema });
}

/** DELETE /user/admin/{email} (admin): the admin is a customer again from its very next call. */
export function demoteUser(email: string) {
  return api.delete('/user/admin/{email}', { params: { email }, answer: modifiedCountAnswerSchema });
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
