import { preloadFirebaseSession } from '../api/firebase-session-loader';
import { preloadFormResolvers } from './lazy-resolver';

function preloadSignIn(): void {
  preloadFirebaseSession();
  preloadFormResolvers();
}

/**
 * A sign-in form's card: the identity provider's SDK and the forms' checks start loading when the
 * person turns to the form (a pointer over it, a touch, a focus), well before they can submit it; a
 * submit still waits for them if need be. A visitor who only looks never loads them (issue 47).
 */
export const loadSignInOnIntent = { onPointerEnter: preloadSignIn, onFocus: preloadSignIn } as const;
