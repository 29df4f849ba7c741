import {
  accountExportSchema,
  accountText,
  closeAccountAnswerSchema,
  closeAccountBodySchema,
  emailChangeAnswerSchema,
  emailChangeBodySchema,
  emailRecoveryAnswerSchema,
  emailRecoveryBodySchema,
  RECENT_SIGN_IN_SECONDS,
  signOutEverywhereAnswerSchema,
} from '@pcpp/contracts/core';
import { z } from 'zod';
import { accessClaims, verifiedIdentity } from '../../auth/middleware';
import { Reply, type RouteModule, routeDeclarer } from '../../http/route-spec';
import type { AccountService } from './service';

export interface AccountRouteDeps {
  account: AccountService;
}

const route = routeDeclarer<AccountRouteDeps>();
const EXPORT_EXAMPLE = {
  exportedAt: '2026-11-24T13:35:19.000Z',
  account: { email: 'sam@example.com', role: 'customer', createdAt: '2026-10-02T09:12:00.000Z', displayName: 'Sam Lee', emailVerified: true },
  profile: { phone: '+44 7700 900123', profession: 'Systems engineer' },
  addresses: [
    { _id: '6745c0ffee0000000000ad01', label: 'Home', isDefault: true, fullName: 'Sam Lee', street: '12 Harbour Road', city: 'Portsmouth', postalCode: 'PO1 3AX', country: 'GB', phone: '+44 7700 900123' },
  ],
  orders: [
    {
      number: 'PCP-7K2M-9QXD',
      placedAt: '2026-11-20T10:00:00.000Z',
      status: 'delivered',
      total: 32999,
      shipTo: { fullName: 'Sam Lee', street: '12 Harbour Road', city: 'Portsmouth', postalCode: 'PO1 3AX', country: 'GB', phone: '+44 7700 900123' },
      phone: '+44 7700 900123',
      lines: [{ productId: '6745c0ffee0000000000b001', productName: 'GeForce RTX 4070 SUPER', quantity: 1, unitPrice: 32999, total: 32999, status: 'delivered', paid: true }],
      payments: [{ paymentId: 'pi_3QdemoPayment', amount: 32999 }],
      refunds: [],
    },
  ],
  reviews: [],
  partReviews: [],
  builds: [],
  alerts: [],
  consents: [],
};
const RECENT = `a sign-in of the last ${RECENT_SIGN_IN_SECONDS / 60} minutes (the ID token’s auth_time)`;
const NOT_RECENT = { description: `No valid ID token, or one older than ${RECENT}: “${accountText.signInAgain}”` };

