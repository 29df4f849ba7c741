import {
  accessTokenAnswerSchema,
  accountText,
  ADDRESS_BOOK_MAX,
  addressBookEntrySchema,
  addressBookSchema,
  addressDeletedAnswerSchema,
  adminFlagAnswerSchema,
  modifiedCountAnswerSchema,
  pageSchema,
  profileSchema,
  userSummarySchema,
  verificationEmailAnswerSchema,
} from '@pcpp/contracts/core';
import { z } from 'zod';
import { accessClaims, verifiedIdentity } from '../../auth/middleware';
import { routeDeclarer, type RouteModule } from '../../http/route-spec';
import { examples } from '../../openapi/examples';
import type { AddressBookService } from './address-book';
import type { UsersService } from './service';
import {
  addressCreateBodySchema,
  addressParamsSchema,
  addressUpdateBodySchema,
  isProfileUpdateBody,
  profileQuerySchema,
  profileUpdateBodySchema,
  tokenExchangeBodySchema,
  userEmailParamsSchema,
  userListQuerySchema,
} from './validators';

export interface UsersRouteDeps {
  users: UsersService;
  addressBook: AddressBookService;
}

const ADDRESS_EXAMPLE = {
  _id: '6745c0ffee0000000000ad01',
  label: 'Home',
  isDefault: true,
  fullName: 'Sam Lee',
  street: '12 Harbour Road',
  city: 'Portsmouth',
  postalCode: 'PO1 3AX',
  country: 'GB',
  phone: '+44 7700 900123',
};
const ADDRESS_LIMITS = ['accountChangesByAddress', 'accountChanges'] as const;
const ADDRESS_NOT_FOUND = { description: 'No saved address of the caller’s has this id (another account’s reads the same).' };

const route = routeDeclarer<UsersRouteDeps>();
const OWN_OR_ADMIN = { description: 'The email is another account’s (only admins may read it).' };

