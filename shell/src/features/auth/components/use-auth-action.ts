import { useState } from 'react';
import { useAuth } from '@pcpp/contracts';
import { authErrorMessage } from '../api/auth-error-message';
import { useRedirectWhenSignedIn } from './use-redirect-when-signed-in';

/**
 * What Login and Sign Up share: wait for the session state, leave once signed in, and run a
 * sign-in action, busy while it runs, with a readable sentence when it fails.
 */
export function useAuthAction() {
  useRedirectWhenSignedIn();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const status = useAuth((s) => s.status);
  const sessionError = useAuth((s) => s.sessionError);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(authErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }
  return {
    checking: status === 'unknown',
    // Still working after a successful sign-in, until the redirect happens.
    working: busy || status === 'signedIn',
    error: error ?? sessionError,
    run,
  };
}
