import { lazy, Suspense, useState } from 'react';
import { useAuth, useCartCount } from '@pcpp/contracts';
import { routeOwnerOf, isShellPagePath } from '@pcpp/contracts/core';
import { useLocation } from '@pcpp/contracts/router';

// The toast library and its styles load when a page may show a toast, not with every page.
const Toasts = lazy(() => import(/* webpackChunkName: "toasts" */ './toasts'));

/**
 * Toasts come from signing in, from the signed-in pages (orders, profile, admin) and from the cart
 * (a part added, a cart that could not be saved): the container mounts for those, and stays. The
 * sign-in pages show their errors in the form; their toasts (a welcome) come once signed in. A toast asked for before it mounts waits in react-toastify's queue
 * and shows when it does, so none is lost; a visitor who only browses never downloads it.
 */
export function ToastHost() {
  const { pathname } = useLocation();
  const signedIn = useAuth((s) => s.status === 'signedIn');
  const cartCount = useCartCount();
  const needed = signedIn || Boolean(cartCount) || (!isShellPagePath(pathname) && routeOwnerOf(pathname).access !== 'public');
  const [mounted, setMounted] = useState(false);
  if (needed && !mounted) setMounted(true);
  if (!needed && !mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