export const usersRoutes: RouteModule<UsersRouteDeps> = {
  name: 'users',
  routes: [
    route({
      method: 'put',
      path: '/user/admin/{email}',
      operationId: 'promoteUser',
      tag: 'Admin',
      summary: 'Make Admin',
      description: 'The account is an admin on its next request (the role is read from the database).',
      access: 'admin',
      params: userEmailParamsSchema,
      answers: {
        200: { description: '1: promoted now; 0: it was an admin already.', schema: modifiedCountAnswerSchema, example: { modifiedCount: 1 } },
        404: { description: 'No account uses this email.' },
      },
      handle:
        ({ users }) =>
        ({ params }, req) =>
          users.promote(accessClaims(req), params.email),
    }),
    route({
      method: 'delete',
      path: '/user/admin/{email}',
      operationId: 'demoteUser',
      tag: 'Admin',
      summary: 'Make an admin a customer again',
      description:
        'The account loses admin access on its very next request (the role is read from the database, whatever its token says). ' +
        'Refused with 409 for the caller’s own account, for the last admin, and for an account listed in ADMIN_EMAILS (its next ' +
        'sign-in would make it an admin again). Recorded on the Activity page.',
      access: 'admin',
      params: userEmailParamsSchema,
      answers: {
        200: { description: '1: a customer now; 0: it was no admin.', schema: modifiedCountAnswerSchema, example: { modifiedCount: 1 } },
        404: { description: 'No account uses this email.' },
        409: { description: 'It is the caller’s own account, the last admin, or an admin by ADMIN_EMAILS.' },
      },
      handle:
        ({ users }) =>
        ({ params }, req) =>
          users.demote(accessClaims(req), params.email),
    }),
    route({
      method: 'get',
      path: '/user',
      operationId: 'listUsers',
      tag: 'Admin',
      summary: 'All Users (Make Admin)',
      description: 'Every account, newest first: a plain array (the spec’s call), or a page as soon as `q`, `page` or `limit` is given.',
      access: 'admin',
      query: userListQuerySchema,
      answers: {
        200: {
          description: 'The accounts, or one page of them.',
          schema: z.union([z.array(userSummarySchema), pageSchema(userSummarySchema)]),
          example: examples.userList,
        },
      },
      handle:
        ({ users }) =>
        ({ query }) =>
          users.list(query),
    }),
    // PUT /user/{email} has two callers (spec §7): the profile update (access token, profile body)
    // and the sign-in (Firebase ID token, body {email}). A body naming a profile field is an update.
    route({
      method: 'put',
      path: '/user/{email}',
      operationId: 'updateProfileOrSignIn',
      tag: 'Accounts',
      summary: 'Update My Profile',
      description:
        'With the api’s access token and a profile body (all four fields): saves the caller’s profile. Its address is the default ' +
        'saved address (GET /me/addresses): a `shippingAddress` becomes it, with Address its line; the spec’s free-text Address alone ' +
        'becomes it as a street line to check, unless it is the Address the profile shows already (409 when the address book is full). ' +
        'With a Firebase ID token and `{email}`: signs in (see the other body).',
      access: 'customer',
      when: (req) => isProfileUpdateBody(req.body),
      params: userEmailParamsSchema,
      body: profileUpdateBodySchema,
      answers: {
        200: { description: 'The saved profile.', schema: profileSchema, example: examples.profile },
        403: { description: 'The email is another account’s.' },
        409: { description: accountText.addressBookFull },
      },
      handle:
        ({ users }) =>
        ({ params, body }, req) =>
          users.updateProfile(accessClaims(req), params.email, body),
    }),
    route({
      method: 'put',
      path: '/user/{email}',
      operationId: 'updateProfileOrSignIn',
      tag: 'Accounts',
      summary: 'Sign in: trade a Firebase ID token for the api’s access token',
      description:
        'The ID token’s email must be the one in the path and in the body. Accounts listed in ADMIN_EMAILS become admins ' +
        'once their email is verified; until then `notice` says why. The account is the identity provider’s: when its email changed ' +
        '(the verify-before-update link), the shop’s record, orders, cart, alerts, builds and reviews follow the new one here. An ID ' +
        'token from before the account’s sessions ended (signed out everywhere, a new password) is refused.',
      access: 'firebaseIdToken',
      rateLimit: 'signIn',
      params: userEmailParamsSchema,
      body: tokenExchangeBodySchema,
      answers: {
        200: { description: 'The access token and its lifetime in seconds.', schema: accessTokenAnswerSchema, example: examples.accessToken },
        403: { description: 'The ID token is for another email, or its account has no email.' },
      },
      handle:
        ({ users }) =>
        ({ params, body }, req) =>
          users.exchangeToken(verifiedIdentity(req), { pathEmail: params.email, bodyEmail: body.email }),
    }),
    route({
      method: 'post',
      path: '/user/verification-email',
      operationId: 'sendVerificationEmail',
      tag: 'Accounts',
      summary: 'Email me the link that verifies my address',
      description:
        'With a Firebase ID token (sign-up sends one before the token exchange). The shop emails the link itself, ' +
        'through its outbox (MailDev’s inbox in demo mode); it opens the shop’s /auth/action page. Ordering needs a verified email.',
      access: 'firebaseIdToken',
      // Per address first (fresh accounts, one email each), then per account.
      rateLimit: ['verificationEmailsByAddress', 'verificationEmails'],
      answers: {
        200: { description: 'The email is on its way.', schema: verificationEmailAnswerSchema, example: { sent: true, email: 'sam@example.com' } },
        403: { description: 'The account has no email address.' },
        409: { description: 'The email is verified already.' },
      },
      handle:
        ({ users }) =>
        (_input, req) =>
          users.sendVerificationEmail(verifiedIdentity(req)),
    }),
    route({
      method: 'get',
      path: '/user/one',
      operationId: 'getProfile',
      tag: 'Accounts',
      summary: 'My Profile',
      access: 'customer',
      query: profileQuerySchema,
      answers: {
        200: { description: 'The profile.', schema: profileSchema, example: examples.profile },
        403: OWN_OR_ADMIN,
        404: { description: 'No account uses this email.' },
      },
      handle:
        ({ users }) =>
        ({ query }, req) =>
          users.profileOf(accessClaims(req), query.email),
    }),
    route({
      method: 'get',
      path: '/me/addresses',
      operationId: 'listMyAddresses',
      tag: 'Accounts',
      summary: 'My saved addresses',
      description:
        `The caller’s address book: at most ${ADDRESS_BOOK_MAX} addresses (so one answer, no pages), the default first. An account that ` +
        'only has the spec’s free-text Address gets it as its first saved address at this first read, as a street line marked ' +
        '`needsCheck` (its other fields blank until the customer fills them in).',
      access: 'customer',
      answers: { 200: { description: 'The saved addresses.', schema: addressBookSchema, example: { addresses: [ADDRESS_EXAMPLE], max: ADDRESS_BOOK_MAX } } },
      handle:
        ({ addressBook }) =>
        (_input, req) =>
          addressBook.list(accessClaims(req)),
    }),
    route({
      method: 'post',
      path: '/me/addresses',
      operationId: 'addMyAddress',
      tag: 'Accounts',
      summary: 'Save an address',
      description:
        'A structured address (the checkout’s) with an optional label. The first one is the default; `makeDefault` makes a later one ' +
        'the default (My Profile’s Address shows it, the checkout starts from it). The account is emailed and the change lands in Activity.',
      access: 'customer',
      rateLimit: ADDRESS_LIMITS,
      body: addressCreateBodySchema,
      answers: {
        201: { description: 'The saved address.', schema: addressBookEntrySchema, example: ADDRESS_EXAMPLE },
        409: { description: accountText.addressBookFull },
      },
      handle:
        ({ addressBook }) =>
        ({ body }, req) =>
          addressBook.add(accessClaims(req), body),
    }),
    route({
      method: 'patch',
      path: '/me/addresses/{id}',
      operationId: 'editMyAddress',
      tag: 'Accounts',
      summary: 'Edit a saved address, or make it the default',
      description:
        '`label` (null or blank removes it), `address` (the whole structured address: one marked needsCheck is checked once saved) ' +
        'and `makeDefault: true`, any of them. The account is emailed and the change lands in Activity.',
      access: 'customer',
      rateLimit: ADDRESS_LIMITS,
      params: addressParamsSchema,
      body: addressUpdateBodySchema,
      answers: {
        200: { description: 'The saved address as it is now.', schema: addressBookEntrySchema, example: ADDRESS_EXAMPLE },
        404: ADDRESS_NOT_FOUND,
      },
      handle:
        ({ addressBook }) =>
        ({ params, body }, req) =>
          addressBook.update(accessClaims(req), params.id, body),
    }),
    route({
      method: 'delete',
      path: '/me/addresses/{id}',
      operationId: 'deleteMyAddress',
      tag: 'Accounts',
      summary: 'Delete a saved address',
      description: 'When it was the default, the oldest address left becomes the default. The account is emailed and the change lands in Activity.',
      access: 'customer',
      rateLimit: ADDRESS_LIMITS,
      params: addressParamsSchema,
      answers: {
        200: { description: 'The address is deleted.', schema: addressDeletedAnswerSchema, example: { deleted: true } },
        404: ADDRESS_NOT_FOUND,
      },
      handle:
        ({ addressBook }) =>
        ({ params }, req) =>
          addressBook.remove(accessClaims(req), params.id),
    }),
    route({
      method: 'get',
      path: '/admin/{email}',
      operationId: 'getAdminFlag',
      tag: 'Accounts',
      summary: 'Is this account an admin? (the dashboard’s sidebar and guards)',
      access: 'customer',
      params: userEmailParamsSchema,
      answers: { 200: { description: 'Whether the account is an admin.', schema: adminFlagAnswerSchema, example: { admin: false } }, 403: OWN_OR_ADMIN },
      handle:
        ({ users }) =>
        ({ params }, req) =>
          users.adminFlag(accessClaims(req), params.email),
    }),
  ],
};
