import { addressLine, ADMIN_PAGE_SIZE, adminText, apiNotices, type Page, type Profile, type ProfileUpdateInput, type UserSummary } from '@pcpp/contracts/core';
import type { WithId } from 'mongodb';
import type { AccessClaims, AccessTokens } from '../../auth/access-token';
import type { IdentityProvider, VerifiedIdentity } from '../../auth/firebase';
import type { RoleAuthority } from '../../auth/role-authority';
import type { UserDocument } from '../../db/mongo';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import { pageRequest, toPage } from '../../paging';
import type { ActivityRecorder } from '../activity/service';
import type { Outbox } from '../mail/outbox';
import { verifyEmailMessage } from '../mail/templates';
import type { UsersRepository } from './repository';
import type { UserListQuery } from './validators';

function toUserSummary({ email, role, createdAt }: WithId<UserDocument>): UserSummary {
  return { email, role, createdAt: createdAt.toISOString() };
}

/** Field by field: the stored document also holds role and dates, which a profile does not show. */
function toProfile(user: WithId<UserDocument>): Profile {
  const { email, Address, phone, profession, linkin, shippingAddress } = user;
  return {
    email,
    Address,
    phone,
    profession,
    linkin,
    ...(shippingAddress
      ? {
          shippingAddress: {
            fullName: shippingAddress.fullName,
            street: shippingAddress.street,
            city: shippingAddress.city,
            postalCode: shippingAddress.postalCode,
            country: shippingAddress.country,
            ...(shippingAddress.region ? { region: shippingAddress.region } : {}),
            phone: shippingAddress.phone,
          },
        }
      : {}),
  };
}

