import { addressCreateSchema, addressUpdateSchema, catalogQueryFields, emailSchema, unknownQueryParameterError } from '@pcpp/contracts/core';
import { z } from 'zod';
import { pagingFields } from '../../paging';
import { objectIdSchema } from '../../validation';

/** POST /me/addresses and PATCH /me/addresses/{id} (strict; contracts has the texts and rules). */
export { addressCreateSchema as addressCreateBodySchema, addressUpdateSchema as addressUpdateBodySchema };

export const addressParamsSchema = z.strictObject({ id: objectIdSchema('address id').transform((id) => id.toHexString()) });

export const userEmailParamsSchema = z.object({ email: emailSchema });

/** PUT /user/:email with a Firebase ID token: sign-in. Nothing but the email is accepted. */
export const tokenExchangeBodySchema = z.strictObject({ email: emailSchema });

/** GET /user/one?email= (strict). */
export const profileQuerySchema = z.strictObject({ email: emailSchema }, { error: unknownQueryParameterError(['email']) });

/** PUT /user/:email with an access token: the profile, all four fields required. */
export { profileUpdateSchema as profileUpdateBodySchema } from '@pcpp/contracts/core';

const PROFILE_FIELDS = ['Address', 'phone', 'profession', 'linkin'];

/** The exchange and the profile update share a path; a body naming any profile field is an update. */
export function isProfileUpdateBody(body: unknown): boolean {
  return typeof body === 'object' && body !== null && PROFILE_FIELDS.some((field) => field in body);
}

/** GET /user?q=&page=&limit= (admin; strict: an unknown parameter is a 400). q: part of the email. */
export const userListQuerySchema = z.strictObject(
  { q: catalogQueryFields.q.optional(), ...pagingFields },
  { error: unknownQueryParameterError(['q', 'page', 'limit']) },
);
export type UserListQuery = z.output<typeof userListQuerySchema>;
