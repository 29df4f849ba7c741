import { FirebaseError } from 'firebase/app';
import { authErrorMessage, genericAuthError } from './auth-error-message';

it.each([
  ['auth/email-already-in-use', 'An account already uses this email. Log in instead.'],
  ['auth/wrong-password', 'The email or the password is not right.'],
  ['auth/invalid-credential', 'The email or the password is not right.'],
  ['auth/user-not-found', 'The email or the password is not right.'],
  ['auth/invalid-login-credentials', 'The email or the password is not right.'],
  ['auth/too-many-requests', 'Too many attempts. Wait a few minutes, then try again.'],
  ['auth/network-request-failed', 'Cannot reach the sign-in service. Check your connection and try again.'],
  ['auth/popup-closed-by-user', 'The Google window was closed before you finished signing in.'],
  ['auth/popup-blocked', 'Your browser blocked the Google window. Allow pop-ups for this site and try again.'],
  ['auth/expired-action-code', 'This link has expired. Ask for a new one.'],
  ['auth/invalid-action-code', 'This link cannot be used: it is incomplete or was used already. Ask for a new one.'],
])('%s becomes a sentence', (code, sentence) => {
  expect(authErrorMessage(new FirebaseError(code, `Firebase: Error (${code}).`))).toBe(sentence);
});

it('never shows a raw provider code, even for codes it does not know', () => {
  const message = authErrorMessage(new FirebaseError('auth/admin-restricted-operation', 'Firebase: Error (auth/admin-restricted-operation).'));
  expect(message).toBe(genericAuthError);
  expect(message).not.toMatch(/auth\//);
});

it('says what failed through the fallback, for a code without a sentence', () => {
  const error = new FirebaseError('auth/internal-error', 'Firebase: Error (auth/internal-error).');
  expect(authErrorMessage(error, 'The link could not be sent. Please try again.')).toBe('The link could not be sent. Please try again.');
  expect(authErrorMessage(new FirebaseError('auth/too-many-requests', 'x'), 'unused')).toBe(
    'Too many attempts. Wait a few minutes, then try again.',
  );
});
