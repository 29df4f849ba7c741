import { useEffect, useState } from 'react';
import { authErrorMessage } from '../api/auth-error-message';

export type ActionLinkState<T> =
  | { status: 'checking' }
  | { status: 'ok'; value: T }
  | { status: 'failed'; error: string };

/**
 * Runs what an emailed link asks for when its page opens, and says how it went. Give the page
 * `key={oobCode}`: another code starts over from 'checking'.
 */
export function useActionLink<T>(
  oobCode: string,
  apply: (oobCode: string) => Promise<T>,
  fallback: string,
): ActionLinkState<T> {
  const [state, setState] = useState<ActionLinkState<T>>({ status: 'checking' });
  useEffect(() => {
    let current = true;
    apply(oobCode).then(
      (value) => current && setState({ status: 'ok', value }),
      (failure: unknown) => current && setState({ status: 'failed', error: authErrorMessage(failure, fallback) }),
    );
    return () => {
      current = false;
    };
  }, [oobCode, apply, fallback]);
  return state;
}
