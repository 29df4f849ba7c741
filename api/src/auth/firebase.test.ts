import { UnauthorizedError } from '../errors';
import { signIn, signUp, testConfig } from '../../test/helpers';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { createFirebaseIdentity } from './firebase';

describe('demo accounts', () => {
  it('are created idempotently in the emulator and can sign in', async () => {
    const identity = createFirebaseIdentity(testConfig());
    try {
      // Twice, and concurrently with itself: the second run must not fail on existing accounts.
      await Promise.all([identity.ensureDemoAccounts(), identity.ensureDemoAccounts()]);
      expect(await identity.ensureDemoAccounts()).toEqual(DEMO_ACCOUNTS);
      for (const account of DEMO_ACCOUNTS) {
        const session = await signIn(account.email, account.password);
        expect(await identity.verifyIdToken(session.idToken)).toEqual({
          uid: session.uid,
          email: account.email,
          emailVerified: true,
          authTime: expect.any(Number),
          signInProvider: 'password',
          sessionsValidSince: expect.any(Number),
        });
        // The password only: Google sign-in in the demo never opens an account that has one.
        const lookup = await fetch(
          `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=demo-api-key`,
          { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ idToken: session.idToken }) },
        ).then((response) => response.json() as Promise<{ users: { providerUserInfo: { providerId: string }[] }[] }>);
        expect(lookup.users[0]!.providerUserInfo.map((p) => p.providerId).sort()).toEqual(['password']);
      }
    } finally {
      await identity.close();
    }
  });

  it('an emulator token is refused when the emulator is not configured (it is unsigned)', async () => {
    const session = await signUp();
    const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    const identity = createFirebaseIdentity({ firebaseProjectId: 'demo-pcparts', authEmulatorHost: undefined });
    try {
      await expect(identity.verifyIdToken(session.idToken)).rejects.toBeInstanceOf(UnauthorizedError);
    } finally {
      await identity.close();
      process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
    }
  });

  it('are left alone outside the emulator', async () => {
    const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    const identity = createFirebaseIdentity({ firebaseProjectId: 'demo-pcparts', authEmulatorHost: undefined });
    try {
      expect(await identity.ensureDemoAccounts()).toEqual([]);
    } finally {
      await identity.close();
      process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
    }
  });
});
