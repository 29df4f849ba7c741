import { alertInputSchema } from '@pcpp/contracts/core';
import { z } from 'zod';
import { objectIdSchema } from '../../validation';

/** POST /alerts: `{productId, kind, priceBelow?}` (cents), nothing else. */
export const alertBodySchema = alertInputSchema;

export const alertParamsSchema = z.strictObject({ id: objectIdSchema('alert id') });

/** The unsubscribe link's token: a compact JWT (its signature is checked by the service). */
export const unsubscribeParamsSchema = z.strictObject({
  token: z.string().max(1000, 'Invalid unsubscribe link').regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, 'Invalid unsubscribe link'),
});
