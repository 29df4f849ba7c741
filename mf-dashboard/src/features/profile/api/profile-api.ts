import { apiClient, type Profile, type ProfileUpdateInput } from '@pcpp/contracts';

/** GET /user/one?email= : the caller's own profile fields. */
export async function fetchProfile(email: string): Promise<Profile> {
  const { data } = await apiClient.get<Profile>('/user/one', { params: { email } });
  return data;
}

/** PUT /user/{email} with the access token (the api client adds it): answers the saved profile. */
export async function saveProfile(email: string, changes: ProfileUpdateInput): Promise<Profile> {
  const { data } = await apiClient.put<Profile>(`/user/${encodeURIComponent(email)}`, changes);
  return data;
}
