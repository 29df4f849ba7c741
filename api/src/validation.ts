import { ObjectId } from 'mongodb';
import { z } from 'zod';

/** A 24-hex-digit id in a path; parses to an ObjectId, or fails with `Invalid <what>`. */
export function objectIdSchema(what: string) {
  return z
    .string()
    .regex(/^[0-9a-f]{24}$/i, `Invalid ${what}`)
    .transform((hex) => ObjectId.createFromHexString(hex));
}
