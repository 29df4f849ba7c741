import { useCallback, useEffect, useState } from 'react';
import { errorMessage, type Profile } from '@pcpp/contracts';
import { fetchProfile } from './profile-api';

export type ProfileState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; profile: Profile };

/**
 * The server's profile of `email`. `retry` asks again after a failure; `replace` shows a saved
 * profile at once, without asking the server again.
 */
export function useProfile(email: string | undefined) {
  const [attempt, setAttempt] = useState(0);
  const key = `${email ?? ''}#${attempt}`;
  // The answer remembers which request it belongs to, so a new email or a retry shows loading.
  const [answer, setAnswer] = useState<{ key: string; state: ProfileState } | null>(null);

  useEffect(() => {
    if (!email) return;
    let current = true;
    fetchProfile(email)
      .then((profile) => current && setAnswer({ key, state: { status: 'ready', profile } }))
      .catch((error: unknown) => current && setAnswer({ key, state: { status: 'error', message: errorMessage(error) } }));
    return () => {
      current = false;
    };
  }, [email, key]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback((profile: Profile) => setAnswer({ key, state: { status: 'ready', profile } }), [key]);
  const state: ProfileState = answer?.key === key ? answer.state : { status: 'loading' };
  return { state, retry, replace };
}
