import { useEffect } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router-dom';
import { useAuth } from '@pcpp/contracts';

/** Once the session is up, go back where the user came from (or home), replacing history. */
export function useRedirectWhenSignedIn(): void {
  const status = useAuth((s) => s.status);
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: Location } | null)?.from;
  useEffect(() => {
    if (status !== 'signedIn') return;
    navigate(from ? `${from.pathname}${from.search}${from.hash}` : '/', { replace: true });
  }, [status, from, navigate]);
}