/** Account settings (issue 46): sessions, the data export, the email change and closing the account. */
export const accountRoutes: RouteModule<AccountRouteDeps> = {
  name: 'account',
  routes: [
    route({
      method: 'post',
      path: '/me/sign-out-everywhere',
      operationId: 'signOutEverywhere',
      tag: 'Accounts',
      summary: 'Sign out everywhere',
      description:
        'Revokes the account’s refresh tokens at the identity provider: every access token and ID token issued before is refused ' +
        '(401) at its next call, the caller’s own included, and no browser can renew its session without signing in again. The ' +
        'account is emailed and the change lands in Activity.',
      access: 'customer',
      rateLimit: ['accountChangesByAddress', 'accountChanges'],
      answers: { 200: { description: 'Every session ended at this time.', schema: signOutEverywhereAnswerSchema, example: { signedOutAt: '2026-11-24T13:35:19.000Z' } } },
      handle:
        ({ account }) =>
        (_input, req) =>
          account.signOutEverywhere(accessClaims(req)),
    }),
    route({
      method: 'get',
      path: '/me/export',
      operationId: 'exportMyData',
      tag: 'Accounts',
      summary: 'Download my data',
      description:
        'Everything the shop holds about the caller, as a JSON file (Content-Disposition: attachment): the account and profile, the ' +
        'saved addresses, the orders with their lines, payments (payment ids and amounts: the card stays at Stripe) and refunds, ' +
        'the reviews of the shop and of parts, the builds, the alerts and the consents (GDPR articles 15 and 20). Rate-limited; the ' +
        'account is emailed and the download lands in Activity.',
      access: 'customer',
      rateLimit: ['accountChangesByAddress', 'dataExports'],
      answers: {
        200: {
          description: 'The data, as a file to save.',
          schema: accountExportSchema,
          example: EXPORT_EXAMPLE,
          headers: { 'Content-Disposition': { description: 'attachment; filename="pc-part-picker-data-<date>.json"', schema: z.string() } },
        },
      },
      handle:
        ({ account }) =>
        async (_input, req) => {
          const data = await account.exportData(accessClaims(req));
          const day = data.exportedAt.slice(0, 10);
          return new Reply(200, data, { 'Content-Disposition': `attachment; filename="pc-part-picker-data-${day}.json"` });
        },
    }),
    route({
      method: 'post',
      path: '/me/email-change',
      operationId: 'requestEmailChange',
      tag: 'Accounts',
      summary: 'Change my email: send the link to the new address',
      description:
        `With a Firebase ID token of ${RECENT} (the Settings page asks for the password first). The identity provider’s ` +
        'verify-before-update link goes to the new address through the shop’s outbox (MailDev’s inbox in demo mode) and opens the ' +
        'shop’s /auth/action page; the email changes once it is opened, and the shop follows at the next sign-in. The old address ' +
        'is told, with a “This was not me” link. Lands in Activity.',
      access: 'firebaseIdToken',
      rateLimit: ['accountChangesByAddress', 'identityChanges'],
      body: emailChangeBodySchema,
      answers: {
        200: { description: 'The link is on its way to the new address.', schema: emailChangeAnswerSchema, example: { sent: true, newEmail: 'sam.lee@example.com' } },
        400: { description: `${accountText.emailSame} (or the body is malformed)` },
        401: NOT_RECENT,
        409: { description: `${accountText.emailTaken} Or: ${accountText.emailNotPassword}` },
      },
      handle:
        ({ account }) =>
        ({ body }, req) =>
          account.requestEmailChange(verifiedIdentity(req), body.newEmail),
    }),
    route({
      method: 'post',
      path: '/account/email-recovery',
      operationId: 'recoverEmail',
      tag: 'Accounts',
      summary: '“This was not me”: take back my email',
      description:
        'From the link emailed to the old address when the email changes (it works signed out, for 7 days): the account gets that ' +
        'address back, every session ends, and the address is emailed a link to choose a new password. Lands in Activity.',
      access: 'public',
      rateLimit: 'accountChangesByAddress',
      body: emailRecoveryBodySchema,
      answers: {
        200: { description: 'The account has the email again.', schema: emailRecoveryAnswerSchema, example: { restored: true, email: 'sam@example.com' } },
        400: { description: accountText.recoveryLinkBad },
        409: { description: accountText.emailTaken },
      },
      handle:
        ({ account }) =>
        ({ body }) =>
          account.recoverEmail(body.token),
    }),
    route({
      method: 'delete',
      path: '/me',
      operationId: 'closeMyAccount',
      tag: 'Accounts',
      summary: 'Close my account',
      description:
        `With a Firebase ID token of ${RECENT} and the account’s email typed again. Unpaid orders are cancelled through the one ` +
        'cancel path (their payments first, then their held parts go back on sale); paid orders are kept for the accounts, with ' +
        'the name, email, phone and address replaced by a marker; reviews stay, signed “Former customer”; the profile, saved ' +
        'addresses, builds, alerts and cart are deleted, then the account at the identity provider. The shop’s last admin cannot ' +
        'close theirs. Activity records it by the account’s id only.',
      access: 'firebaseIdToken',
      rateLimit: ['accountChangesByAddress', 'identityChanges'],
      body: closeAccountBodySchema,
      answers: {
        200: { description: 'The account is closed.', schema: closeAccountAnswerSchema, example: { closed: true, cancelledOrders: 1, keptOrders: 2 } },
        400: { description: `${accountText.closeConfirmMismatch} (or the body is malformed)` },
        401: NOT_RECENT,
        409: { description: accountText.closeLastAdmin },
      },
      handle:
        ({ account }) =>
        ({ body }, req) =>
          account.close(verifiedIdentity(req), body.confirmEmail),
    }),
  ],
};
