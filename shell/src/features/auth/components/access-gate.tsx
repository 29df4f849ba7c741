import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@pcpp/contracts/router';
import { useAdminFlag, useAuth } from '@pcpp/contracts';
import { type Access, loginReasons } from '@pcpp/contracts/core';
import { Spinner } from '@pcpp/contracts/ui';

/**
 * The route guards. Signed-out users go to /login, remembering where they were. A non-admin on an
 * admin page, or an admin on a customer-only page (Add review), goes to /dashboard.
 */
export function AccessGate({ access, children }: { access: Access; children: ReactNode }) {
  const status = useAuth((s) => s.status);
  const location = useLocation();
  if (access === 'public') return children;
  if (status === 'unknown') return <Spinner label="Checking your session…" />;
  if (status === 'signedOut') {
    // The checkout says why (the cart is kept); other pages need no reason.
    const reason = location.pathname.toLowerCase() === '/checkout' ? { reason: loginReasons.toCheckOut } : {};
    return <Navigate to="/login" replace state={{ from: location, ...reason }} />;
  }
  if (access === 'user') return children;
  return <RoleGate access={access}>{children}</RoleGate>;
}

function RoleGate({ access, children }: { access: 'customer' | 'admin'; children: ReactNode }) {
  const admin = useAdminFlag();
  if (admin === null) return <Spinner label="Checking your access…" />;
  const allowed = access === 'admin' ? admin : !admin;
  return allowed ? children : <Navigate to="/dashboard" replace />;
}
