// Where a person who signed up on the way somewhere (the checkout) goes back to once the emailed
// link has verified their address: kept in this browser's storage, since the link opens in a new tab.
import { cameFromState } from './router-state';

const KEY = 'returnAfterVerify';

/** Remembers where the sign-up was on its way to (nothing, and nothing older, when it came from nowhere in particular). */
export function rememberReturnAfterVerify(state: unknown): void {
  const cameFrom = cameFromState(state);
  try {
    if (cameFrom && !cameFrom.pathname.startsWith('//')) globalThis.localStorage?.setItem(KEY, `${cameFrom.pathname}${cameFrom.search}`);
    else globalThis.localStorage?.removeItem(KEY);
  } catch {
    // No storage: the verification page offers the shop instead.
  }
}

/**
 * The path to go back to after verifying. Read without forgetting it (the page may mount twice
 * while the session starts); forgotten when the person follows it (forgetReturnAfterVerify).
 */
export function returnAfterVerify(): string | null {
  try {
    const path = globalThis.localStorage?.getItem(KEY) ?? null;
    return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}

export function forgetReturnAfterVerify(): void {
  try {
    globalThis.localStorage?.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
