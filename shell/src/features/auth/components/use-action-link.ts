import { useQuery } from '@tanstack/react-query';
import { authErrorMessage } from '../api/auth-error-message';

export type ActionLinkState<T> =
  | { status: 'checking' }
  | { status: 'ok'; value: T }
  | { status: 'failed'; error: string };

/**
 * Runs what an emailed link asks for when its page opens, once per code, and says how it went.
 * A code is single-use, so it is never retried or run again on a later mount.
 */
export function useActionLink<T>(
  mode: 'resetPassword' | 'verifyEmail' | 'verifyAndChangeEmail',
  oobCode: string,
  apply: (oobCode: string) => Promise<T>,
  fallback: string,
): ActionLinkState<T> {
  const query = useQuery({
    queryKey: ['auth-action', mode, oobCode],
    // Wrapped: a query may not resolve to undefined, and applying a link answers nothing.
    queryFn: async () => ({ value: await apply(oobCode) }),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  if (query.isPending) return { status: 'checking' };
  if (query.isError) return { status: 'failed', error: authErrorMessage(query.error, fallback) };
  return { status: 'ok', value: query.data.value };
}
