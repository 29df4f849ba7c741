import { addressLine, ADMIN_PAGE_SIZE, adminText, apiNotices, type Page, type Profile, type ProfileUpdateInput, type UserSummary } from '@pcpp/contracts/core';
import type { WithId } from 'mongodb';
import type { AccessClaims, AccessTokens } from '../../auth/access-token';
import type { IdentityProvider, VerifiedIdentity } from '../../auth/firebase';
import type { RoleAuthority } from '../../auth/role-authority';
import type { UserDocument } from './documents';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import { pageRequest, toPage } from '../../paging';
import type { ActivityRecorder } from '../activity/service';
import type { Outbox } from '../mail/outbox';
import { verifyEmailMessage } from '../mail/templates';
import { addressOf, type AddressBookService, bookOf, defaultOf } from './address-book';
import type { UsersRepository } from './repository';
import type { UserListQuery } from './validators';

function toUserSummary({ email, role, createdAt }: WithId<UserDocument>): UserSummary {
  return { email, role, createdAt: createdAt.toISOString() };
}

/**
 * Field by field: the stored document also holds role and dates, which a profile does not show.
 * Address is the default saved address (its line; a free-text one as typed), shippingAddress the
 * default itself (a free-text one as a street line to check), and Number the phone given with an
 * address when the profile has none of its own.
 */
export function toProfile(user: WithId<UserDocument>): Profile {
  const { email, Address, phone, profession, linkin } = user;
  const chosen = defaultOf(bookOf(user));
  return {
    email,
    Address: chosen ? (chosen.needsCheck ? chosen.street : addressLine(addressOf(chosen))) : Address,
    phone: phone || chosen?.phone || undefined,
    profession,
    linkin,
    ...(chosen ? { shippingAddress: addressOf(chosen) } : {}),
    ...(chosen?.needsCheck ? { shippingAddressNeedsCheck: true as const } : {}),
  };
}

/** An account's sign-in email moved (the identity provider's verify-before-update link was opened). */
export interface EmailChange {
  userId: string;
  uid: string;
  from: string;
  to: string;
}

export function createUsersService(deps: {
  users: UsersRepository;
  roles: RoleAuthority;
  accessTokens: AccessTokens;
  activity: ActivityRecorder;
  /** Lowercase. */
  adminEmails: readonly string[];
  /** The verification email: a link from the identity provider, sent through the shop's own outbox. */
  identity: Pick<IdentityProvider, 'emailVerificationCode' | 'accountById'>;
  outbox: Pick<Outbox, 'enqueue'>;
  /** The shop's address (its /auth/action page applies the link). */
  shopUrl: string;
  addressBook: AddressBookService;
  /**
   * Called at the sign-in that finds the account's email changed at the identity provider, once
   * the account's record has the new one: what else keeps the email follows it (orders, alerts…).
   */
  onEmailChanged?: (change: EmailChange) => Promise<void>;
  /**
   * Called at the sign-in that finds the account's sessions ended at the identity provider by
   * something other than the api (a new password, set in the browser or from a reset link).
   */
  onSessionsEndedElsewhere?: (account: { email: string; uid: string }) => Promise<void>;
}) {
  /**
   * The sign-in of an account whose email changed at the identity provider: its record takes the
   * new email (409 when another record of the shop holds it), then the rest follows.
   */
  async function followEmail(known: WithId<UserDocument>, uid: string, email: string): Promise<void> {
    try {
      await deps.users.changeEmail(known._id, known.email, email);
    } catch (error) {
      if ((error as { code?: number }).code === 11000) throw new ConflictError('Another account of the shop uses this email. Contact us to merge them.');
      throw error;
    }
    deps.roles.forget(known.email);
    deps.roles.forget(email);
    deps.roles.forgetAccount(uid);
    await deps.onEmailChanged?.({ userId: known._id.toHexString(), uid, from: known.email, to: email });
  }

  /**
   * A record that still has this email but belongs to another account of the provider, which has
   * moved to another email since (its own sign-in would have followed): that record follows its
   * account now, so a new account with the freed email starts a record of its own and never takes
   * over the other's orders. A record whose account is gone is the new account's (made again).
   */
  async function freeEmailOfMovedAccount(email: string, uid: string): Promise<void> {
    const holder = await deps.users.findByEmail(email);
    if (!holder?.uid || holder.uid === uid) return;
    const owner = await deps.identity.accountById(holder.uid);
    if (owner?.email && owner.email !== email) await followEmail(holder, holder.uid, owner.email);
  }

  /**
   * Keeps the identity provider's sessionsValidSince; when it moved since the last sign-in and the
   * api did not move it itself (sign out everywhere records its own), the password changed: the
   * account is told, once. `quiet`: an email change moved it, which has its own notice.
   */
  async function noteSessions(user: WithId<UserDocument>, identity: VerifiedIdentity, { quiet }: { quiet: boolean }): Promise<void> {
    const since = identity.sessionsValidSince;
    if (since === null || since === user.sessionsValidSince) return;
    const seen = user.sessionsValidSince;
    const first = await deps.users.noteSessionsValidSince(user._id, seen, since);
    // This instance forgets at once what it kept of the account: tokens from before are refused now.
    deps.roles.forgetAccount(identity.uid);
    if (first && seen !== undefined && since > seen && !quiet) await deps.onSessionsEndedElsewhere?.({ email: user.email, uid: identity.uid });
  }

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
      // The account is the identity provider's uid: a changed email follows it, never a new account.
      const known = await deps.users.findByUid(identity.uid);
      const emailChanged = known !== null && known.email !== email;
      if (known && emailChanged) await followEmail(known, identity.uid, email);
      await freeEmailOfMovedAccount(email, identity.uid);
      const user = await deps.users.upsertOnSignIn(
        email,
        listedAdmin && identity.emailVerified ? { always: 'admin' } : { onInsert: 'customer' },
      );
      if (user.uid !== identity.uid) await deps.users.setUid(user._id, identity.uid);
      // The upsert may have written a role, or created the account a cached "no account" was about.
      deps.roles.forget(email);
      await noteSessions(user, identity, { quiet: emailChanged });
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
      if (!(await deps.users.findByEmail(email))) throw new NotFoundError('No account uses this email');
      // The first read of an account with only the spec's free-text Address keeps it as its first saved address.
      return toProfile((await deps.addressBook.stored(email)).user);
    },

    /**
     * Only the account itself may change its profile, admins included. One address book: a
     * structured address becomes the default saved address (Address its line); the spec's free-text
     * Address alone becomes the default as a line to check, unless it is the one the profile shows.
     */
    async updateProfile(caller: AccessClaims, requestedEmail: string, changes: ProfileUpdateInput): Promise<Profile> {
      if (requestedEmail.toLowerCase() !== caller.email) throw new ForbiddenError('You can only update your own profile');
      const { shippingAddress, Address, ...fields } = changes;
      if (!(await deps.users.findByEmail(caller.email))) throw new NotFoundError('No account uses this email');
      if (shippingAddress) await deps.addressBook.setDefaultAddress(caller.email, shippingAddress);
      else await deps.addressBook.setFreeTextAddress(caller.email, Address, fields.phone);
      const user = await deps.users.updateProfile(caller.email, fields);
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
