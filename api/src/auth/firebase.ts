import { randomUUID } from 'node:crypto';
import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Auth, type DecodedIdToken, getAuth, type UserRecord } from 'firebase-admin/auth';
import type { Config } from '../config';
import { accountText } from '@pcpp/contracts/core';
import { ConflictError, ServiceUnavailableError, UnauthorizedError } from '../errors';
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
  /** When the account last signed in with a credential (the token's auth_time), in epoch seconds. */
  authTime: number;
  /** How it signed in: 'password', 'google.com'… (the token's firebase.sign_in_provider). */
  signInProvider: string;
  /**
   * Sessions issued before this (epoch seconds; the account's tokensValidAfterTime) were ended:
   * signed out everywhere, or the password changed. Null when the provider never set it.
   */
  sessionsValidSince: number | null;
}

/** The account as the identity provider has it now, by its uid. */
export interface ProviderAccount {
  email: string | null;
  displayName: string | null;
  emailVerified: boolean;
  disabled: boolean;
  sessionsValidSince: number | null;
}

export interface IdentityProvider {
  readonly usesEmulator: boolean;
  /**
   * Rejects with UnauthorizedError for anything but a genuine, current token of an existing account,
   * a token whose session was ended (revoked: its auth_time is before the account's sessionsValidSince) included.
   */
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
   * access token stops working within ROLE_CACHE_TTL_MS). Answers since when its sessions count.
   */
  assertActive(uid: string, email: string): Promise<{ sessionsValidSince: number | null }>;
  /** A one-time code that verifies the account's email (the link's oobCode), for the shop's own email. */
  emailVerificationCode(email: string): Promise<string>;
  /**
   * A one-time code that moves the account from `email` to `newEmail` once opened (Firebase's
   * verify-before-update flow; the link's oobCode), for the shop's own email to the new address.
   * Rejects with ConflictError when another account uses `newEmail`.
   */
  emailChangeCode(email: string, newEmail: string): Promise<string>;
  /** A one-time code that sets a new password (the reset link's oobCode), for the shop's own email. */
  passwordResetCode(email: string): Promise<string>;
  /**
   * Ends every session of the account: its refresh tokens are revoked and tokens issued before now
   * are refused. Answers the new sessionsValidSince (epoch seconds).
   */
  revokeSessions(uid: string): Promise<number>;
  /** The account by uid; null when it is gone. */
  accountById(uid: string): Promise<ProviderAccount | null>;
  /** Gives the account its email back (verified: it was), for "This was not me". */
  restoreEmail(uid: string, email: string): Promise<void>;
  /** Deletes the account at the provider (closing it); an account already gone is not an error. */
  deleteAccount(uid: string): Promise<void>;
  /** Emulator only: creates or resets the demo accounts. */
  ensureDemoAccounts(): Promise<readonly DemoAccount[]>;
  close(): Promise<void>;
}

const INVALID_TOKEN = 'Invalid sign-in token. Sign in again.';
const EXPIRED_TOKEN = 'Your sign-in has expired. Sign in again.';
const DISABLED = 'This account is disabled.';
const GONE = 'This account no longer exists. Sign in again.';
const SESSION_ENDED = accountText.sessionEnded;
const FOREIGN_GOOGLE = 'This Google sign-in was not made by the shop’s Google window. Sign in again from the Login page.';

