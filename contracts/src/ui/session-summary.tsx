import { useAuth } from '@pcpp/contracts';

/** One line about who is browsing, read from the shared auth store. */
export function SessionSummary() {
  const status = useAuth((s) => s.status);
  const email = useAuth((s) => s.user?.email);
  const text =
    status === 'unknown'
      ? 'Checking your session…'
      : status === 'signedIn'
        ? `Signed in as ${email}`
        : 'Log in or create an account to order parts.';
  // Marked while unknown: a page read without scripts (server-rendered) never learns, and hides it.
  return (
    <p data-testid="session-summary" data-session-pending={status === 'unknown' ? '' : undefined}>
      {text}
    </p>
  );
}
