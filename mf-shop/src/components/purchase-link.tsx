import { Link } from 'react-router-dom';
import { type AuthStatus, type Tool, loginReasons, useAuth } from '@pcpp/contracts';
import { Button } from '@pcpp/contracts/ui';
import { purchaseHref } from '../lib/catalog-url';

/**
 * Router state for /login: where to go after sign-in (the shape the shell's access gate writes)
 * and why the visitor was sent there, which the login page shows.
 */
export interface LoginState {
  from: { pathname: string; search: string; hash: string };
  reason: string;
}

/** Signed-out visitors go to /login with a reason and come back to the purchase page; others go straight there. */
export function purchaseTarget(tool: Pick<Tool, '_id' | 'name'>, status: AuthStatus): { to: string; state?: LoginState } {
  const to = purchaseHref(tool._id);
  // While the session is still unknown the shell's access gate decides, once it is known.
  if (status !== 'signedOut') return { to };
  return { to: '/login', state: { from: { pathname: to, search: '', hash: '' }, reason: loginReasons.toOrder(tool.name) } };
}

/** The spec's Purchase button, as a link. */
export function PurchaseLink({
  tool,
  className,
  describedBy,
}: {
  tool: Pick<Tool, '_id' | 'name'>;
  className?: string;
  /** Id of the part's name: the link is named "Purchase" like the spec's button, the name describes it. */
  describedBy?: string;
}) {
  const status = useAuth((s) => s.status);
  const { to, state } = purchaseTarget(tool, status);
  return (
    <Button as={Link} to={to} state={state} className={className} aria-describedby={describedBy}>
      Purchase
    </Button>
  );
}
