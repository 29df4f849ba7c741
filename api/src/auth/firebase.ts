import { randomUUID } from 'node:crypto';
import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Auth, type DecodedIdToken, getAuth, type UserRecord } from 'firebase-admin/auth';
import type { Config } from '../config';
import { ServiceUnavailableError, UnauthorizedError } from '../errors';
import { DEMO_ACCOUNTS, type DemoAccount } from './demo-accounts';
import { standInGoogleSubject } from './google-stand-in';

/** Who a verified Firebase ID token belongs to. */
export interface VerifiedIdentity {
  uid: string;
  /** Lowercase; null for accounts without one (e.g. phone sign-in). */
  email: string | null;
  /**
   * The account's email is proved to be its own (a verification link, or a provider such as
   * Google that vouches for it), as the identity provider says now, not when the token was made.
   */
  emailVerified: boolean;
}

export interface IdentityProvider {
  readonly usesEmulator: boolean;
  /** Rejects with UnauthorizedError for anything but a genuine, current token of an existing account. */
  verifyIdToken(idToken: string): Promise<VerifiedIdentity>;
  /**
   * The account as the identity provider has it now (the access token does not carry the display
   * name, and the email may have been verified since). Rejects with UnauthorizedError when the
   * account is gone or disabled.
   */
  accountByEmail(email: string): Promise<{ displayName: string | null; emailVerified: boolean }>;
  /**
   * Resolves when the account `uid` still exists, is enabled and still has this email; rejects
   * with UnauthorizedError otherwise (the role authority asks, so a deleted or disabled account's
   * access token stops working within ROLE_CACHE_TTL_MS).
   */
  assertActive(uid: string, email: string): Promise<void>;
  /** A one-time code that verifies the account's email (the link's oobCode), for the shop's own email. */
  emailVerificationCode(email: string): Promise<string>;
  /** Emulator only: creates or resets the demo accounts. */
  ensureDemoAccounts(): Promise<readonly DemoAccount[]>;
  close(): Promise<void>;
}

