import { useAuth } from '@pcpp/contracts';
import { useAuthRequest } from './use-auth-request';
import { useRedirectWhenSignedIn } from './use-redirect-when-signed-in';

/**
 * What Login and Sign Up share: wait for the session state, leave once signed in, and run a
 * sign-in action, busy while it runs, with a readable sentence when it fails.
 */
export function useAuthAction() {
  useRedirectWhenSignedIn();
  const { busy, error, run } = useAuthRequest();
  const status = useAuth((s) => s.status);
  const sessionError = useAuth((s) => s.sessionError);
  return {
    checking: status === 'unknown',
    // Still working after a successful sign-in, until the redirect happens.
    working: busy || status === 'signedIn',
    error: error ?? sessionError,
    run,
  };
}
