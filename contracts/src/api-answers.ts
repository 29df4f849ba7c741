import { z } from 'zod';
import { checkoutTotalsSchema } from './checkout-schemas';
import { countSchema, objectIdStringSchema } from './entity-schemas';
import { orderSchema } from './orders-schemas';

// The api's small answers (results of writes, the session, the health checks), beside the entity
// schemas: the api's route declarations and its OpenAPI document use these, and so do the front
// ends' fetchers, so the two cannot drift.

/** The one error shape: a sentence to show, and for a 400 the fields at fault. */
export const apiErrorSchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** POST /order and POST /tools stock conflicts: the sentence, and how many are left. */
export const stockConflictSchema = z.object({ message: z.string(), available: countSchema });

/**
 * POST /order past a hold cap: the sentence (what to do), which limit (its variable) and its value.
 * `max` is the part's minimum order when that is above MAX_HELD_UNITS_PER_PART.
 */
export const holdConflictSchema = z.object({
  message: z.string(),
  limit: z.enum(['MAX_UNPAID_ORDERS', 'MAX_HELD_UNITS_PER_PART']),
  max: countSchema,
});

/** GET /stock-holds (admin): per part asked for, the units unpaid orders hold and how many orders. */
export const stockHoldsAnswerSchema = z.object({
  holds: z.array(z.object({ productId: objectIdStringSchema, held: countSchema, unpaidOrders: countSchema })),
});
export type StockHolds = z.infer<typeof stockHoldsAnswerSchema>;

/** POST /user/verification-email: the link is on its way (to `email`). */
export const verificationEmailAnswerSchema = z.object({ sent: z.literal(true), email: z.string() });

/** POST /tools: the new part's id. */
export const insertedIdAnswerSchema = z.object({ insertedId: objectIdStringSchema });

/** Deletions and cancellations: 1 when this request did it, 0 when it had been done already. */
export const deletedCountAnswerSchema = z.object({ deletedCount: countSchema });

/** PUT /user/admin/{email}: 1 when the account became an admin, 0 when it was one already. */
export const modifiedCountAnswerSchema = z.object({ modifiedCount: countSchema });

/** POST /order (201, or the stored answer again for a retried Idempotency-Key). */
/**
 * POST /order: the order, and its four figures (subtotal + shipping + tax = total). An order placed
 * with a free-text address has no shipping or tax yet (`addressNeeded`): its payment page asks for
 * the structured address, which prices them, before the card.
 */
export const placedOrderAnswerSchema = z.object({
  insertedId: objectIdStringSchema,
  order: orderSchema,
  figures: checkoutTotalsSchema,
  addressNeeded: z.boolean(),
});
export type PlacedOrderAnswer = z.infer<typeof placedOrderAnswerSchema>;

/** PUT /user/{email} with a Firebase ID token: the api's own access token. */
export const accessTokenAnswerSchema = z.object({
  token: z.string(),
  /** Seconds until the token expires. */
  expiresIn: z.number().int().positive(),
  /** Why the account is not an admin yet although it is listed as one (its email is unverified). */
  notice: z.string().optional(),
});

/** GET /admin/{email}. */
export const adminFlagAnswerSchema = z.object({ admin: z.boolean() });

/** POST /create-payment-intent: what Stripe.js confirms the card payment with. */
export const paymentIntentAnswerSchema = z.object({ clientSecret: z.string() });

/** PATCH /myorder/{id}: the order is paid by this payment. */
export const paymentConfirmationAnswerSchema = z.object({
  paid: z.literal(true),
  status: z.literal('paid'),
  transactionId: z.string(),
});

/** POST /webhooks/stripe. */
export const webhookReceivedAnswerSchema = z.object({ received: z.literal(true) });

/** GET /healthz and GET /readyz. */
export const healthAnswerSchema = z.object({ status: z.enum(['ok', 'ready']) });

/** POST /checkout when a line's stock cannot be held: the sentence, the line's part and how many are left. */
export const checkoutConflictSchema = z.object({ message: z.string(), productId: objectIdStringSchema, available: countSchema });

/** POST /checkout's 400 and 404 about one line: the sentence, and which part it is about. */
export const checkoutLineErrorSchema = apiErrorSchema.extend({ productId: objectIdStringSchema.optional() });
