import { useQuery } from '@tanstack/react-query';
import { api, useAuth, userKeys } from '@pcpp/contracts';
import { profileSchema } from '@pcpp/contracts/core';

/**
 * GET /user/one: the signed-in customer's profile, for the saved address (the one address book):
 * the checkout starts from it, the cart's estimate ships to its country, the Purchase page fills
 * its address from it. Idle for a visitor.
 */
export function useProfile() {
  const email = useAuth((s) => s.user?.email ?? '');
  return useQuery({
    queryKey: userKeys.profile(email),
    queryFn: ({ signal }) => api.get('/user/one', { query: { email }, signal, answer: profileSchema }),
    enabled: email !== '',
  });
}