const INVALID_TOKEN = 'Invalid sign-in token. Sign in again.';
const EXPIRED_TOKEN = 'Your sign-in has expired. Sign in again.';
const DISABLED = 'This account is disabled.';
const GONE = 'This account no longer exists. Sign in again.';
const FOREIGN_GOOGLE = 'This Google sign-in was not made by the shop’s Google window. Sign in again from the Login page.';

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function createFirebaseIdentity(
  config: Pick<Config, 'firebaseProjectId' | 'authEmulatorHost'> & Partial<Pick<Config, 'authStandInSecret'>>,
): IdentityProvider {
  // firebase-admin reads the emulator address from the environment, not from its options.
  if (config.authEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.authEmulatorHost;
  else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;

  // A uniquely named app, so several api instances (tests) can live in one process.
  const app: App = initializeApp({ projectId: config.firebaseProjectId }, `pcpp-api-${randomUUID()}`);
  const auth: Auth = getAuth(app);
  const usesEmulator = Boolean(config.authEmulatorHost);

  async function lookUp(account: { uid: string } | { email: string }, notFound = INVALID_TOKEN): Promise<UserRecord> {
    try {
      return await ('uid' in account ? auth.getUser(account.uid) : auth.getUserByEmail(account.email));
    } catch (error) {
      const code = errorCode(error);
      if (code === 'auth/user-not-found' || code === 'auth/invalid-uid' || code === 'auth/invalid-email') {
        throw new UnauthorizedError(notFound);
      }
      throw new ServiceUnavailableError('The sign-in service is unavailable. Try again shortly.', { cause: error });
    }
  }

  async function upsertAccount(account: DemoAccount, retried = false): Promise<void> {
    // The role is the api's business (ADMIN_EMAILS), not the identity provider's.
    const { email, password, displayName } = account;
    const properties = { email, password, displayName, emailVerified: true };
    const existing = await auth.getUserByEmail(account.email).catch((error: unknown) => {
      if (errorCode(error) === 'auth/user-not-found') return null;
      throw error;
    });
    let uid = existing?.uid;
    if (uid) {
      await auth.updateUser(uid, properties);
    } else {
      try {
        uid = (await auth.createUser(properties)).uid;
      } catch (error) {
        // Another api instance created it a moment ago.
        if (errorCode(error) === 'auth/email-already-exists' && !retried) return upsertAccount(account, true);
        throw error;
      }
    }
    // No Google identity: Google sign-in in the demo is the stand-in's, which never opens an
    // account that has a password. An emulator left running from an older start may hold one.
    const user = await auth.getUser(uid);
    if (user.providerData.some((provider) => provider.providerId === 'google.com')) {
      await auth.updateUser(uid, { providersToUnlink: ['google.com'] });
    }
  }

  /**
   * Under the emulator, anyone can hand it a Google id_token for any email: a Google sign-in
   * counts only when every Google identity of the account is one the shop's stand-in made (its
   * subject, AUTH_STAND_IN_SECRET). A password sign-in is not held against a Google identity
   * someone linked by hand. Real Firebase checks Google's signature itself.
   */
  function assertGoogleFromStandIn(user: UserRecord): void {
    if (!usesEmulator) return;
    const google = user.providerData.filter((provider) => provider.providerId === 'google.com');
    if (google.length === 0) return;
    const secret = config.authStandInSecret;
    const expected = secret && user.email ? standInGoogleSubject(secret, user.email) : undefined;
    if (!expected || google.some((provider) => provider.uid !== expected)) throw new UnauthorizedError(FOREIGN_GOOGLE);
  }

  return {
    usesEmulator,

    async verifyIdToken(idToken) {
      let decoded: DecodedIdToken;
      try {
        // Checks expiry, issuer and audience (the project), and the signature outside the emulator.
        decoded = await auth.verifyIdToken(idToken);
      } catch (error) {
        throw new UnauthorizedError(errorCode(error) === 'auth/id-token-expired' ? EXPIRED_TOKEN : INVALID_TOKEN);
      }
      // Emulator tokens are unsigned (alg "none"), so anyone can write one. A genuine token names
      // its sign-in provider and an existing account that holds the token's email: a hand-made
      // token claiming someone else's email fails here unless it also guesses their random uid.
      if (typeof decoded.firebase?.sign_in_provider !== 'string') throw new UnauthorizedError(INVALID_TOKEN);
      const user = await lookUp({ uid: decoded.uid });
      if (user.disabled) throw new UnauthorizedError(DISABLED);
      const email = decoded.email?.toLowerCase() ?? null;
      if ((user.email?.toLowerCase() ?? null) !== email) throw new UnauthorizedError(INVALID_TOKEN);
      if (decoded.firebase.sign_in_provider === 'google.com') assertGoogleFromStandIn(user);
      return { uid: decoded.uid, email, emailVerified: user.emailVerified };
    },

    async accountByEmail(email) {
      const user = await lookUp({ email }, GONE);
      if (user.disabled) throw new UnauthorizedError(DISABLED);
      return { displayName: user.displayName ?? null, emailVerified: user.emailVerified };
    },

    async assertActive(uid, email) {
      const user = await lookUp({ uid }, GONE);
      if (user.disabled) throw new UnauthorizedError(DISABLED);
      // Deleted, and the email taken by a new account since: not the account the token was for.
      if (user.email?.toLowerCase() !== email) throw new UnauthorizedError(GONE);
    },

    async emailVerificationCode(email) {
      let link: string;
      try {
        link = await auth.generateEmailVerificationLink(email);
      } catch (error) {
        const code = errorCode(error);
        if (code === 'auth/user-not-found' || code === 'auth/email-not-found') throw new UnauthorizedError(GONE);
        throw new ServiceUnavailableError('The sign-in service is unavailable. Try again shortly.', { cause: error });
      }
      const oobCode = new URL(link).searchParams.get('oobCode');
      if (!oobCode) throw new ServiceUnavailableError('The sign-in service gave a verification link without a code.');
      return oobCode;
    },

    async ensureDemoAccounts() {
      if (!usesEmulator) return [];
      for (const account of DEMO_ACCOUNTS) await upsertAccount(account);
      return DEMO_ACCOUNTS;
    },

    async close() {
      await deleteApp(app);
    },
  };
}
