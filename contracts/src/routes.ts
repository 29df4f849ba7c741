/**
 * Which remote owns which path, and who may open it. The shell reads this to pick the
 * remote for a location and the guard around it; each remote renders its own paths.
 * Paths match case-insensitively (the spec spells myOrders / myorders both ways).
 */
export type RemoteName = 'mf_shop' | 'mf_dashboard' | 'mf_admin';
export type Access = 'public' | 'user' | 'customer' | 'admin';

export interface RouteOwnership {
  /** react-router path pattern, absolute. */
  path: string;
  remote: RemoteName;
  access: Access;
  /**
   * Rendered in the browser only, though public: what it shows lives in the browser (the cart), so
   * the shell's server sends it as the browser renders it instead of rendering it.
   */
  browserOnly?: true;
}

/** First match wins: specific admin pages before the dashboard, the shop catches the rest. */
export const routeOwnership: readonly RouteOwnership[] = [
  { path: '/dashboard/overview', remote: 'mf_admin', access: 'admin' },
  { path: '/dashboard/makeadmin', remote: 'mf_admin', access: 'admin' },
  { path: '/dashboard/allOrder', remote: 'mf_admin', access: 'admin' },
  { path: '/dashboard/allOrder/:number', remote: 'mf_admin', access: 'admin' },
  { path: '/dashboard/addproduct', remote: 'mf_admin', access: 'admin' },
  { path: '/dashboard/manageproduct', remote: 'mf_admin', access: 'admin' },
  { path: '/dashboard/manageproduct/:id', remote: 'mf_admin', access: 'admin' },
  { path: '/dashboard/activity', remote: 'mf_admin', access: 'admin' },
  { path: '/dashboard/reviews', remote: 'mf_admin', access: 'admin' },
  { path: '/dashboard/releases', remote: 'mf_admin', access: 'admin' },
  { path: '/dashboard/addReview', remote: 'mf_dashboard', access: 'customer' },
  { path: '/dashboard/*', remote: 'mf_dashboard', access: 'user' },
  { path: '/purchase/:id', remote: 'mf_shop', access: 'user' },
  { path: '/checkout', remote: 'mf_shop', access: 'user' },
  { path: '/checkout/:id', remote: 'mf_shop', access: 'user' },
  { path: '/cart', remote: 'mf_shop', access: 'public', browserOnly: true },
  { path: '/*', remote: 'mf_shop', access: 'public' },
];

/**
 * True when `pathname` matches `pattern` (react-router's syntax as used above: `:name` is one
 * non-empty segment, a trailing `/*` any rest), case-insensitively. Pure, so the shell's server uses it too.
 */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const split = (path: string) => path.split('/').filter(Boolean);
  const patternParts = split(pattern);
  const parts = split(pathname);
  const splat = patternParts[patternParts.length - 1] === '*';
  if (splat) patternParts.pop();
  if (splat ? parts.length < patternParts.length : parts.length !== patternParts.length) return false;
  return patternParts.every((part, index) => (part.startsWith(':') ? true : part.toLowerCase() === parts[index]!.toLowerCase()));
}

/** The first entry of the ownership table whose pattern matches the path. */
export function routeOwnerOf(pathname: string): RouteOwnership {
  return routeOwnership.find(({ path }) => matchesRoute(path, pathname)) ?? routeOwnership[routeOwnership.length - 1]!;
}

/** The pages the shell renders itself (signing in, emailed links); every other path belongs to a remote. */
export const SHELL_PAGE_PATHS = ['/login', '/signup', '/forgot-password', '/auth/action'] as const;

export function isShellPagePath(pathname: string): boolean {
  const trimmed = (pathname.replace(/\/+$/, '') || '/').toLowerCase();
  return SHELL_PAGE_PATHS.some((path) => path.toLowerCase() === trimmed);
}

/** The module every remote exposes: a component that renders its <Routes>. */
export const REMOTE_ROUTES_MODULE = 'routes';

/** How the admin console names each remote (the Releases page). */
export const remoteDisplayNames: Record<RemoteName, string> = {
  mf_shop: 'Shop',
  mf_dashboard: 'Dashboard',
  mf_admin: 'Admin console',
};
