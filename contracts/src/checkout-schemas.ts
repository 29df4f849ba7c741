import { z } from 'zod';
import { shippingAddressSchema } from './address-schemas';
import { cartInputSchema } from './cart-schemas';
import type { ShippingRate } from './checkout-totals';
import { centsSchema, isoDateTimeSchema, objectIdStringSchema, savedAddressSchema } from './entity-schemas';
import { orderSchema, shippingMethodSchema } from './orders-schemas';

// The checkout's schemas (the api's body and answer, the form's lines), apart from its texts in
// checkout.ts, which the navbar shows on every page.

const shippingRateRowSchema = z.strictObject({
  country: z.string().regex(/^([A-Z]{2}|\*)$/, 'country must be a two-letter ISO code or *'),
  standard: z.strictObject({ amount: centsSchema, freeOver: centsSchema.optional() }),
  express: z.strictObject({ amount: centsSchema }),
});

/** The shipping table (GET /shipping-rates; a SHIPPING_RATES file has the same form): a '*' row for the countries without their own. */
export const shippingRatesSchema = z.object({
  rates: z
    .array(shippingRateRowSchema)
    .min(1)
    .refine((rows) => rows.some((row) => row.country === '*'), 'the table needs a * row for the other countries')
    .refine((rows) => new Set(rows.map((row) => row.country)).size === rows.length, 'each country has one row'),
}) satisfies z.ZodType<{ rates: ShippingRate[] }>;

/** A calendar day, YYYY-MM-DD (a delivery estimate). */
export const calendarDaySchema = z.iso.date();

/** What an order costs, in cents: total = subtotal + shipping + tax. */
export const checkoutTotalsSchema = z.object({
  /** The parts: each line's price × quantity. */
  subtotal: centsSchema,
  shipping: centsSchema,
  /** Sales tax or VAT on the lines (rounded per line) and on shipping where the destination taxes it. */
  tax: centsSchema,
  total: centsSchema,
});
export type CheckoutTotals = z.infer<typeof checkoutTotalsSchema>;

/** A way to ship, priced for the destination and the subtotal, with its delivery estimate in business days from today. */
export const shippingOptionSchema = z.object({
  method: shippingMethodSchema,
  amount: centsSchema,
  deliveryFrom: calendarDaySchema,
  deliveryTo: calendarDaySchema,
});
export type ShippingOption = z.infer<typeof shippingOptionSchema>;

/** POST /checkout/quote: what the checkout page shows, worked out by the code that places the order. Strict. */
export const checkoutQuoteInputSchema = z.strictObject({
  lines: cartInputSchema.shape.lines.min(1, 'lines must hold at least one part'),
  address: shippingAddressSchema,
  shippingMethod: shippingMethodSchema.optional(),
});
export type CheckoutQuoteInput = z.input<typeof checkoutQuoteInputSchema>;

export const checkoutQuoteSchema = checkoutTotalsSchema.extend({
  /** The method these totals are for (the one asked, else Standard). */
  shippingMethod: shippingMethodSchema,
  shippingOptions: z.array(shippingOptionSchema),
  /** Free Standard delivery from this subtotal on (absent where there is none). */
  freeShippingOver: centsSchema.optional(),
});
export type CheckoutQuote = z.infer<typeof checkoutQuoteSchema>;

/**
 * POST /checkout: the lines (ids and quantities, never a price), where they go, and whether to
 * keep the address in the profile. Strict.
 */
export const checkoutInputSchema = z.strictObject({
  lines: cartInputSchema.shape.lines.min(1, 'lines must hold at least one part'),
  address: shippingAddressSchema,
  saveAddress: z.boolean().optional(),
  /** Standard when absent. */
  shippingMethod: shippingMethodSchema.optional(),
});

export type CheckoutInput = z.input<typeof checkoutInputSchema>;

/** A placed checkout: its orders (one per line, the spec's Order each) under one order number. */
export const checkoutSchema = z.object({
  checkoutId: objectIdStringSchema,
  orderNumber: z.string(),
  orders: z.array(orderSchema),
  /** The sum of the orders' totals (the subtotal), in cents; kept for earlier clients. */
  totalAmount: centsSchema,
  ...checkoutTotalsSchema.shape,
  /** How it ships and when it should arrive (absent on checkouts placed before shipping was charged). */
  delivery: shippingOptionSchema.optional(),
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

/**
 * PUT /checkout/{id}/address: the structured address of an order placed with a free-text one (the
 * spec's POST /order body), and its shipping method (Standard when absent). Strict.
 */
export const orderAddressInputSchema = z.strictObject({
  address: shippingAddressSchema,
  shippingMethod: shippingMethodSchema.optional(),
});
export type OrderAddressInput = z.input<typeof orderAddressInputSchema>;

