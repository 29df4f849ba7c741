import { z } from 'zod';
import { centsSchema, countSchema, isoDateTimeSchema, objectIdStringSchema, pageSchema } from './entity-schemas';
import { validationMessages as m } from './messages';
import { knownCarrier, OBJECT_ID_PATTERN, type Order, ORDER_NUMBER_PATTERN, ORDER_STATUSES, type OrderLimits, type OrderRefund, type OrderStatusChange, shipmentMessages } from './orders';
import { freeText } from './text';
import { shippingAddressSchema } from './address-schemas';
import { SHIPPING_METHODS } from './checkout-totals';

export const shippingMethodSchema = z.enum(SHIPPING_METHODS, { error: `shippingMethod must be one of ${SHIPPING_METHODS.join(', ')}` });

// The orders' schemas (answers, the order form and the admin's shipping fields), apart from their
// texts and rules in orders.ts: a page loads zod only when it checks an answer or shows a form.

export const orderStatusChangeSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  at: isoDateTimeSchema,
  by: z.string(),
  reason: z.string().optional(),
  note: z.string().optional(),
}) satisfies z.ZodType<OrderStatusChange>;

export const orderRefundSchema = z.object({
  refundId: z.string(),
  paymentIntentId: z.string(),
  amount: centsSchema,
  reason: z.string(),
  at: isoDateTimeSchema,
}) satisfies z.ZodType<OrderRefund>;

/** What the front ends check an order answer against. */
export const orderSchema = z.object({
  _id: objectIdStringSchema,
  number: z.string().regex(ORDER_NUMBER_PATTERN),
  productId: objectIdStringSchema,
  productName: z.string(),
  email: z.string(),
  name: z.string(),
  per_product_price: centsSchema,
  order_quantity: countSchema,
  totalAmount: centsSchema,
  address: z.string(),
  phone: z.string(),
  paid: z.boolean(),
  transactionId: z.string().optional(),
  status: z.enum(ORDER_STATUSES),
  statusHistory: z.array(orderStatusChangeSchema),
  shipment: z.object({ carrier: z.string(), trackingNumber: z.string() }).optional(),
  createdAt: isoDateTimeSchema,
  holdExpiresAt: isoDateTimeSchema.optional(),
  refunds: z.array(orderRefundSchema).optional(),
  checkoutId: objectIdStringSchema.optional(),
  taxAmount: centsSchema.optional(),
  shippingAmount: centsSchema.optional(),
  addressNeeded: z.literal(true).optional(),
}) satisfies z.ZodType<Order>;

/** GET /myorder?page=: one page of the customer's orders (the navbar counts those awaiting payment in it). */
export const orderPageSchema = pageSchema(orderSchema);

const objectIdText = (what: string) => z.string({ error: `${what} is required` }).regex(OBJECT_ID_PATTERN, `${what} is not a valid id`);

const ADDRESS_MAX = 300;

const PHONE_MAX = 30;

/**
 * Quantity as a form holds it (text, or a number from an api client): whole, at least 1.
 * With limits, the spec's messages for the part's minimum and stock.
 */
function quantitySchema(limits?: OrderLimits) {
  let number = z.number({ error: m.quantityRequired }).int('quantity must be a whole number').min(1, 'quantity must be at least 1');
  if (limits) number = number.min(limits.min_quantity, m.quantityMin(limits.min_quantity)).max(limits.p_quantity, m.quantityMax(limits.p_quantity));
  return z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : NaN) : value),
    number,
  );
}

/**
 * POST /order's address: the spec's free-text line, or the checkout's structured address (then
 * priced like a checkout: shipping and tax). An address object's first problem is the sentence.
 */
const orderAddressSchema = z.union([freeText(m.addressRequired, ADDRESS_MAX), shippingAddressSchema], {
  error: (issue) => {
    if (issue.code !== 'invalid_union' || typeof issue.input !== 'object' || issue.input === null) return m.addressRequired;
    const problem = issue.errors[1]?.[0];
    return problem ? `${problem.path.length ? `address.${problem.path.join('.')}: ` : ''}${problem.message}` : m.addressRequired;
  },
});

const orderFields = (limits?: OrderLimits) => ({
  productId: objectIdText('productId'),
  order_quantity: quantitySchema(limits),
  address: freeText(m.addressRequired, ADDRESS_MAX),
  phone: freeText(m.phoneRequired, PHONE_MAX),
  // The spec's client also sends these; the server takes them from the part and the account.
  productName: z.string().max(200).optional(),
  email: z.string().max(254).optional(),
  name: z.string().max(200).optional(),
  per_product_price: z.unknown().optional(),
  totalAmount: z.unknown().optional(),
});

/**
 * POST /order: the api's schema. Unknown keys are refused. `address` may be the checkout's address
 * object, with `shippingMethod` (Standard when absent): the order is then charged its shipping and
 * tax through the checkout's pricing.
 */
export const orderInputSchema = z.strictObject({
  ...orderFields(),
  address: orderAddressSchema,
  shippingMethod: shippingMethodSchema.optional(),
});

export type OrderInput = z.input<typeof orderInputSchema>;

/** The purchase form: the same fields, with the part's minimum and stock. */
export function orderFormSchema(limits: OrderLimits) {
  return z.strictObject(orderFields(limits));
}

/** The carrier as typed, known carriers in their own spelling (ups → UPS). */
export const carrierSchema = z
  .string({ error: shipmentMessages.carrierRequired })
  .trim()
  .min(1, shipmentMessages.carrierRequired)
  .max(40, shipmentMessages.carrierInvalid)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} &.'()-]*$/u, shipmentMessages.carrierInvalid)
  .transform((carrier) => knownCarrier(carrier) ?? carrier);

export const trackingNumberSchema = z
  .string({ error: shipmentMessages.trackingNumberRequired })
  .trim()
  .min(1, shipmentMessages.trackingNumberRequired)
  .max(40, shipmentMessages.trackingNumberInvalid)
  .regex(/^[A-Za-z0-9]([A-Za-z0-9 -]*[A-Za-z0-9])?$/, shipmentMessages.trackingNumberInvalid);

/** Why the shop cancels an order: told to the customer in the cancellation email and in My Orders. */
export const shopNoteSchema = freeText(shipmentMessages.reasonRequired, 500, shipmentMessages.reasonTooLong);
