import {
  type AccountExport,
  accountText,
  EMAIL_RECOVERY_DAYS,
  ERASED_MARKER,
  FORMER_CUSTOMER,
  RECENT_SIGN_IN_SECONDS,
  SETTINGS_PATH,
} from '@pcpp/contracts/core';
import { ObjectId } from 'mongodb';
import type { AccessClaims } from '../../auth/access-token';
import type { IdentityProvider, VerifiedIdentity } from '../../auth/firebase';
import type { IdempotencyKeysRepository } from '../../http/idempotency';
import { createLinkTokens } from '../../auth/link-tokens';
import type { RoleAuthority } from '../../auth/role-authority';
import { BadRequestError, ConflictError, ForbiddenError, UnauthorizedError } from '../../errors';
import type { Logger } from '../../logger';
import type { ActivityLog } from '../activity/service';
import type { AlertsRepository } from '../alerts/repository';
import type { BuildsRepository } from '../builds/repository';
import type { CartRepository } from '../cart/repository';
import type { Outbox } from '../mail/outbox';
import { accountNoticeEmail } from '../mail/templates';
import type { OrdersModule } from '../orders';
import type { PartReviewsRepository } from '../part-reviews/repository';
import type { ReviewsRepository } from '../reviews/repository';
import { bookAnswer, type AddressBookService } from '../users/address-book';
import type { UsersRepository } from '../users/repository';
import type { EmailChange } from '../users/service';

const FORGOT_PASSWORD_PATH = '/forgot-password';

/** "This was not me" links: a signed token naming the account and the email it had, for EMAIL_RECOVERY_DAYS. */
export function createEmailRecoveryLinks(secret: string, shopUrl: string) {
  const tokens = createLinkTokens(secret, { purpose: 'email-recovery', audience: 'pcpp-email-recovery', days: EMAIL_RECOVERY_DAYS });
  return {
    async url(account: { uid: string; email: string }): Promise<string> {
      const token = await tokens.sign(JSON.stringify({ uid: account.uid, email: account.email }));
      return `${shopUrl}/auth/action?mode=undoEmailChange&token=${encodeURIComponent(token)}`;
    },
    /** The account and email a link names, or null when it is not one of ours or has expired. */
    async accountOf(token: string): Promise<{ uid: string; email: string } | null> {
      const subject = await tokens.subjectOf(token);
      if (!subject) return null;
      try {
        const { uid, email } = JSON.parse(subject) as { uid?: unknown; email?: unknown };
        return typeof uid === 'string' && typeof email === 'string' ? { uid, email } : null;
      } catch {
        return null;
      }
    },
  };
}

export type EmailRecoveryLinks = ReturnType<typeof createEmailRecoveryLinks>;

/**
 * Account settings (issue 46): signing out everywhere, the data export, closing the account, and
 * the email change with its "This was not me". Password and email changes themselves happen at
 * the identity provider, from the browser; the api follows at the next sign-in (users/service.ts
 * calls emailChanged and passwordChanged). Every change emails the account and lands in Activity.
 */
