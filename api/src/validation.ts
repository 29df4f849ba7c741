import { quoteUnknownKeys } from '@pcpp/contracts/core';
import { ObjectId } from 'mongodb';
import { z } from 'zod';

/** A 24-hex-digit id in a path; parses to an ObjectId, or fails with `Invalid <what>`. */
export function objectIdSchema(what: string) {
  return z
    .string()
    .regex(/^[0-9a-f]{24}$/i, `Invalid ${what}`)
    .transform((hex) => ObjectId.createFromHexString(hex));
}

const keysOf = (issue: { keys?: readonly string[] }) => quoteUnknownKeys(issue.keys ?? []);

/** The body of a call that takes none (absent, or `{}`): any field is a 400. Parse `req.body ?? {}`. */
export const noBodySchema = z.strictObject(
  {},
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Unknown field ${keysOf(issue)}: this call takes no body` : 'This call takes no body',
  },
);

/** The query string of a call that takes no parameter: any parameter is a 400. */
export const noQuerySchema = z.strictObject(
  {},
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown query parameter ${keysOf(issue)}: this call takes none` : undefined) },
);

/** A moment in a query string: ISO 8601 with its offset (what Date#toISOString writes). */
export const instantSchema = (name: string) =>
  z.iso
    .datetime({ offset: true, error: `${name} must be an ISO date and time, like 2026-11-24T00:00:00.000Z` })
    .transform((text) => new Date(text));
