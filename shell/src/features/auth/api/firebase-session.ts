import { FirebaseError, initializeApp } from 'firebase/app';
import {
  EmailAuthProvider,
  GoogleAuthProvider,
  applyActionCode,
  checkActionCode,
  confirmPasswordReset,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  browserLocalPersistence,
  browserSessionPersistence,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  onIdTokenChanged,
  reauthenticateWithCredential,
  reauthenticateWithPopup,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updatePassword,
  updateProfile,
  verifyPasswordResetCode,
  type Auth,
  type PopupRedirectResolver,
  type User as FirebaseUser,
} from 'firebase/auth';
import { authStore, errorMessage, exchangeIdToken, refreshAccessToken, requestVerificationEmail, type SessionHandlers } from '@pcpp/contracts';
import { accountText, signInText, type RuntimeConfig } from '@pcpp/contracts/core';
import { authErrorMessage, settingsErrorMessage } from './auth-error-message';
import { rememberProviderUser } from './session-start';
import { toast } from 'react-toastify';

// Loaded through firebase-session-loader.ts only, which starts the session before any other call.
let auth: Auth | null = null;
let usesEmulator = false;
/** Settles once the popup flow can start; see preparePopup. */
let popupReady: Promise<PopupRedirectResolver> | null = null;

function currentAuth(): Auth {
  if (!auth) throw new Error(signInText.signInUnavailable);
  return auth;
}

/** The signed-in identity with an ID token, for the token exchange (PUT /user/{email}). */
async function identityOf(user: FirebaseUser, forceRefresh = false): Promise<{ email: string; idToken: string }> {
  const email = user.email;
  if (!email) throw new Error('This account has no email address, so the shop cannot use it.');
  return { email, idToken: await user.getIdToken(forceRefresh) };
}

async function establishSession(user: FirebaseUser | null): Promise<void> {
  const store = authStore.getState();
  if (!user) {
    // Keep a failure message from a sign-in attempt that was just undone.
    store.signedOut(store.sessionError ?? undefined, { expired: store.sessionExpired });
    return;
  }
  try {
    const { notice, ...accessToken } = await exchangeIdToken(await identityOf(user));
    // The same id on every page load, so a sentence never shows twice at once.
    if (notice) toast.info(notice, { toastId: notice });
    store.signedIn(
      {
        uid: user.uid,
        email: user.email ?? '',
        displayName: user.displayName,
        photoURL: user.photoURL,
        emailVerified: user.emailVerified,
        hasPassword: user.providerData.some((provider) => provider.providerId === 'password'),
      },
      accessToken,
    );
  } catch (error) {
    console.error('Could not start a session with the api', error);
    // Undo the provider sign-in too, so the two never disagree about who is signed in.
    store.signedOut(`You could not be signed in to the shop: ${errorMessage(error)}`);
    await signOut(currentAuth());
  }
}

/**
 * The SDK's popup flow loads gapi.iframes from apis.google.com, even against the emulator.
 * The emulator proxy of the shell's host (tooling/auth-emulator) serves a stand-in on this
 * origin instead; once it defines gapi.iframes, the SDK never asks Google.
 */
function loadGapiStandIn(): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = '/__/auth-emulator/gapi-stand-in.js';
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('Google sign-in is not available right now. Reload the page and try again.'));
    document.head.append(script);
  });
}

export function startFirebaseSession(config: RuntimeConfig['firebase']): void {
  const app = initializeApp({
    apiKey: config.apiKey,
    authDomain: config.authDomain,
    projectId: config.projectId,
  });
  // The spec's persistence order (IndexedDB, local storage, session storage), and no popup/redirect
  // resolver: its helper iframe is loaded only when Google sign-in is asked for (preparePopup).
  auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
  });
  usesEmulator = config.useAuthEmulator ?? false;
  if (usesEmulator) {
    // Same origin as the page: the emulator's popup must reach the SDK's helper iframe.
    connectAuthEmulator(auth, window.location.origin, { disableWarnings: true });
  }
  onAuthStateChanged(auth, (user) => {
    // The next page load reads this before the SDK is loaded (session-start.ts).
    rememberProviderUser(globalThis.localStorage ?? null, user !== null);
    void establishSession(user);
  });
  // A verification link opened in another tab of this browser refreshes the identity there; the
  // SDK shares it through its storage and announces the new token here.
  onIdTokenChanged(auth, (user) => {
    if (user?.emailVerified) markEmailVerified(user.uid);
  });
  // Verified on another device: catch up when the person comes back to this window.
  window.addEventListener('focus', () => {
    refreshEmailVerified().catch((error: unknown) => console.warn('Could not refresh the sign-in state', error));
  });
}

