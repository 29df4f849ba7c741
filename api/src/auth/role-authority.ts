import type { Role } from '@pcpp/contracts/core';
import type { UsersRepository } from '../modules/users/repository';

/**
 * The one authority for roles: the users collection. The access token says who the caller is;
 * what they may do is read here on every request, so a promotion or demotion applies at once,
 * not when the token expires.
 */
export interface RoleAuthority {
  /** The stored role of the account with this (lowercase) email; null when there is no account. */
  roleOf(email: string): Promise<Role | null>;
  /** Drops the cached role. The api calls it whenever it writes a role. */
  forget(email: string): void;
}

/**
 * Admin pages make several calls a second; a few seconds of cache saves the reads. A role changed
 * in the database by hand applies within this time; one the api writes applies at once (forget).
 */
export const ROLE_CACHE_TTL_MS = 5_000;
/** Expired entries are swept when the cache grows past this. */
const SWEEP_SIZE = 1_000;

export function createRoleAuthority(
  users: Pick<UsersRepository, 'findByEmail'>,
  options: { ttlMs?: number; now?: () => number } = {},
): RoleAuthority {
  const { ttlMs = ROLE_CACHE_TTL_MS, now = Date.now } = options;
  const cache = new Map<string, { role: Role | null; expires: number }>();
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

    forget(email) {
      writes += 1;
      cache.delete(email);
    },
  };
}
