import { z } from 'zod';
import { objectIdSchema } from '../../validation';

/**
 * POST /create-payment-intent. The spec's client sends `totalAmount`: accepted and ignored, the
 * amount is the stored order's.
 */
export const createPaymentIntentBodySchema = z.union(
  [
    z.strictObject({ orderId: objectIdSchema('order id'), totalAmount: z.unknown().optional() }).transform(({ orderId }) => ({ orderId })),
    // A whole checkout: one payment for all its unpaid lines.
    z.strictObject({ checkoutId: objectIdSchema('checkout id') }),
  ],
  { error: 'Send {orderId} for one order, or {checkoutId} for a checkout' },
);

export const orderIdParamsSchema = z.object({ id: objectIdSchema('order id') });

const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9]{1,100}$/;

/** PATCH /myorder/:id, as the spec's client sends it: `{order: <the id>, transactionId}`. */
export const confirmPaymentBodySchema = z.strictObject({
  transactionId: z.string({ error: 'transactionId is required' }).regex(PAYMENT_INTENT_ID, 'transactionId must be a payment id (pi_…)'),
  order: z.string().optional(),
});

/** What Stripe posts to the webhook (documented; the signature over the raw bytes is what is checked). */
export const stripeEventSchema = z
  .looseObject({ id: z.string(), type: z.string(), data: z.looseObject({ object: z.looseObject({}) }) })
  .meta({ description: 'A Stripe event, e.g. payment_intent.succeeded. Read as raw bytes: its signature covers them.' });

/** The webhook's signature header (absent: a 400 from the signature check). */
export const stripeSignatureHeadersSchema = z.object({
  'Stripe-Signature': z.string().optional().meta({ description: 'Stripe’s signature of the raw body (t=…,v1=…).' }),
});
