import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, userKeys } from '@pcpp/contracts';
import { profileSchema } from '@pcpp/contracts/core';

/** GET /user/one?email= : the caller's own profile fields. */
export function getProfile(email: string, signal?: AbortSignal) {
  return api.get('/user/one', { query: { email }, signal, answer: profileSchema });
}

export const profileQuery = (email: string) =>
  queryOptions({ queryKey: userKeys.profile(email), queryFn: ({ signal }) => getProfile(email, signal) });

export const useProfile = (email: string) => useQuery(profileQuery(email));
