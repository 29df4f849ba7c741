import {
  accessTokenAnswerSchema,
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
import type { UsersService } from './service';
import {
  isProfileUpdateBody,
  profileQuerySchema,
  profileUpdateBodySchema,
  tokenExchangeBodySchema,
  userEmailParamsSchema,
  userListQuerySchema,
} from './validators';

export interface UsersRouteDeps {
  users: UsersService;
}

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
        'With the api’s access token and a profile body (all four fields): saves the caller’s profile. ' +
        'With a Firebase ID token and `{email}`: signs in (see the other body).',
      access: 'customer',
      when: (req) => isProfileUpdateBody(req.body),
      params: userEmailParamsSchema,
      body: profileUpdateBodySchema,
      answers: {
        200: { description: 'The saved profile.', schema: profileSchema, example: examples.profile },
        403: { description: 'The email is another account’s.' },
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
        'once their email is verified; until then `notice` says why.',
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
