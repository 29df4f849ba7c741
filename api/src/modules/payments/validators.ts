import { z } from 'zod';
import { objectIdSchema } from '../../validation';

/**
 * POST /create-payment-intent. The spec's client sends `totalAmount`: accepted and ignored, the
 * amount is the stored order's.
 */
export const createPaymentIntentBodySchema = z
  .strictObject({ orderId: objectIdSchema('order id'), totalAmount: z.unknown().optional() })
  .transform(({ orderId }) => ({ orderId }));

export const orderIdParamsSchema = z.object({ id: objectIdSchema('order id') });

const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9]{1,100}$/;

/** PATCH /myorder/:id, as the spec's client sends it: `{order: <the id>, transactionId}`. */
export const confirmPaymentBodySchema = z.strictObject({
  transactionId: z.string({ error: 'transactionId is required' }).regex(PAYMENT_INTENT_ID, 'transactionId must be a payment id (pi_…)'),
  order: z.string().optional(),
});
