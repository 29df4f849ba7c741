import { z } from 'zod';
import { shippingAddressSchema } from './address';
import { cartInputSchema } from './cart';
import { centsSchema, isoDateTimeSchema, objectIdStringSchema, savedAddressSchema } from './entity-schemas';
import { orderSchema } from './orders';

/** The checkout's texts, ours (the spec has one order at a time). */
export const checkoutText = {
  title: 'Checkout',
  linesTitle: 'Your parts',
  addressTitle: 'Shipping address',
  paymentTitle: 'Payment',
  placeAndPay: 'Place order and pay',
  placing: 'Placing your order…',
  total: 'Total',
  emptyCart: 'Your cart is empty: add parts before you check out.',
  fixCart: 'Some lines of your cart cannot be ordered as they stand. Fix them in your cart first.',
  backToCart: 'Back to your cart',
  orderNumber: (number: string) => `Order number ${number}`,
  thanks: 'Thank you! Your order is placed.',
  paid: 'Paid',
  payNow: 'Pay now',
  unpaid: 'Waiting for payment',
  /** Every line was cancelled (the hold ended, or the customer deleted them) before it was paid. */
  cancelled: 'Cancelled',
  timeLeft: (minutes: number) => {
    const hours = Math.floor(minutes / 60);
    const left = minutes < 120 ? `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}` : `about ${hours} hours`;
    return `${left} left to pay before the parts go back on sale.`;
  },
  whatNext: 'We dispatch within 5 days and email you the tracking number. Your orders are in My Orders.',
  /** The navbar's count of orders waiting for payment, for screen readers. */
  waitingForPayment: (count: number) => `${count} ${count === 1 ? 'order waits' : 'orders wait'} for payment`,
} as const;

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
