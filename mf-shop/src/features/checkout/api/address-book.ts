import { useQuery } from '@tanstack/react-query';
import { api, useAuth, userKeys } from '@pcpp/contracts';
import { addressBookSchema } from '@pcpp/contracts/core';

/** GET /me/addresses: the saved addresses the checkout offers, the default first. */
export function useAddressBook() {
  const email = useAuth((s) => s.user?.email ?? '');
  return useQuery({
    queryKey: userKeys.addresses(email),
    queryFn: ({ signal }) => api.get('/me/addresses', { signal, answer: addressBookSchema }),
    enabled: email !== '',
  });
}
