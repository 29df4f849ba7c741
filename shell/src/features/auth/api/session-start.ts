import { ACCESS_TOKEN_KEY } from '@pcpp/contracts';

/**
 * Kept in localStorage while the identity provider has a signed-in user. The provider keeps that
 * user in IndexedDB, which cannot be read before the first paint; this key can.
 */
export const PROVIDER_USER_KEY = 'providerSignedIn';

type ReadableStorage = Pick<Storage, 'getItem'>;

function storedValue(storage: ReadableStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** True when this browser may hold a session: the api's token or the provider's user. */
export function mayHaveSession(storage: ReadableStorage | null): boolean {
  return storedValue(storage, ACCESS_TOKEN_KEY) !== null || storedValue(storage, PROVIDER_USER_KEY) !== null;
}

/** The page that applies an emailed link (verify an email, reset a password) as it opens. */
const ACTION_LINK_PATH = '/auth/action';

/**
 * What the page does at start without loading the identity provider's SDK: 'restore' waits for it
 * (the status stays unknown, so nothing shows a signed-out state to a signed-in person),
 * 'preload' says signed out at once and loads it in the background (the page needs it at once),
 * 'none' says signed out and leaves it unloaded. The sign-in forms (login, signup, forgot password)
 * load it when the person turns to them (components/sign-in-intent.ts): a visitor who only looks never pays
 * for its ~37 KB (issue 47).
 */
export function sessionStart(pathname: string, storage: ReadableStorage | null): 'restore' | 'preload' | 'none' {
  if (mayHaveSession(storage)) return 'restore';
  return pathname.replace(/\/+$/, '').toLowerCase() === ACTION_LINK_PATH ? 'preload' : 'none';
}

/** A write by another tab that may mean someone signed in there (the storage event's fields). */
export function signedInElsewhere(event: { key: string | null; newValue: string | null }): boolean {
  return (event.key === ACCESS_TOKEN_KEY || event.key === PROVIDER_USER_KEY) && event.newValue !== null;
}

export function rememberProviderUser(storage: Pick<Storage, 'setItem' | 'removeItem'> | null, signedIn: boolean): void {
  try {
    if (signedIn) storage?.setItem(PROVIDER_USER_KEY, '1');
    else storage?.removeItem(PROVIDER_USER_KEY);
  } catch {
    // Private mode or no storage: the next visit then starts signed out until the SDK loads.
  }
}
