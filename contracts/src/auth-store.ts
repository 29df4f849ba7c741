import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/** The spec keeps the api's access token in localStorage under this key. */
export const ACCESS_TOKEN_KEY = 'accessToken';

export type AuthStatus = 'unknown' | 'signedOut' | 'signedIn';

export interface AuthUser {
  uid: string;
  email: string;
  displayName: string | null;
  photoURL: string | null;
  emailVerified: boolean;
  /** The account signs in with a password (Settings can change it); false for Google only. */
  hasPassword?: boolean;
}

/** The api's access token and when it stops working (epoch ms; null when the api did not say). */
export interface AccessToken {
  token: string;
  expiresAt: number | null;
}

/** Supplied by the shell, which owns the identity provider; the session layer calls them. */
export interface SessionHandlers {
  /** The signed-in identity with an ID token (fresh when asked); null when nobody is signed in. */
  currentIdentity: (forceRefresh: boolean) => Promise<{ email: string; idToken: string } | null>;
  /** Ends the session at the identity provider; the store is already signed out with a reason. */
  endSession: () => Promise<void>;
  /** Emails the signed-in person the link that verifies their address; fails with a sentence to show. */
  sendVerificationEmail: () => Promise<void>;
  /**
   * Account settings: signs the person in again (their password, or the Google window for an
   * account without one) and answers a fresh ID token, for the api's calls that need a recent
   * sign-in (closing the account, changing the email). Fails with a sentence to show.
   */
  reauthenticate?: (password: string | null) => Promise<string>;
  /**
   * Account settings: checks the current password, sets the new one, and keeps this browser signed
   * in (a new access token); every other session ends. Fails with a sentence to show.
   */
  changePassword?: (currentPassword: string, newPassword: string) => Promise<void>;
}

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  accessToken: string | null;
  accessTokenExpiresAt: number | null;
  handlers: SessionHandlers | null;
  /** Why the last session ended or failed to start, for the login page to say. */
  sessionError: string | null;
  /** True when the session ended on its own (not by Sign Out): the shell sends the person to /login. */
  sessionExpired: boolean;
  signedIn: (user: AuthUser, accessToken: AccessToken) => void;
  signedOut: (sessionError?: string, options?: { expired?: boolean }) => void;
  updateUser: (changes: Partial<Omit<AuthUser, 'uid'>>) => void;
  setAccessToken: (accessToken: AccessToken) => void;
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
  accessToken: readStoredToken(),
  // A stored token's lifetime is unknown: the shell exchanges a new one at start anyway.
  accessTokenExpiresAt: null,
  handlers: null,
  sessionError: null,
  sessionExpired: false,
  signedIn: (user, { token, expiresAt }) => {
    storeToken(token);
    set({
      status: 'signedIn',
      user,
      accessToken: token,
      accessTokenExpiresAt: expiresAt,
      sessionError: null,
      sessionExpired: false,
    });
  },
  signedOut: (sessionError, options) => {
    storeToken(null);
    set({
      status: 'signedOut',
      user: null,
      accessToken: null,
      accessTokenExpiresAt: null,
      sessionError: sessionError ?? null,
      sessionExpired: options?.expired ?? false,
    });
  },
  updateUser: (changes) => set((state) => (state.user ? { user: { ...state.user, ...changes } } : {})),
  setAccessToken: ({ token, expiresAt }) => {
    storeToken(token);
    set({ accessToken: token, accessTokenExpiresAt: expiresAt });
  },
  setHandlers: (handlers) => set({ handlers }),
}));

export function useAuth<T>(selector: (state: AuthState) => T): T {
  return useStore(authStore, selector);
}
