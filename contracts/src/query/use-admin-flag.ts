import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { useAuth } from '../auth-store';
import { userKeys } from './query-keys';

/** GET /admin/{email}: the role as the database holds it now. */
export async function getAdminFlag(email: string, signal?: AbortSignal): Promise<boolean> {
  const schema = () => import('../api-answers').then((answers) => answers.adminFlagAnswerSchema);
  const { admin } = await api.get('/admin/{email}', { params: { email }, signal, answer: schema });
  return admin;
}

/** Asked once per session and shared by the guard and the dashboard frame; a role change invalidates it. */
export const adminFlagQuery = (email: string) =>
  queryOptions({
    queryKey: userKeys.adminFlag(email),
    queryFn: ({ signal }) => getAdminFlag(email, signal),
    staleTime: Infinity,
  });

/** The server's answer to "is the signed-in user an admin?"; null while loading. */
export function useAdminFlag(): boolean | null {
  const email = useAuth((s) => s.user?.email);
  const query = useQuery({ ...adminFlagQuery(email ?? ''), enabled: Boolean(email) });
  if (!email) return null;
  if (query.isSuccess) return query.data;
  // When the check fails, treat the user as not an admin: the api refuses admin calls anyway.
  return query.isError ? false : null;
}