/** The api client renews the access token through these (contracts/src/api-client.ts). */
export const sessionHandlers: Required<SessionHandlers> = {
  currentIdentity: async (forceRefresh) => {
    const user = await restoredUser();
    return user ? identityOf(user, forceRefresh) : null;
  },
  endSession: () => signOut(currentAuth()),
  sendVerificationEmail: async () => {
    const user = await restoredUser();
    if (!user) throw new Error(signInText.verificationSendFailed);
    try {
      await sendVerificationLink(user);
    } catch (error) {
      throw new Error(authErrorMessage(error, signInText.verificationSendFailed), { cause: error });
    }
  },
  reauthenticate: async (password) => {
    const user = await signedInUser();
    try {
      await signInAgain(user, password);
      return await user.getIdToken();
    } catch (error) {
      throw new Error(settingsErrorMessage(error, accountText.signInAgain), { cause: error });
    }
  },
  changePassword: async (currentPassword, newPassword) => {
    const user = await signedInUser();
    try {
      await signInAgain(user, currentPassword);
      await updatePassword(user, newPassword);
      // Every session of the account ended with the new password, this one too: a sign-in with it
      // starts this browser's again (the token exchange refuses ID tokens signed in before).
      await signInWithEmailAndPassword(currentAuth(), user.email ?? '', newPassword);
    } catch (error) {
      throw new Error(settingsErrorMessage(error, 'Your password could not be changed. Please try again.'), { cause: error });
    }
    await refreshAccessToken();
  },
};

async function signedInUser(): Promise<FirebaseUser> {
  const user = await restoredUser();
  if (!user) throw new Error(signInText.signInUnavailable);
  return user;
}

/** A fresh sign-in of the same account: its password, or the Google window when it has none. */
async function signInAgain(user: FirebaseUser, password: string | null): Promise<void> {
  if (password !== null) {
    await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email ?? '', password));
    return;
  }
  await reauthenticateWithPopup(user, new GoogleAuthProvider(), await preparePopup());
}

/**
 * The shop emails the link itself (POST /user/verification-email), like its other emails: in demo
 * mode it reaches MailDev's inbox, where the emulator's own would stay in the emulator.
 */
async function sendVerificationLink(user: FirebaseUser): Promise<void> {
  await requestVerificationEmail(await user.getIdToken());
}

/** The signed-in identity, once the SDK has restored it (a page opened from an email asks early). */
async function restoredUser(): Promise<FirebaseUser | null> {
  if (!auth) return null;
  await auth.authStateReady();
  return auth.currentUser;
}

/** Reloads an unverified identity from the provider, in case its email was verified elsewhere. */
async function refreshEmailVerified(): Promise<void> {
  const user = await restoredUser();
  if (user && !user.emailVerified) await reloadVerification(user);
}

/**
 * Reloads the identity; once its email is verified, renews its ID token: the next token exchange
 * carries the verified email, and the SDK's storage carries the new token to this browser's other tabs.
 */
async function reloadVerification(user: FirebaseUser): Promise<void> {
  await user.reload();
  if (!user.emailVerified) return;
  await user.getIdToken(true);
  markEmailVerified(user.uid);
}

function markEmailVerified(uid: string): void {
  const { user } = authStore.getState();
  if (user?.uid === uid && !user.emailVerified) authStore.getState().updateUser({ emailVerified: true });
}

export async function signInWithEmail(email: string, password: string): Promise<void> {
  authStore.setState({ sessionError: null });
  await signInWithEmailAndPassword(currentAuth(), email, password);
}

/** Creates the account, sends the verification email, then sets the display name (spec order). */
export async function signUpWithEmail(name: string, email: string, password: string): Promise<void> {
  authStore.setState({ sessionError: null });
  const { user } = await createUserWithEmailAndPassword(currentAuth(), email, password);
  // A failed send does not undo the account: the dashboard's banner sends it again.
  await sendVerificationLink(user).catch((error: unknown) => console.warn('Could not send the verification email', error));
  await updateProfile(user, { displayName: name });
  authStore.getState().updateUser({ displayName: name });
}

/** How often the Google window is checked for being closed. */
const POPUP_POLL_MS = 100;
/** Room for an answer that arrived just before the window closed (the SDK's last network call). */
const POPUP_CLOSED_GRACE_MS = 400;