export function createUsersService(deps: {
  users: UsersRepository;
  roles: RoleAuthority;
  accessTokens: AccessTokens;
  activity: ActivityRecorder;
  /** Lowercase. */
  adminEmails: readonly string[];
  /** The verification email: a link from the identity provider, sent through the shop's own outbox. */
  identity: Pick<IdentityProvider, 'emailVerificationCode'>;
  outbox: Pick<Outbox, 'enqueue'>;
  /** The shop's address (its /auth/action page applies the link). */
  shopUrl: string;
}) {
  /** A user may look at their own record; an admin (as the database says now) at anyone's. */
  async function assertSelfOrAdmin(caller: AccessClaims, email: string, what: string): Promise<void> {
    if (email === caller.email) return;
    if ((await deps.roles.roleOf(caller.email)) !== 'admin') throw new ForbiddenError(`You can only see your own ${what}`);
  }

  return {
    /**
     * Sign-in: trades a verified Firebase identity for the api's access token. The identity must
     * be the account named in the path and the body. Emails in ADMIN_EMAILS are made admins once
     * verified (whoever signs up first with an address has not proved it is theirs); anyone else
     * keeps the stored role, or starts as a customer. `notice` tells an unverified admin-to-be why.
     */
    async exchangeToken(
      identity: VerifiedIdentity,
      claimed: { pathEmail: string; bodyEmail: string },
    ): Promise<{ token: string; expiresIn: number; notice?: string }> {
      const email = identity.email;
      if (!email) throw new ForbiddenError('This account has no email address');
      if (claimed.pathEmail.toLowerCase() !== email || claimed.bodyEmail.toLowerCase() !== email) {
        throw new ForbiddenError('You can only sign in as yourself');
      }
      const listedAdmin = deps.adminEmails.includes(email);
      const user = await deps.users.upsertOnSignIn(
        email,
        listedAdmin && identity.emailVerified ? { always: 'admin' } : { onInsert: 'customer' },
      );
      // The upsert may have written a role, or created the account a cached "no account" was about.
      deps.roles.forget(email);
      const token = await deps.accessTokens.sign({ sub: user._id.toHexString(), uid: identity.uid, email, role: user.role });
      const notice = listedAdmin && user.role !== 'admin' ? apiNotices.verifyEmailForAdmin : undefined;
      return { token, expiresIn: deps.accessTokens.ttlSeconds, ...(notice ? { notice } : {}) };
    },

    /**
     * POST /user/verification-email: emails the account a link that verifies its address, through
     * the shop's outbox like its other emails (so in demo mode it reaches MailDev's inbox, where the
     * emulator would keep it to itself). The link opens the shop's own /auth/action page.
     */
    async sendVerificationEmail(identity: VerifiedIdentity): Promise<{ sent: true; email: string }> {
      const email = identity.email;
      if (!email) throw new ForbiddenError('This account has no email address');
      if (identity.emailVerified) throw new ConflictError('Your email address is already verified.');
      const oobCode = await deps.identity.emailVerificationCode(email);
      const link = `${deps.shopUrl}/auth/action?mode=verifyEmail&oobCode=${encodeURIComponent(oobCode)}`;
      await deps.outbox.enqueue(verifyEmailMessage(email, link));
      return { sent: true, email };
    },

    async profileOf(caller: AccessClaims, requestedEmail: string): Promise<Profile> {
      const email = requestedEmail.toLowerCase();
      await assertSelfOrAdmin(caller, email, 'profile');
      const user = await deps.users.findByEmail(email);
      if (!user) throw new NotFoundError('No account uses this email');
      return toProfile(user);
    },

    /** Only the account itself may change its profile, admins included. */
    async updateProfile(caller: AccessClaims, requestedEmail: string, changes: ProfileUpdateInput): Promise<Profile> {
      if (requestedEmail.toLowerCase() !== caller.email) throw new ForbiddenError('You can only update your own profile');
      // One address book: a structured address is the saved shipping address, and Address is its line.
      const { shippingAddress, ...fields } = changes;
      const profile = shippingAddress ? { ...fields, Address: addressLine(shippingAddress), shippingAddress } : fields;
      const user = await deps.users.updateProfile(caller.email, profile);
      if (!user) throw new NotFoundError('No account uses this email');
      return toProfile(user);
    },

    /** The role from the role authority, not from the token: the flag and the api's checks agree. */
    async adminFlag(caller: AccessClaims, requestedEmail: string): Promise<{ admin: boolean }> {
      const email = requestedEmail.toLowerCase();
      await assertSelfOrAdmin(caller, email, 'role');
      return { admin: (await deps.roles.roleOf(email)) === 'admin' };
    },

    /**
     * GET /user (admin): accounts newest first. The spec's plain call (no parameter) keeps its
     * shape, an array; a search or a page asks for a page, as GET /tools does.
     */
    async list(query: UserListQuery): Promise<UserSummary[] | Page<UserSummary>> {
      const text = query.q || undefined;
      if (query.q === undefined && query.page === undefined && query.limit === undefined) {
        return (await deps.users.list(undefined)).docs.map(toUserSummary);
      }
      const paging = pageRequest(query, ADMIN_PAGE_SIZE);
      const { docs, total = 0 } = await deps.users.list(text, paging);
      return toPage(docs.map(toUserSummary), total, paging);
    },

    /** PUT /user/admin/:email (admin). The new role applies to the account's very next request. */
    async promote(caller: AccessClaims, requestedEmail: string): Promise<{ modifiedCount: number }> {
      const email = requestedEmail.toLowerCase();
      const modifiedCount = await deps.users.promote(email);
      deps.roles.forget(email);
      if (modifiedCount === 0) {
        if (!(await deps.users.findByEmail(email))) throw new NotFoundError('No account uses this email');
        return { modifiedCount: 0 };
      }
      await deps.activity.record({ action: 'user.promoted', actor: caller.email, target: email, subject: { kind: 'user', id: email } });
      return { modifiedCount };
    },

    /**
     * DELETE /user/admin/:email (admin): the account is a customer again from its very next
     * request. Refused (409) for the caller's own account, for the last admin, and for an account
     * ADMIN_EMAILS would make an admin again at its next sign-in. Two admins demoting each other
     * at once cannot leave the shop without one: a demotion that leaves no admin is undone.
     */
    async demote(caller: AccessClaims, requestedEmail: string): Promise<{ modifiedCount: number }> {
      const email = requestedEmail.toLowerCase();
      if (email === caller.email) throw new ConflictError(adminText.demoteSelf);
      const user = await deps.users.findByEmail(email);
      if (!user) throw new NotFoundError('No account uses this email');
      if (user.role !== 'admin') return { modifiedCount: 0 };
      if (deps.adminEmails.includes(email)) throw new ConflictError(adminText.demoteConfigured(email));
      if ((await deps.users.countAdmins(email)) === 0) throw new ConflictError(adminText.demoteLastAdmin(email));
      const modifiedCount = await deps.users.demote(email);
      deps.roles.forget(email);
      if (modifiedCount === 0) return { modifiedCount: 0 };
      if ((await deps.users.countAdmins()) === 0) {
        await deps.users.promote(email);
        deps.roles.forget(email);
        throw new ConflictError(adminText.demoteLastAdmin(email));
      }
      await deps.activity.record({ action: 'user.demoted', actor: caller.email, target: email, subject: { kind: 'user', id: email } });
      return { modifiedCount };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
