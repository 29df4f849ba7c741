import { useSyncExternalStore } from 'react';
import type { BuildState } from '@pcpp/contracts/core';

/**
 * The build last added to the cart ('Add build to cart'): its parts, its state and its Problems'
 * sentences as the builder checked them. The cart marks those parts with the state; the checkout
 * repeats the Problems above its button. Kept in this browser, as the compare tray is.
 */
export interface CartBuild {
  productIds: string[];
  state: BuildState;
  problems: string[];
}

const KEY = 'pcpp-cart-build';
const listeners = new Set<() => void>();
let stored: CartBuild | null | undefined;

function read(): CartBuild | null {
  if (stored !== undefined) return stored;
  try {
    const value: unknown = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? 'null');
    stored = value && typeof value === 'object' && Array.isArray((value as CartBuild).productIds) ? (value as CartBuild) : null;
  } catch {
    stored = null;
  }
  return stored;
}

export function rememberCartBuild(build: CartBuild): void {
  stored = build;
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(build));
  } catch {
    // Private browsing without storage: the mark lasts as long as the page.
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The build in the cart, of the lines still there; null on the server and while hydrating. */
export function useCartBuild(productIdsInCart: string[]): CartBuild | null {
  const build = useSyncExternalStore(subscribe, read, () => null);
  if (!build) return null;
  const productIds = build.productIds.filter((id) => productIdsInCart.includes(id));
  return productIds.length > 0 ? { ...build, productIds } : null;
}
