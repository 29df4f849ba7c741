import { useState } from 'react';
import { authErrorMessage } from '../api/auth-error-message';

/**
 * One call to the identity provider at a time: busy while it runs, and a readable sentence
 * when it fails (`fallback` for failures without a sentence of their own).
 */
export function useAuthRequest(fallback?: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(authErrorMessage(failure, fallback));
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, run };
}
