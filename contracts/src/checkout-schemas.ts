import { z } from 'zod';
import { shippingAddressSchema } from './address';
import { cartInputSchema } from './cart-schemas';
import { centsSchema, isoDateTimeSchema, objectIdStringSchema, savedAddressSchema } from './entity-schemas';
import { orderSchema } from './orders-schemas';

// The checkout's schemas (the api's body and answer, the form's lines), apart from its texts in
// checkout.ts, which the navbar shows on every page.

/**
 * POST /checkout: the lines (ids and quantities, never a price), where they go, and whether to
 * keep the address in the profile. Strict.
 */
export const checkoutInputSchema = z.strictObject({
  lines: cartInputSchema.shape.lines.min(1, 'lines must hold at least one part'),
  address: shippingAddressSchema,
  saveAddress: z.boolean().optional(),
});

export type CheckoutInput = z.input<typeof checkoutInputSchema>;

/** A placed checkout: its orders (one per line, the spec's Order each) under one order number. */
export const checkoutSchema = z.object({
  checkoutId: objectIdStringSchema,
  orderNumber: z.string(),
  orders: z.array(orderSchema),
  /** The sum of the orders' totals, in cents. */
  totalAmount: centsSchema,
  /** The structured address a checkout was placed with; absent for the spec's single order (POST /order: one free-text line). */
  address: savedAddressSchema.optional(),
  /** Where it ships, as one line, and the phone: as every order of it has them. */
  shipTo: z.string(),
  phone: z.string(),
  paid: z.boolean(),
  transactionId: z.string().optional(),
  /** When the stock held for an unpaid checkout goes back on sale. */
  holdExpiresAt: isoDateTimeSchema.optional(),
  createdAt: isoDateTimeSchema,
});

export type Checkout = z.infer<typeof checkoutSchema>;