/**
 * Watches the window the SDK opens next and rejects soon after it is closed without an answer.
 * The SDK checks every 2 s and then waits 8 s more, so the form would sit under 'Signing you in…'
 * for ~10 s; the SDK offers no handle on its window, so `window.open` is wrapped until its next call.
 */
function watchNextPopup(): { closedWithoutAnswer: Promise<never>; stop: () => void } {
  const open = window.open;
  let timer: number | undefined;
  let stopped = false;
  let rejectClosed: (error: Error) => void = () => undefined;
  const closedWithoutAnswer = new Promise<never>((_, reject) => {
    rejectClosed = reject;
  });
  const wrapper: typeof window.open = (...args) => {
    window.open = open;
    const popup = open.apply(window, args);
    const check = () => {
      if (stopped || !popup) return;
      if (!popup.closed) {
        timer = window.setTimeout(check, POPUP_POLL_MS);
        return;
      }
      timer = window.setTimeout(() => {
        rejectClosed(new FirebaseError('auth/popup-closed-by-user', 'The Google window was closed.'));
      }, POPUP_CLOSED_GRACE_MS);
    };
    check();
    return popup;
  };
  window.open = wrapper;
  return {
    closedWithoutAnswer,
    stop: () => {
      stopped = true;
      window.clearTimeout(timer);
      if (window.open === wrapper) window.open = open;
    },
  };
}

/**
 * Loads what the popup flow needs, once: the SDK's popup/redirect resolver (not loaded at start) and,
 * against the emulator, the gapi stand-in. Called when the person shows intent, so a click on
 * "Continue With Google" usually finds it ready.
 */
export function preparePopup(): Promise<PopupRedirectResolver> {
  popupReady ??= Promise.all([
    import(/* webpackExports: ["browserPopupRedirectResolver"] */ 'firebase/auth'),
    usesEmulator ? loadGapiStandIn() : undefined,
  ]).then(([{ browserPopupRedirectResolver }]) => browserPopupRedirectResolver);
  popupReady.catch(() => {
    popupReady = null;
  });
  return popupReady;
}

export async function signInWithGoogle(): Promise<void> {
  authStore.setState({ sessionError: null });
  const resolver = await preparePopup();
  const popup = watchNextPopup();
  const signIn = signInWithPopup(currentAuth(), new GoogleAuthProvider(), resolver);
  // Once the closed window has answered, the SDK's own late verdict has nobody to tell; a sign-in
  // that still completes reaches the page through onAuthStateChanged.
  signIn.catch(() => undefined);
  try {
    await Promise.race([signIn, popup.closedWithoutAnswer]);
  } finally {
    popup.stop();
  }
}

/**
 * Emails a link to reset the password. An unknown email is not an error: the page must answer
 * the same either way, or it would tell strangers which emails have accounts.
 */
export async function sendPasswordReset(email: string): Promise<void> {
  try {
    // Where the provider's own page sends the user once the password is set.
    await sendPasswordResetEmail(currentAuth(), email, { url: `${window.location.origin}/login` });
  } catch (error) {
    if (error instanceof FirebaseError && error.code === 'auth/user-not-found') return;
    throw error;
  }
}

/** Checks a reset link's one-time code before asking for a password; answers the account's email. */
export function checkPasswordResetCode(oobCode: string): Promise<string> {
  return verifyPasswordResetCode(currentAuth(), oobCode);
}

export function resetPassword(oobCode: string, newPassword: string): Promise<void> {
  return confirmPasswordReset(currentAuth(), oobCode, newPassword);
}

/**
 * Applies the link of an email change (Firebase's verify-before-update), then signs this browser
 * out: the account now signs in with its new email. Answers the new email.
 */
export async function changeEmail(oobCode: string): Promise<string> {
  const info = await checkActionCode(currentAuth(), oobCode);
  await applyActionCode(currentAuth(), oobCode);
  const newEmail = info.data.email ?? '';
  if ((await restoredUser()) !== null) {
    // Not "expired": the page stays, saying what happened; the login page says it again.
    authStore.getState().signedOut(accountText.emailChangedSignIn(newEmail));
    await signOut(currentAuth());
  }
  return newEmail;
}

/** Applies a verification link; a signed-in user sees the change without signing in again. */
export async function verifyEmail(oobCode: string): Promise<void> {
  await applyActionCode(currentAuth(), oobCode);
  // Even when the restored identity already says verified: other tabs learn it from the new token.
  const user = await restoredUser();
  if (user) await reloadVerification(user);
}
