import { useEffect } from 'react';
import { useLocation, useNavigate } from '@pcpp/contracts/router';
import { z } from 'zod';
import { useAuth } from '@pcpp/contracts';

/**
 * Where the person came from, in the router state: a whole location (the route guards) or only
 * its pathname (a page's own link to /login). Anything else means home.
 */
const cameFromSchema = z.object({
  from: z.object({
    pathname: z.string().startsWith('/'),
    search: z.string().optional(),
    hash: z.string().optional(),
  }),
});

/** Once the session is up, go back where the user came from (or home), replacing history. */
export function useRedirectWhenSignedIn(): void {
  const status = useAuth((s) => s.status);
  const navigate = useNavigate();
  const cameFrom = cameFromSchema.safeParse(useLocation().state);
  const target = cameFrom.success
    ? `${cameFrom.data.from.pathname}${cameFrom.data.from.search ?? ''}${cameFrom.data.from.hash ?? ''}`
    : '/';
  useEffect(() => {
    if (status !== 'signedIn') return;
    navigate(target, { replace: true });
  }, [status, target, navigate]);
}
