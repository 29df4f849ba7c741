import { z } from 'zod';

// The Idempotency-Key header as the routes that declare `idempotent` read it (mount-routes.ts).

export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 1 to 100 letters, digits, - or _';

const KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** An optional Idempotency-Key (1-100 letters, digits, - or _). */
export const idempotencyKeySchema = z.string().regex(KEY_PATTERN, IDEMPOTENCY_KEY_MESSAGE).optional();

/** A required Idempotency-Key: a write that must never run twice by a retry (`thing`: what it makes). */
export const requiredIdempotencyKeySchema = (thing: string) =>
  z
    .string({ error: `Idempotency-Key is required: send a new key for each ${thing}` })
    .regex(KEY_PATTERN, IDEMPOTENCY_KEY_MESSAGE)
    .meta({ description: `Required: a new key for each ${thing}, the same key when retrying one (1-100 letters, digits, - or _).` });
