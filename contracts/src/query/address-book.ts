import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { useAuth } from '../auth-store';
import { userKeys } from './query-keys';

/** The answer's check (and zod) loads with the first read, not with the shared kit. */
const addressBookSchema = () => import('../account-schemas').then((schemas) => schemas.addressBookSchema);

/**
 * GET /me/addresses: the signed-in account's saved addresses, the default first. One query for
 * both remotes that show them: Settings' address book (mf-dashboard) and the checkout (mf-shop).
 */
export function useAddressBook() {
  const email = useAuth((s) => s.user?.email ?? '');
  return useQuery({
    queryKey: userKeys.addresses(email),
    queryFn: ({ signal }) => api.get('/me/addresses', { signal, answer: addressBookSchema }),
    enabled: email !== '',
  });
}
