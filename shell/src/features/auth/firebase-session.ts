import { initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  getAuth,
  onAuthStateChanged,
  signOut,
  type Auth,
  type User as FirebaseUser,
} from 'firebase/auth';
import { apiClient, authStore, type Role, type RuntimeConfig } from '@pcpp/contracts';

let auth: Auth | null = null;

function roleFromAccessToken(token: string): Role {
  // Display only: the api checks the signed token on every protected call.
  const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')));
  return payload.role === 'admin' ? 'admin' : 'customer';
}

/** Trades the identity provider's ID token for the api's own access token (PUT /user/{email}). */
async function exchangeIdToken(user: FirebaseUser, forceRefresh = false): Promise<string> {
  const email = user.email;
  if (!email) throw new Error('This account has no email address');
  const idToken = await user.getIdToken(forceRefresh);
  const { data } = await apiClient.put<{ token: string }>(
    `/user/${encodeURIComponent(email)}`,
    { email },
    { headers: { Authorization: `Bearer ${idToken}` } },
  );
  return data.token;
}

async function establishSession(user: FirebaseUser | null): Promise<void> {
  const store = authStore.getState();
  if (!user) {
    store.signedOut();
    return;
  }
  try {
    const token = await exchangeIdToken(user);
    store.signedIn(
      {
        uid: user.uid,
        email: user.email ?? '',
        displayName: user.displayName,
        photoURL: user.photoURL,
        emailVerified: user.emailVerified,
      },
      token,
      roleFromAccessToken(token),
    );
  } catch (error) {
    console.error('Could not start a session with the api', error);
    store.signedOut();
  }
}

export function startFirebaseSession(config: RuntimeConfig['firebase']): Auth {
  const app = initializeApp({
    apiKey: config.apiKey,
    authDomain: config.authDomain,
    projectId: config.projectId,
  });
  auth = getAuth(app);
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });

  const firebaseAuth = auth;
  authStore.getState().setHandlers({
    refreshAccessToken: async () => {
      const user = firebaseAuth.currentUser;
      if (!user) return null;
      try {
        const token = await exchangeIdToken(user, true);
        authStore.getState().setAccessToken(token);
        return token;
      } catch {
        return null;
      }
    },
    signOut: () => signOutEverywhere(),
  });
  onAuthStateChanged(firebaseAuth, (user) => void establishSession(user));
  return firebaseAuth;
}

export async function signOutEverywhere(): Promise<void> {
  authStore.getState().signedOut();
  if (auth) await signOut(auth);
}
