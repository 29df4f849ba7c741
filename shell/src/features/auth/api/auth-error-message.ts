import { accountText, signInText } from '@pcpp/contracts/core';

// Provider codes become sentences a person can act on; a raw `auth/...` code is never shown.
const sentences: Record<string, string> = {
  'auth/email-already-in-use': 'An account already uses this email. Log in instead.',
  // One sentence for all four: naming an unknown email would tell strangers who has an account.
  'auth/wrong-password': signInText.wrongCredentials,
  'auth/invalid-credential': signInText.wrongCredentials,
  'auth/invalid-login-credentials': signInText.wrongCredentials,
  'auth/user-not-found': signInText.wrongCredentials,
  'auth/user-disabled': 'This account has been disabled. Contact support for help.',
  'auth/too-many-requests': 'Too many attempts. Wait a few minutes, then try again.',
  'auth/network-request-failed': 'Cannot reach the sign-in service. Check your connection and try again.',
  'auth/popup-closed-by-user': 'The Google window was closed before you finished signing in.',
  'auth/cancelled-popup-request': 'The Google window was closed before you finished signing in.',
  'auth/popup-blocked': 'Your browser blocked the Google window. Allow pop-ups for this site and try again.',
  'auth/weak-password': 'Choose a longer password: at least 6 characters.',
  'auth/invalid-email': 'provide a valid email address',
  'auth/expired-action-code': 'This link has expired. Ask for a new one.',
  'auth/invalid-action-code': 'This link cannot be used: it is incomplete or was used already. Ask for a new one.',
  'auth/requires-recent-login': accountText.signInAgain,
  'auth/email-already-in-use-by-change': accountText.emailTaken,
};

/**
 * The identity provider's error code (`auth/...`), read from the error's shape: the SDK's
 * FirebaseError class would bring the SDK's core into the sign-in pages' first load.
 */
function providerCode(error: unknown): string | null {
  if (!(error instanceof Error) || error.name !== 'FirebaseError') return null;
  const { code } = error as Error & { code?: unknown };
  return typeof code === 'string' ? code : null;
}

/** Codes that mean the password typed again is not the account's (Settings asks for the current one). */
const WRONG_PASSWORD = new Set(['auth/wrong-password', 'auth/invalid-credential', 'auth/invalid-login-credentials']);

/** In Settings, where the email is the signed-in account's own: a wrong password is just that. */
export function settingsErrorMessage(error: unknown, fallback: string): string {
  const code = providerCode(error);
  if (code !== null && WRONG_PASSWORD.has(code)) return accountText.wrongPassword;
  return authErrorMessage(error, fallback);
}

export const genericAuthError = 'Signing in did not work. Please try again.';

/** `fallback` says what failed, for codes without a sentence of their own. */
export function authErrorMessage(error: unknown, fallback = genericAuthError): string {
  const code = providerCode(error);
  if (code !== null) return sentences[code] ?? fallback;
  if (error instanceof Error && !error.message.startsWith('Firebase')) return error.message;
  return fallback;
}
