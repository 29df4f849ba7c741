import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { userKeys } from './query-keys';

/**
 * The answer's check loads with the first read, in the shared kit's build (the shell's), with the
 * zod the shell's own reads load on every signed-in page: My Profile loads no second copy.
 */
const profileSchema = () => import('../entity-schemas').then((entities) => entities.profileSchema);

/** GET /user/one?email= : the caller's own profile fields. */
export function getProfile(email: string, signal?: AbortSignal) {
  return api.get('/user/one', { query: { email }, signal, answer: profileSchema });
}

export const profileQuery = (email: string) =>
  queryOptions({ queryKey: userKeys.profile(email), queryFn: ({ signal }) => getProfile(email, signal) });

export const useProfile = (email: string) => useQuery(profileQuery(email));
