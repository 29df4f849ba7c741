import { accountText, type Role } from '@pcpp/contracts/core';
import { UnauthorizedError } from '../errors';
// The default lives with the other settings (config.ts reads ROLE_CACHE_TTL_MS): config imports nothing of auth.
import { ROLE_CACHE_TTL_MS } from '../config';
import type { UsersRepository } from '../modules/users/repository';
import type { IdentityProvider } from './firebase';

/**
 * The one authority for roles and for the account behind a token: the users collection, and the
 * identity provider's account. The access token says who the caller is; what they may do, and
 * whether their account still exists, is read here on every request (cached for the TTL), so a
 * promotion or demotion applies at once and a deleted or disabled account stops within the TTL,
 * not when the token expires.
 */
export interface RoleAuthority {
  /** The stored role of the account with this (lowercase) email; null when there is no account. */
  roleOf(email: string): Promise<Role | null>;
  /**
   * Resolves when the token's account still exists and is enabled at the identity provider, and
   * the token was issued after its sessions were last ended (sign out everywhere, a new password);
   * rejects with an UnauthorizedError otherwise. The provider's answer is kept for the TTL.
   */
  assertActive(claims: { uid: string; email: string; issuedAt?: number }): Promise<void>;
  /** Drops the cached role. The api calls it whenever it writes a role. */
  forget(email: string): void;
  /** Drops what the provider said of the account: its sessions just ended, its email changed, it was closed. */
  forgetAccount(uid: string): void;
}

/** Expired entries are swept when the cache grows past this. */
const SWEEP_SIZE = 1_000;

export function createRoleAuthority(
  users: Pick<UsersRepository, 'findByEmail'>,
  options: { ttlMs?: number; now?: () => number; accounts?: Pick<IdentityProvider, 'assertActive'> } = {},
): RoleAuthority {
  const { ttlMs = ROLE_CACHE_TTL_MS, now = Date.now, accounts } = options;
  const cache = new Map<string, { role: Role | null; expires: number }>();
  /**
   * The identity provider's verdict on an account, by uid and email: no refusal when active (and
   * since when its sessions count), else the refusal.
   */
  const standing = new Map<string, { refusal: unknown; validSince: number | null; expires: number }>();
  // Bumped by forget(): a read that started before a role was written must not cache what it read.
  let writes = 0;

  function remember(email: string, role: Role | null): void {
    if (ttlMs <= 0) return;
    if (cache.size >= SWEEP_SIZE) {
      const time = now();
      for (const [key, entry] of cache) if (entry.expires <= time) cache.delete(key);
    }
    cache.set(email, { role, expires: now() + ttlMs });
  }

  return {
    async roleOf(email) {
      const cached = cache.get(email);
      if (cached && cached.expires > now()) return cached.role;
      const writesBefore = writes;
      const role = (await users.findByEmail(email))?.role ?? null;
      if (writes === writesBefore) remember(email, role);
      return role;
    },

    async assertActive({ uid, email, issuedAt }) {
      if (!accounts) return;
      const key = `${uid}\n${email}`;
      const cached = standing.get(key);
      let refusal: unknown;
      let validSince: number | null = null;
      if (cached && cached.expires > now()) ({ refusal, validSince } = cached);
      else {
        try {
          ({ sessionsValidSince: validSince } = await accounts.assertActive(uid, email));
          refusal = undefined;
        } catch (error) {
          // A provider that cannot be reached (503) is not a verdict: nothing is kept.
          if ((error as { status?: number }).status !== 401) throw error;
          refusal = error;
        }
        if (ttlMs > 0) {
          if (standing.size >= SWEEP_SIZE) for (const [entry, value] of standing) if (value.expires <= now()) standing.delete(entry);
          standing.set(key, { refusal, validSince, expires: now() + ttlMs });
        }
      }
      if (refusal) throw refusal;
      // Seconds against seconds, as Firebase compares an ID token's auth_time: one issued in the
      // second the sessions ended still counts (the device that ended them signs in again at once).
      if (validSince !== null && issuedAt !== undefined && issuedAt < validSince) throw new UnauthorizedError(accountText.sessionEnded);
    },

    forget(email) {
      writes += 1;
      cache.delete(email);
    },

    forgetAccount(uid) {
      for (const key of standing.keys()) if (key.startsWith(`${uid}\n`)) standing.delete(key);
    },
  };
}
