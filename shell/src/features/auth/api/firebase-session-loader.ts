import { authStore, type SessionHandlers } from '@pcpp/contracts';
import { signInText, type RuntimeConfig } from '@pcpp/contracts/core';
import type * as FirebaseSessionModule from './firebase-session';
import { sessionStart, signedInElsewhere } from './session-start';

type FirebaseSession = typeof FirebaseSessionModule;

let firebaseConfig: RuntimeConfig['firebase'] | null = null;
let loading: Promise<FirebaseSession> | null = null;

/**
 * The identity provider's SDK, loaded and started on first use. A signed-out visitor's page never
 * asks for it, so it costs them nothing (it is the page's largest script).
 */
export function firebaseSession(): Promise<FirebaseSession> {
  loading ??= import(/* webpackChunkName: "firebase-session" */ './firebase-session').then((session) => {
    if (!firebaseConfig) throw new Error(signInText.signInUnavailable);
    session.startFirebaseSession(firebaseConfig);
    return session;
  });
  // A chunk that failed to arrive may arrive on the next try.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** Starts loading the SDK ahead of need; a failure shows when the person acts. */
export function preloadFirebaseSession(): void {
  firebaseSession().catch((error: unknown) => console.warn('Could not load sign-in', error));
}

/** The session layer's calls reach the SDK through these, loading it when first asked. */
const handlers: SessionHandlers = {
  currentIdentity: async (forceRefresh) => (await firebaseSession()).sessionHandlers.currentIdentity(forceRefresh),
  endSession: async () => (await firebaseSession()).sessionHandlers.endSession(),
  sendVerificationEmail: async () => (await firebaseSession()).sessionHandlers.sendVerificationEmail(),
  // Settings (issue 46): a fresh sign-in for the api's calls that need one, and a new password.
  reauthenticate: async (password) => (await firebaseSession()).sessionHandlers.reauthenticate(password),
  changePassword: async (currentPassword, newPassword) => (await firebaseSession()).sessionHandlers.changePassword(currentPassword, newPassword),
};

/**
 * Decides from what this browser stored whether the page needs the SDK now. Someone who may be
 * signed in stays 'unknown' until the SDK has restored them; everyone else is signed out at once.
 */
export function startSession(config: RuntimeConfig['firebase']): void {
  firebaseConfig = config;
  authStore.getState().setHandlers(handlers);
  const start = sessionStart(window.location.pathname, globalThis.localStorage ?? null);
  if (start === 'restore') {
    firebaseSession().catch((error: unknown) => {
      console.error('Could not load sign-in', error);
      authStore.getState().signedOut(signInText.signInUnavailable);
    });
  } else {
    authStore.getState().signedOut();
    if (start === 'preload') preloadFirebaseSession();
  }
  // Signed in from another tab: the SDK, once loaded, restores that user here too.
  window.addEventListener('storage', (event) => {
    if (signedInElsewhere(event)) preloadFirebaseSession();
  });
}

/**
 * Sign Out: the provider first, then the page says signed out. The other way round, a reload right
 * after the page said so could find the provider's stored session still there and sign in again.
 */
export async function signOutEverywhere(): Promise<void> {
  try {
    await (await firebaseSession()).sessionHandlers.endSession();
  } finally {
    authStore.getState().signedOut();
  }
}

/** Google sign-in's popup support, loaded when the person shows intent (pointer over, focus). */
export function prepareGoogleSignIn(): void {
  firebaseSession()
    .then((session) => session.preparePopup())
    .catch((error: unknown) => console.warn('Could not prepare Google sign-in', error));
}
