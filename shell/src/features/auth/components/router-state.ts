// What another page handed the auth pages in the router state, read without a schema library: these
// pages' first load leaves zod out (it loads with the forms' first check, form-resolvers.ts).

/** The most of a reason ('Log in to order …') the login page shows. */
const MAX_REASON_LENGTH = 200;

const optionalText = (value: unknown): value is string | undefined => value === undefined || typeof value === 'string';

/**
 * Where the person came from: a whole location (the route guards) or only its pathname (a page's own
 * link to /login), always a path of this shop. Anything else is null.
 */
export function cameFromState(state: unknown): { pathname: string; search: string; hash: string } | null {
  const from: unknown = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  if (typeof from !== 'object' || from === null) return null;
  const { pathname, search, hash } = from as Record<string, unknown>;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || !optionalText(search) || !optionalText(hash)) return null;
  return { pathname, search: search ?? '', hash: hash ?? '' };
}

/** Why a page sent the person to log in, trimmed; null when there is none or it is not a short text. */
export function loginReasonState(state: unknown): string | null {
  const reason: unknown = typeof state === 'object' && state !== null ? (state as { reason?: unknown }).reason : undefined;
  if (typeof reason !== 'string') return null;
  const trimmed = reason.trim();
  return trimmed.length > 0 && trimmed.length <= MAX_REASON_LENGTH ? trimmed : null;
}
