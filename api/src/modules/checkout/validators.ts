import { checkoutInputSchema, checkoutQuoteInputSchema } from '@pcpp/contracts/core';
import { ObjectId } from 'mongodb';
import { z } from 'zod';
import { objectIdSchema } from '../../validation';
import { IDEMPOTENCY_KEY_MESSAGE } from '../orders/validators';

/** POST /checkout: contracts' schema (strict; lines as ids and quantities, never a price), ids parsed. */
const parsedLines = (lines: { productId: string; quantity: number }[]) =>
  lines.map(({ productId, quantity }) => ({ productId: ObjectId.createFromHexString(productId), quantity }));

export const checkoutBodySchema = checkoutInputSchema.transform(({ lines, address, saveAddress, shippingMethod }) => ({
  lines: parsedLines(lines),
  address,
  saveAddress: saveAddress ?? false,
  shippingMethod: shippingMethod ?? 'standard',
}));
export type CheckoutBody = z.output<typeof checkoutBodySchema>;

/** POST /checkout/quote: contracts' schema (strict), ids parsed. */
export const checkoutQuoteBodySchema = checkoutQuoteInputSchema.transform(({ lines, address, shippingMethod }) => ({
  lines: parsedLines(lines),
  address,
  shippingMethod: shippingMethod ?? 'standard',
}));
export type CheckoutQuoteBody = z.output<typeof checkoutQuoteBodySchema>;

/** POST /checkout requires its key: a checkout is never placed twice by a retry. */
export const checkoutHeadersSchema = z.object({
  'Idempotency-Key': z
    .string({ error: 'Idempotency-Key is required: send a new key for each checkout' })
    .regex(/^[A-Za-z0-9_-]{1,100}$/, IDEMPOTENCY_KEY_MESSAGE)
    .meta({ description: 'Required: a new key for each checkout, the same key when retrying one (1-100 letters, digits, - or _).' }),
});

export const checkoutParamsSchema = z.object({ id: objectIdSchema('checkout id') });
