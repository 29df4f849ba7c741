import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, userKeys } from '@pcpp/contracts';
import { profileSchema, type ProfileUpdateInput } from '@pcpp/contracts/core';

/** PUT /user/{email} with the access token (the api client adds it): answers the saved profile. */
export function updateProfile(email: string, changes: ProfileUpdateInput) {
  return api.put('/user/{email}', { params: { email }, body: changes, answer: profileSchema });
}

/** Saves, then shows the saved profile at once without asking the server again. */
export function useUpdateProfile(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileUpdateInput) => updateProfile(email, changes),
    onSuccess: (saved) => queryClient.setQueryData(userKeys.profile(email), saved),
  });
}
