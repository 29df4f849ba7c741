import { useEffect, useState } from 'react';
import { apiClient } from './api-client';
import { useAuth } from './auth-store';

/** The server's answer to "is the signed-in user an admin?" (GET /admin/{email}); null while loading. */
export function useAdminFlag(): boolean | null {
  const email = useAuth((s) => s.user?.email);
  const [answer, setAnswer] = useState<{ email: string; admin: boolean } | null>(null);

  useEffect(() => {
    if (!email) return;
    let current = true;
    apiClient
      .get<{ admin: boolean }>(`/admin/${encodeURIComponent(email)}`)
      .then(({ data }) => current && setAnswer({ email, admin: data.admin === true }))
      // When the check fails, treat the user as not an admin: the api refuses admin calls anyway.
      .catch(() => current && setAnswer({ email, admin: false }));
    return () => {
      current = false;
    };
  }, [email]);

  return answer && answer.email === email ? answer.admin : null;
}
