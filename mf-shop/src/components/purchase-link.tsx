import type { MouseEvent } from 'react';
import { Link, useNavigate } from '@pcpp/contracts/router';
import { type AuthStatus, useAuth } from '@pcpp/contracts';
import { type Part, loginReasons } from '@pcpp/contracts/core';
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

/** Where a signed-out visitor who presses Purchase goes: to log in, told why, then back to the purchase page. */
export function loginToPurchase(part: Pick<Part, '_id' | 'name'>): { to: '/login'; state: LoginState } {
  return {
    to: '/login',
    state: { from: { pathname: purchaseHref(part._id), search: '', hash: '' }, reason: loginReasons.toOrder(part.name) },
  };
}

/** A plain click, not one that opens the link elsewhere (new tab, window, download). */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/**
 * The spec's Purchase button. Its address is always the purchase page (the shell's access gate
 * guards it); a signed-out visitor's click goes to the login page with the reason instead.
 */
export function PurchaseLink({
  part,
  className,
  describedBy,
}: {
  part: Pick<Part, '_id' | 'name'>;
  className?: string;
  /** Id of the part's name: the link is named "Purchase" like the spec's button, the name describes it. */
  describedBy?: string;
}) {
  const status: AuthStatus = useAuth((s) => s.status);
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (status !== 'signedOut' || !isPlainClick(event)) return;
    event.preventDefault();
    const { to, state } = loginToPurchase(part);
    navigate(to, { state });
  };
  return (
    <Button as={Link} to={purchaseHref(part._id)} onClick={onClick} className={className} aria-describedby={describedBy}>
      Purchase
    </Button>
  );
}
