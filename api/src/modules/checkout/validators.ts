import { checkoutInputSchema, checkoutQuoteInputSchema, orderAddressInputSchema } from '@pcpp/contracts/core';
import { ObjectId } from 'mongodb';
import { z } from 'zod';
import { objectIdSchema } from '../../validation';
import { requiredIdempotencyKeySchema } from '../../http/idempotency-headers';

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
export const checkoutHeadersSchema = z.object({ 'Idempotency-Key': requiredIdempotencyKeySchema('checkout') });

export const checkoutParamsSchema = z.object({ id: objectIdSchema('checkout id') });

/** PUT /checkout/{id}/address: contracts' schema (strict), the method Standard when absent. */
export const orderAddressBodySchema = orderAddressInputSchema.transform(({ address, shippingMethod }) => ({ address, shippingMethod: shippingMethod ?? 'standard' }));
export type OrderAddressBody = z.output<typeof orderAddressBodySchema>;
