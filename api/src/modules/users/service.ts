import type { Profile, ProfileUpdateInput } from '@pcpp/contracts/core';
import type { WithId } from 'mongodb';
import type { AccessClaims, AccessTokens } from '../../auth/access-token';
import type { VerifiedIdentity } from '../../auth/firebase';
import type { UserDocument } from '../../db/mongo';
import { ForbiddenError, NotFoundError } from '../../errors';
import type { UsersRepository } from './repository';

/** Field by field: the stored document also holds role and dates, which a profile does not show. */
function toProfile(user: WithId<UserDocument>): Profile {
  const { email, Address, phone, profession, linkin } = user;
  return { email, Address, phone, profession, linkin };
}

/** A user may look at their own record; an admin at anyone's. */
function assertSelfOrAdmin(caller: AccessClaims, email: string, what: string): void {
  if (email !== caller.email && caller.role !== 'admin') throw new ForbiddenError(`You can only see your own ${what}`);
}

export function createUsersService(deps: {
  users: UsersRepository;
  accessTokens: AccessTokens;
  /** Lowercase. */
  adminEmails: readonly string[];
}) {
  return {
    /**
     * Sign-in: trades a verified Firebase identity for the api's access token. The identity must
     * be the account named in the path and the body. Emails in ADMIN_EMAILS are made admins;
     * anyone else keeps the stored role, or starts as a customer.
     */
    async exchangeToken(
      identity: VerifiedIdentity,
      claimed: { pathEmail: string; bodyEmail: string },
    ): Promise<{ token: string }> {
      const email = identity.email;
      if (!email) throw new ForbiddenError('This account has no email address');
      if (claimed.pathEmail.toLowerCase() !== email || claimed.bodyEmail.toLowerCase() !== email) {
        throw new ForbiddenError('You can only sign in as yourself');
      }
      const user = await deps.users.upsertOnSignIn(
        email,
        deps.adminEmails.includes(email) ? { always: 'admin' } : { onInsert: 'customer' },
      );
      const token = await deps.accessTokens.sign({ sub: user._id.toHexString(), email, role: user.role });
      return { token };
    },

    async profileOf(caller: AccessClaims, requestedEmail: string): Promise<Profile> {
      const email = requestedEmail.toLowerCase();
      assertSelfOrAdmin(caller, email, 'profile');
      const user = await deps.users.findByEmail(email);
      if (!user) throw new NotFoundError('No account uses this email');
      return toProfile(user);
    },

    /** Only the account itself may change its profile, admins included. */
    async updateProfile(caller: AccessClaims, requestedEmail: string, changes: ProfileUpdateInput): Promise<Profile> {
      if (requestedEmail.toLowerCase() !== caller.email) throw new ForbiddenError('You can only update your own profile');
      const user = await deps.users.updateProfile(caller.email, changes);
      if (!user) throw new NotFoundError('No account uses this email');
      return toProfile(user);
    },

    /** The role as stored now, not as the token says: a promotion shows at once. */
    async adminFlag(caller: AccessClaims, requestedEmail: string): Promise<{ admin: boolean }> {
      const email = requestedEmail.toLowerCase();
      assertSelfOrAdmin(caller, email, 'role');
      const user = await deps.users.findByEmail(email);
      return { admin: user?.role === 'admin' };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
