import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, userKeys } from '@pcpp/contracts';
import { type ApiAnswer, profileSchema, type ProfileUpdateInput } from '@pcpp/contracts/core';

/** PUT /user/{email} with the access token (the api client adds it): answers the saved profile. */
export async function updateProfile(email: string, changes: ProfileUpdateInput): Promise<ApiAnswer<'/user/{email}', 'put'>> {
  const { data } = await apiClient.put<unknown>(`/user/${encodeURIComponent(email)}`, changes);
  return profileSchema.parse(data);
}

/** Saves, then shows the saved profile at once without asking the server again. */
export function useUpdateProfile(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileUpdateInput) => updateProfile(email, changes),
    onSuccess: (saved) => queryClient.setQueryData(userKeys.profile(email), saved),
  });
}