export function createAccountService(deps: {
  users: UsersRepository;
  addressBook: AddressBookService;
  identity: IdentityProvider;
  roles: RoleAuthority;
  /** The orders module's three functions for an account (orders/accounts/service.ts behind them). */
  orders: Pick<OrdersModule, 'followAccountEmail' | 'closeAccountOrders' | 'exportAccountOrders'>;
  alerts: Pick<AlertsRepository, 'allOf' | 'renameEmail' | 'deleteAllOf'>;
  builds: Pick<BuildsRepository, 'allOf' | 'renameOwnerEmail' | 'deleteAllOf'>;
  reviews: Pick<ReviewsRepository, 'byAuthor' | 'renameAuthorEmail' | 'anonymiseAuthor'>;
  partReviews: Pick<PartReviewsRepository, 'byAuthor' | 'renameAuthorEmail' | 'anonymiseAuthor'>;
  carts: Pick<CartRepository, 'renameEmail' | 'deleteOf'>;
  idempotencyKeys: Pick<IdempotencyKeysRepository, 'renameEmail' | 'deleteOf'>;
  activity: Pick<ActivityLog, 'record' | 'eraseEmail'>;
  outbox: Pick<Outbox, 'enqueue' | 'forget'>;
  recoveryLinks: EmailRecoveryLinks;
  shopUrl: string;
  logger: Logger;
}) {
  const settingsLink = { label: 'Open Settings', url: `${deps.shopUrl}${SETTINGS_PATH}` };
  const notYou = 'If this was not you, reset your password from the login page and sign out everywhere in Settings.';

  /** Closing the account and changing its email need the password typed in the last 5 minutes. */
  function assertRecentSignIn(identity: VerifiedIdentity): void {
    if (Date.now() / 1000 - identity.authTime > RECENT_SIGN_IN_SECONDS) throw new UnauthorizedError(accountText.signInAgain);
  }

  function emailOf(identity: VerifiedIdentity): string {
    if (!identity.email) throw new ForbiddenError('This account has no email address');
    return identity.email;
  }

  async function tell(to: string, subject: string, lines: string[], link = settingsLink): Promise<void> {
    await deps.outbox.enqueue(accountNoticeEmail(to, { subject, lines, link }));
  }

  /** What else keeps the account's email follows it (its record already has the new one). */
  async function follow({ userId, from, to }: Omit<EmailChange, 'uid'>): Promise<void> {
    const authorId = ObjectId.createFromHexString(userId);
    await deps.orders.followAccountEmail(from, to);
    await Promise.all([
      deps.carts.renameEmail(from, to),
      deps.idempotencyKeys.renameEmail(from, to),
      deps.alerts.renameEmail(userId, to),
      deps.builds.renameOwnerEmail(userId, to),
      deps.reviews.renameAuthorEmail(authorId, to),
      deps.partReviews.renameAuthorEmail(authorId, to),
    ]);
  }

  return {
    /** POST /me/sign-out-everywhere: every session ends, this one too; a token from before is refused at its next call. */
    async signOutEverywhere(caller: AccessClaims): Promise<{ signedOutAt: string }> {
      const since = await deps.identity.revokeSessions(caller.uid);
      const user = await deps.users.findByEmail(caller.email);
      // Recorded as ours, so the next sign-in does not take it for a new password.
      if (user) await deps.users.noteSessionsValidSince(user._id, user.sessionsValidSince, since);
      deps.roles.forgetAccount(caller.uid);
      await tell(caller.email, 'You were signed out everywhere', [
        'Every browser and device signed in to your account was signed out, as you asked in Settings.',
        notYou,
      ]);
      await deps.activity.record({ action: 'user.signedOutEverywhere', actor: caller.email, target: caller.email, subject: { kind: 'user', id: caller.email } });
      return { signedOutAt: new Date(since * 1000).toISOString() };
    },

    /** GET /me/export: what the shop holds about the caller, with no card data (the card stays at Stripe). */
    async exportData(caller: AccessClaims): Promise<AccountExport> {
      const { user, book } = await deps.addressBook.stored(caller.email);
      const account = await deps.identity.accountById(caller.uid);
      const ownerId = caller.sub;
      const authorId = ObjectId.createFromHexString(caller.sub);
      const [orders, reviews, partReviews, builds, alerts] = await Promise.all([
        deps.orders.exportAccountOrders(caller.email),
        deps.reviews.byAuthor(authorId),
        deps.partReviews.byAuthor(authorId),
        deps.builds.allOf(ownerId),
        deps.alerts.allOf(ownerId),
      ]);
      const exported: AccountExport = {
        exportedAt: new Date().toISOString(),
        account: {
          email: user.email,
          role: user.role,
          createdAt: user.createdAt.toISOString(),
          displayName: account?.displayName ?? null,
          emailVerified: account?.emailVerified ?? false,
        },
        profile: {
          ...(user.Address ? { Address: user.Address } : {}),
          ...(user.phone ? { phone: user.phone } : {}),
          ...(user.profession ? { profession: user.profession } : {}),
          ...(user.linkin ? { linkin: user.linkin } : {}),
        },
        addresses: bookAnswer(book).addresses,
        orders,
        reviews: reviews.map((review) => ({ name: review.name, review: review.review, ratings: review.ratings, createdAt: review.createdAt.toISOString() })),
        partReviews: partReviews.map((review) => ({
          productId: review.productId.toHexString(),
          rating: review.rating,
          title: review.title,
          text: review.text,
          helpful: review.helpful,
          createdAt: review.createdAt.toISOString(),
        })),
        builds: builds.map((build) => ({
          _id: build._id.toHexString(),
          name: build.name,
          cpu: build.cpu,
          parts: Object.fromEntries(Object.entries(build.parts).map(([slot, id]) => [slot, id.toHexString()])),
          createdAt: build.createdAt.toISOString(),
          updatedAt: build.updatedAt.toISOString(),
        })),
        alerts: alerts.map((alert) => ({
          productId: alert.productId.toHexString(),
          productName: alert.productName,
          kind: alert.kind,
          ...(alert.priceBelow !== undefined ? { priceBelow: alert.priceBelow } : {}),
          status: alert.status,
          createdAt: alert.createdAt.toISOString(),
        })),
        // The only emails the shop sends by choice are alerts'; orders' and the account's are part of the service.
        consents: alerts
          .filter((alert) => alert.status === 'active')
          .map((alert) => ({
            purpose: `Email me when ${alert.productName} is ${alert.kind === 'back-in-stock' ? 'back in stock' : 'below the price I set'}`,
            givenAt: alert.createdAt.toISOString(),
            withdraw: 'Remove the alert in My Alerts, or open the unsubscribe link of its email.',
          })),
      };
      await tell(caller.email, 'Your data was downloaded', ['A copy of the data the shop holds about you was downloaded from Settings.', notYou]);
      await deps.activity.record({ action: 'user.dataExported', actor: caller.email, target: caller.email, subject: { kind: 'user', id: caller.email } });
      return exported;
    },

    /**
     * POST /me/email-change (a Firebase ID token of a sign-in of the last 5 minutes): the identity
     * provider's verify-before-update link goes to the new address, through the shop's outbox; the
     * old address is told, with a "This was not me" link. Nothing changes until the link is opened.
     */
    async requestEmailChange(identity: VerifiedIdentity, requested: string): Promise<{ sent: true; newEmail: string }> {
      const email = emailOf(identity);
      assertRecentSignIn(identity);
      if (identity.signInProvider !== 'password') throw new ConflictError(accountText.emailNotPassword);
      const newEmail = requested.trim().toLowerCase();
      if (newEmail === email) throw new BadRequestError(accountText.emailSame);
      const oobCode = await deps.identity.emailChangeCode(email, newEmail);
      const link = `${deps.shopUrl}/auth/action?mode=verifyAndChangeEmail&oobCode=${encodeURIComponent(oobCode)}`;
      await tell(
        newEmail,
        'Confirm your new email address',
        [`Open this link to make ${newEmail} the email of your PC PART PICKER account. Until you do, the account keeps ${email}.`, 'If you did not ask for this, ignore this email.'],
        { label: 'Confirm my new email address', url: link },
      );
      await tell(
        email,
        'Your email address is about to change',
        [`Someone signed in to your account asked to change its email to ${newEmail}. It changes once the link sent there is opened.`, 'If this was not you, keep your email: open this link. It also ends every session and sends you a link to choose a new password.'],
        { label: 'This was not me', url: await deps.recoveryLinks.url({ uid: identity.uid, email }) },
      );
      await deps.activity.record({ action: 'user.emailChangeRequested', actor: email, target: email, subject: { kind: 'user', id: email } });
      return { sent: true, newEmail };
    },

    /** The sign-in that found the account's email changed (users/service.ts): the rest follows, both addresses are told. */
    async emailChanged(change: EmailChange): Promise<void> {
      await follow(change);
      await tell(change.to, 'Your email address is changed', [`${change.to} is now the email of your PC PART PICKER account: sign in with it.`]);
      await tell(
        change.from,
        'Your email address was changed',
        [`The email of your PC PART PICKER account was changed to ${change.to}. You can no longer sign in with this address.`, 'If this was not you, open this link: your account gets this address back, every session ends, and we send you a link to choose a new password.'],
        { label: 'This was not me', url: await deps.recoveryLinks.url({ uid: change.uid, email: change.from }) },
      );
      await deps.activity.record({ action: 'user.emailChanged', actor: change.to, target: change.to, subject: { kind: 'user', id: change.to } });
    },

    /** The sign-in that found the sessions ended by a new password (users/service.ts). */
    async passwordChanged({ email }: { email: string; uid: string }): Promise<void> {
      await tell(email, 'Your password was changed', ['The password of your account was changed, and every other browser and device signed in to it was signed out.', notYou], {
        label: 'Reset my password',
        url: `${deps.shopUrl}${FORGOT_PASSWORD_PATH}`,
      });
      await deps.activity.record({ action: 'user.passwordChanged', actor: email, target: email, subject: { kind: 'user', id: email } });
    },

    /**
     * POST /account/email-recovery, from the old address's "This was not me" link (signed out):
     * the account gets that address back, every session ends, and the address gets a link to set a
     * new password (whoever changed the email knew the old one).
     */
    async recoverEmail(token: string): Promise<{ restored: true; email: string }> {
      const named = await deps.recoveryLinks.accountOf(token);
      const account = named ? await deps.identity.accountById(named.uid) : null;
      if (!named || !account) throw new BadRequestError(accountText.recoveryLinkBad);
      const { uid, email } = named;
      if (account.email !== email) await deps.identity.restoreEmail(uid, email);
      const user = await deps.users.findByUid(uid);
      if (user && user.email !== email) {
        try {
          await deps.users.changeEmail(user._id, user.email, email);
        } catch (error) {
          if ((error as { code?: number }).code === 11000) throw new ConflictError(accountText.emailTaken);
          throw error;
        }
        await follow({ userId: user._id.toHexString(), from: user.email, to: email });
        deps.roles.forget(user.email);
        deps.roles.forget(email);
      }
      const since = await deps.identity.revokeSessions(uid);
      const current = await deps.users.findByUid(uid);
      if (current) await deps.users.noteSessionsValidSince(current._id, current.sessionsValidSince, since);
      deps.roles.forgetAccount(uid);
      const oobCode = await deps.identity.passwordResetCode(email);
      await tell(
        email,
        'Your email address is yours again',
        ['Your account has this email address again, and every browser and device signed in to it was signed out.', 'Choose a new password now: whoever changed the email knew the old one.'],
        { label: 'Choose a new password', url: `${deps.shopUrl}/auth/action?mode=resetPassword&oobCode=${encodeURIComponent(oobCode)}` },
      );
      await deps.activity.record({ action: 'user.emailRestored', actor: email, target: email, subject: { kind: 'user', id: email } });
      return { restored: true, email };
    },

    /**
     * DELETE /me (a Firebase ID token of a sign-in of the last 5 minutes, and the email typed
     * again): unpaid orders cancelled (their holds released), paid ones kept for the accounts with
     * the person erased, reviews kept as FORMER_CUSTOMER, everything else deleted, then the account
     * at the identity provider. The shop's last admin cannot close theirs. The log keeps an entry
     * naming the account by its id only.
     */
    async close(identity: VerifiedIdentity, confirmEmail: string): Promise<{ closed: true; cancelledOrders: number; keptOrders: number }> {
      const email = emailOf(identity);
      assertRecentSignIn(identity);
      if (confirmEmail.trim().toLowerCase() !== email) throw new BadRequestError(accountText.closeConfirmMismatch);
      const user = (await deps.users.findByUid(identity.uid)) ?? (await deps.users.findByEmail(email));
      if (user?.role === 'admin' && (await deps.users.countAdmins(email)) === 0) throw new ConflictError(accountText.closeLastAdmin);
      // The orders first: a payment that cannot be cancelled now (Stripe away) stops the closing before anything is erased.
      const { cancelledOrders, keptOrders } = await deps.orders.closeAccountOrders(email);
      await tell(email, 'Your account is closed', [
        'Your PC PART PICKER account is closed, as you asked. You can no longer sign in with it.',
        `${cancelledOrders === 1 ? '1 unpaid order was' : `${cancelledOrders} unpaid orders were`} cancelled. Paid orders are kept for the accounts, as tax law requires, without your name, email, phone or address.`,
        'Your profile, saved addresses, builds, alerts and cart are deleted; your reviews stay, signed “Former customer”.',
      ], { label: 'Visit the shop', url: deps.shopUrl });
      if (user) {
        const authorId = user._id;
        const ownerId = user._id.toHexString();
        await Promise.all([
          deps.reviews.anonymiseAuthor(authorId),
          deps.partReviews.anonymiseAuthor(authorId),
          deps.builds.deleteAllOf(ownerId),
          deps.alerts.deleteAllOf(ownerId),
        ]);
        await deps.users.deleteAccount(user._id);
      }
      await deps.carts.deleteOf(email);
      await deps.idempotencyKeys.deleteOf(email);
      await deps.activity.eraseEmail(email, ERASED_MARKER);
      await deps.outbox.forget(email);
      await deps.identity.deleteAccount(identity.uid);
      deps.roles.forget(email);
      deps.roles.forgetAccount(identity.uid);
      await deps.activity.record({
        action: 'user.closed',
        actor: FORMER_CUSTOMER,
        target: `account ${user?._id.toHexString() ?? identity.uid}`,
        details: ` ${cancelledOrders} unpaid ${cancelledOrders === 1 ? 'order' : 'orders'} cancelled, ${keptOrders} paid ${keptOrders === 1 ? 'order' : 'orders'} kept with the customer erased`,
      });
      deps.logger.info({ account: user?._id.toHexString(), cancelledOrders, keptOrders }, 'account closed');
      return { closed: true, cancelledOrders, keptOrders };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
