import { queryOptions, useQuery } from '@tanstack/react-query';
import { getParsed, userKeys } from '@pcpp/contracts';
import { type ApiAnswer, profileSchema } from '@pcpp/contracts/core';

/** GET /user/one?email= : the caller's own profile fields. */
export function getProfile(email: string, signal?: AbortSignal): Promise<ApiAnswer<'/user/one', 'get'>> {
  return getParsed(profileSchema, '/user/one', { params: { email }, signal });
}

export const profileQuery = (email: string) =>
  queryOptions({ queryKey: userKeys.profile(email), queryFn: ({ signal }) => getProfile(email, signal) });

export const useProfile = (email: string) => useQuery(profileQuery(email));