/** A UserRecord's tokensValidAfterTime (a UTC date string) in epoch seconds. */
function secondsOf(time: string | undefined): number | null {
  if (!time) return null;
  const ms = Date.parse(time);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The one-time code of an emailed link the identity provider made (the shop sends its own link with it). */
function codeOf(link: string): string {
  const oobCode = new URL(link).searchParams.get('oobCode');
  if (!oobCode) throw new ServiceUnavailableError('The sign-in service gave a link without a code.');
  return oobCode;
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
      // The password only when it is no longer the documented one: setting it ends the account's
      // sessions (a new password does), and each start would sign the demo accounts out.
      await auth.updateUser(uid, { email, displayName, emailVerified: true });
      if (!(await passwordWorks(email, password))) await auth.updateUser(uid, { password });
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

  /** Whether the emulator signs `email` in with `password` (its REST call, as the browser SDK makes it). */
  async function passwordWorks(email: string, password: string): Promise<boolean> {
    const response = await fetch(`http://${config.authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    });
    return response.ok;
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
        // Checks expiry, issuer and audience (the project), the signature outside the emulator, and
        // that its session was not ended since it signed in (revoked: auth_time before tokensValidAfterTime).
        decoded = await auth.verifyIdToken(idToken, true);
      } catch (error) {
        const code = errorCode(error);
        throw new UnauthorizedError(code === 'auth/id-token-expired' ? EXPIRED_TOKEN : code === 'auth/id-token-revoked' ? SESSION_ENDED : INVALID_TOKEN);
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
      return {
        uid: decoded.uid,
        email,
        emailVerified: user.emailVerified,
        authTime: decoded.auth_time,
        signInProvider: decoded.firebase.sign_in_provider,
        sessionsValidSince: secondsOf(user.tokensValidAfterTime),
      };
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
      return { sessionsValidSince: secondsOf(user.tokensValidAfterTime) };
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
      return codeOf(link);
    },

    async emailChangeCode(email, newEmail) {
      let link: string;
      try {
        link = await auth.generateVerifyAndChangeEmailLink(email, newEmail);
      } catch (error) {
        const code = errorCode(error);
        if (code === 'auth/email-already-exists') throw new ConflictError(accountText.emailTaken);
        if (code === 'auth/user-not-found' || code === 'auth/email-not-found') throw new UnauthorizedError(GONE);
        throw new ServiceUnavailableError('The sign-in service is unavailable. Try again shortly.', { cause: error });
      }
      return codeOf(link);
    },

    async passwordResetCode(email) {
      let link: string;
      try {
        link = await auth.generatePasswordResetLink(email);
      } catch (error) {
        throw new ServiceUnavailableError('The sign-in service is unavailable. Try again shortly.', { cause: error });
      }
      return codeOf(link);
    },

    async revokeSessions(uid) {
      try {
        await auth.revokeRefreshTokens(uid);
      } catch (error) {
        if (errorCode(error) === 'auth/user-not-found') throw new UnauthorizedError(GONE);
        throw new ServiceUnavailableError('The sign-in service is unavailable. Try again shortly.', { cause: error });
      }
      const user = await lookUp({ uid }, GONE);
      return secondsOf(user.tokensValidAfterTime) ?? Math.floor(Date.now() / 1000);
    },

    async accountById(uid) {
      let user: UserRecord;
      try {
        user = await lookUp({ uid }, GONE);
      } catch (error) {
        if (error instanceof UnauthorizedError) return null;
        throw error;
      }
      return {
        email: user.email?.toLowerCase() ?? null,
        displayName: user.displayName ?? null,
        emailVerified: user.emailVerified,
        disabled: user.disabled,
        sessionsValidSince: secondsOf(user.tokensValidAfterTime),
      };
    },

    async restoreEmail(uid, email) {
      try {
        await auth.updateUser(uid, { email, emailVerified: true });
      } catch (error) {
        const code = errorCode(error);
        if (code === 'auth/email-already-exists') throw new ConflictError(accountText.emailTaken);
        if (code === 'auth/user-not-found') throw new UnauthorizedError(GONE);
        throw new ServiceUnavailableError('The sign-in service is unavailable. Try again shortly.', { cause: error });
      }
    },

    async deleteAccount(uid) {
      try {
        await auth.deleteUser(uid);
      } catch (error) {
        if (errorCode(error) === 'auth/user-not-found') return;
        throw new ServiceUnavailableError('The sign-in service is unavailable. Try again shortly.', { cause: error });
      }
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
