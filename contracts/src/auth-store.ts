import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { Role } from './entities';

/** The spec keeps the api's access token in localStorage under this key. */
export const ACCESS_TOKEN_KEY = 'accessToken';

export type AuthStatus = 'unknown' | 'signedOut' | 'signedIn';

export interface AuthUser {
  uid: string;
  email: string;
  displayName: string | null;
  photoURL: string | null;
  emailVerified: boolean;
}

/** Supplied by the shell, which owns the identity provider; the api client calls them. */
export interface SessionHandlers {
  /** Exchanges a fresh identity token for a new access token; null when that fails. */
  refreshAccessToken: () => Promise<string | null>;
  signOut: () => Promise<void>;
}

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  role: Role | null;
  accessToken: string | null;
  handlers: SessionHandlers | null;
  /** Why the last attempt to start a session failed, for the login page to say. */
  sessionError: string | null;
  signedIn: (user: AuthUser, accessToken: string, role: Role) => void;
  signedOut: (sessionError?: string) => void;
  updateUser: (changes: Partial<Omit<AuthUser, 'uid'>>) => void;
  setAccessToken: (token: string) => void;
  setHandlers: (handlers: SessionHandlers) => void;
}

function readStoredToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(ACCESS_TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

function storeToken(token: string | null): void {
  try {
    if (token) globalThis.localStorage?.setItem(ACCESS_TOKEN_KEY, token);
    else globalThis.localStorage?.removeItem(ACCESS_TOKEN_KEY);
  } catch {
    // Private mode or no storage: the token then lives in memory only.
  }
}

/**
 * One store for the shell and every remote: the contracts package is a Module Federation
 * singleton, so this module (and the store in it) is evaluated once per page.
 */
export const authStore = createStore<AuthState>()((set) => ({
  status: 'unknown',
  user: null,
  role: null,
  accessToken: readStoredToken(),
  handlers: null,
  sessionError: null,
  signedIn: (user, accessToken, role) => {
    storeToken(accessToken);
    set({ status: 'signedIn', user, accessToken, role, sessionError: null });
  },
  signedOut: (sessionError) => {
    storeToken(null);
    set({ status: 'signedOut', user: null, accessToken: null, role: null, sessionError: sessionError ?? null });
  },
  updateUser: (changes) => set((state) => (state.user ? { user: { ...state.user, ...changes } } : {})),
  setAccessToken: (token) => {
    storeToken(token);
    set({ accessToken: token });
  },
  setHandlers: (handlers) => set({ handlers }),
}));

export function useAuth<T>(selector: (state: AuthState) => T): T {
  return useStore(authStore, selector);
}
