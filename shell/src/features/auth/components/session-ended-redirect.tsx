import { useEffect } from 'react';
import { useLocation, useNavigate } from '@pcpp/contracts/router';
import { authStore, useAuth } from '@pcpp/contracts';

/**
 * When the session could not be renewed, the api client signs out with a sentence; this sends
 * the person to /login (which shows it) and back to where they were after they sign in again.
 */
export function SessionEndedRedirect() {
  const expired = useAuth((s) => s.sessionExpired);
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (!expired) return;
    // Once only: leaving /login afterwards must not bring the person back to it.
    authStore.setState({ sessionExpired: false });
    if (location.pathname !== '/login') navigate('/login', { state: { from: location } });
  }, [expired, location, navigate]);
  return null;
}
