import { useEffect, useState } from 'react';
import { apiClient } from './api-client';
import { authStore, useAuth } from './auth-store';

/**
 * The last answer per email, for this page. Guards and the dashboard frame of each remote ask
 * again on every mount; with the last answer at hand they render at once instead of flashing a
 * loading state, and the fresh answer replaces it when it arrives.
 */
const lastAnswers = new Map<string, boolean>();
authStore.subscribe((state) => {
  if (state.status !== 'signedIn') lastAnswers.clear();
});

/** The server's answer to "is the signed-in user an admin?" (GET /admin/{email}); null while loading. */
export function useAdminFlag(): boolean | null {
  const email = useAuth((s) => s.user?.email);
  const [answer, setAnswer] = useState<{ email: string; admin: boolean } | null>(null);

  useEffect(() => {
    if (!email) return;
    let current = true;
    apiClient
      .get<{ admin: boolean }>(`/admin/${encodeURIComponent(email)}`)
      .then(({ data }) => {
        const admin = data.admin === true;
        lastAnswers.set(email, admin);
        if (current) setAnswer({ email, admin });
      })
      // When the check fails, treat the user as not an admin: the api refuses admin calls anyway.
      .catch(() => current && setAnswer({ email, admin: false }));
    return () => {
      current = false;
    };
  }, [email]);

  if (answer && answer.email === email) return answer.admin;
  return (email ? lastAnswers.get(email) : undefined) ?? null;
}
