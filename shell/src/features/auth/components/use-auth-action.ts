import { useState } from 'react';
import { useAuth } from '@pcpp/contracts';
import { authErrorMessage } from '../api/auth-error-message';

/** Runs a sign-in action: busy while it runs, a readable sentence when it fails. */
export function useAuthAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
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
  return { busy, error: error ?? sessionError, run };
}
