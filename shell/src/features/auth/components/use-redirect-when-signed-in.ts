import { useEffect } from 'react';
import { useLocation, useNavigate } from '@pcpp/contracts/router';
import { useAuth } from '@pcpp/contracts';
import { cameFromState } from './router-state';

/** Once the session is up, go back where the user came from (or home), replacing history. */
export function useRedirectWhenSignedIn(): void {
  const status = useAuth((s) => s.status);
  const navigate = useNavigate();
  // Where the person came from, or home.
  const cameFrom = cameFromState(useLocation().state);
  const target = cameFrom ? `${cameFrom.pathname}${cameFrom.search}${cameFrom.hash}` : '/';
  useEffect(() => {
    if (status !== 'signedIn') return;
    navigate(target, { replace: true });
  }, [status, target, navigate]);
}
