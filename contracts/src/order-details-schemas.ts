import { z } from 'zod';
import { centsSchema, countSchema, isoDateTimeSchema, objectIdStringSchema } from './entity-schemas';
import { ORDER_PAYMENT_STATES, ORDER_PROGRESS, REFUND_STATUSES, RETURN_STATUSES } from './order-details';
import { ORDER_NUMBER_PATTERN, ORDER_STATUSES } from './orders';
import { shippingOptionSchema } from './checkout-schemas';
import { carrierSchema, shopNoteSchema, trackingNumberSchema } from './orders-schemas';
import { freeText, optionalText } from './text';

// The order as a whole (order-details.ts has its texts and rules): the answers' and the inputs'
// schemas, apart so that a page needing only the texts never loads zod.

/** One line of an order, with what happened to its units. Money in integer cents. */
export const orderLineSchema = z.object({
  /** The spec's Order id of this line (`PATCH /order/{id}/status` and `DELETE /myorder/{id}` take it). */
  lineId: objectIdStringSchema,
  productId: objectIdStringSchema,
  productName: z.string(),
  quantity: countSchema,
  unitPrice: centsSchema,
  /** quantity × unitPrice. */
  total: centsSchema,
  /** The line's tax (its share of the shipping's tax included) and its share of the shipping: a refund of units gives back their share of all three. */
  tax: centsSchema,
  shipping: centsSchema,
  /** The line's own status (the spec's Order status). */
  status: z.enum(ORDER_STATUSES),
  shippedQuantity: countSchema,
  deliveredQuantity: countSchema,
  refundedQuantity: countSchema,
  /** Of the refunded units, those refunded before they shipped (they never ship). */
  refundedUnshippedQuantity: countSchema.optional(),
  returnedQuantity: countSchema,
  /** Units in a return not yet received. */
  returningQuantity: countSchema,
  /** Units given back to stock after a refund. */
  restockedQuantity: countSchema,
  /** What was refunded of this line, in cents (never more than total + tax + shipping). */
  refundedAmount: centsSchema,
  /** Units the customer may still send back (delivered, within the window, not returned or refunded). */
  returnableQuantity: countSchema,
  /** Until when delivered units may be returned; absent before delivery. */
  returnableUntil: isoDateTimeSchema.optional(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const lineQuantitySchema = z.object({ lineId: objectIdStringSchema, quantity: countSchema });
export type LineQuantity = z.infer<typeof lineQuantitySchema>;

export const orderShipmentSchema = z.object({
  shipmentId: objectIdStringSchema,
  carrier: z.string(),
  trackingNumber: z.string(),
  /** The carrier's tracking page, for the carriers the shop knows. */
  trackingUrl: z.string().optional(),
  lines: z.array(lineQuantitySchema),
  shippedAt: isoDateTimeSchema,
  deliveredAt: isoDateTimeSchema.optional(),
});
export type OrderShipment = z.infer<typeof orderShipmentSchema>;

export const orderRefundEntrySchema = z.object({
  refundId: z.string(),
  amount: centsSchema,
  reason: z.string(),
  /** The units it paid back; empty for a payment given back whole (a payment the order could not take). */
  lines: z.array(lineQuantitySchema),
  restock: z.boolean(),
  at: isoDateTimeSchema,
  /** done: the money is back on the card; pending: the payment provider has not answered yet (settled within a minute); failed: refused, the units are free again. */
  status: z.enum(REFUND_STATUSES).optional(),
  /** Why the payment provider refused it. */
  failure: z.string().optional(),
});
export type OrderRefundEntry = z.infer<typeof orderRefundEntrySchema>;

export const orderReturnSchema = z.object({
  returnId: objectIdStringSchema,
  orderNumber: z.string(),
  email: z.string(),
  status: z.enum(RETURN_STATUSES),
  lines: z.array(lineQuantitySchema.extend({ productName: z.string() })),
  reason: z.string(),
  /** The shop's words with its decision. */
  note: z.string().optional(),
  requestedAt: isoDateTimeSchema,
  decidedAt: isoDateTimeSchema.optional(),
  receivedAt: isoDateTimeSchema.optional(),
  /** What was refunded on receipt, in cents. */
  refundedAmount: centsSchema.optional(),
  /** While it is open (requested or approved): what receiving it would refund now, in cents. */
  refundDue: centsSchema.optional(),
});
export type OrderReturn = z.infer<typeof orderReturnSchema>;

export const orderTotalsSchema = z.object({
  /** The lines' totals. */
  subtotal: centsSchema,
  shipping: centsSchema,
  tax: centsSchema,
  /** What the customer pays: subtotal + shipping + tax. */
  total: centsSchema,
  /** Paid so far (0 while unpaid). */
  paid: centsSchema,
  /** Given back so far. */
  refunded: centsSchema,
});
export type OrderTotals = z.infer<typeof orderTotalsSchema>;

const orderStateFields = {
  number: z.string().regex(ORDER_NUMBER_PATTERN),
  /** The checkout that placed it (its confirmation and payment page: /checkout/{checkoutId}). */
  checkoutId: objectIdStringSchema,
  status: z.enum(ORDER_PROGRESS),
  payment: z.enum(ORDER_PAYMENT_STATES),
  returnUnderWay: z.boolean(),
  placedAt: isoDateTimeSchema,
  email: z.string(),
  name: z.string(),
  /** While unpaid: when the held parts go back on sale. */
  holdExpiresAt: isoDateTimeSchema.optional(),
};

/** GET /orders/{number}: everything about one order. */
export const orderDetailSchema = z.object({
  ...orderStateFields,
  /** Where it ships, as one line, and the phone. */
  address: z.string(),
  phone: z.string(),
  lines: z.array(orderLineSchema),
  shipments: z.array(orderShipmentSchema),
  refunds: z.array(orderRefundEntrySchema),
  /** Refunds not made (yet): pending at the payment provider, or refused by it. */
  refundsNotMade: z.array(orderRefundEntrySchema).optional(),
  returns: z.array(orderReturnSchema),
  totals: orderTotalsSchema,
  /** How it ships and the delivery estimate given at checkout (absent on orders placed before shipping was charged). */
  delivery: shippingOptionSchema.optional(),
  /** The sales tax rate charged, in thousandths of a percent (6250 = 6.25 %), and where: a US state or a country. */
  taxRate: z.object({ rate: z.number().int().nonnegative(), country: z.string(), region: z.string().optional() }).optional(),
  transactionId: z.string().optional(),
  /** The invoice's number, once one was issued. */
  invoiceNumber: z.string().optional(),
  /** Set when the shop cancelled the order: when, and the reason the customer was told. */
  cancellation: z.object({ at: isoDateTimeSchema, reason: z.string() }).optional(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** A row of My Orders and All Orders: one per order. */
export const orderSummarySchema = z.object({
  ...orderStateFields,
  /** The parts in short: "Ryzen 7 7700X, 2 × Kingston Fury 32 GB and 3 more". */
  parts: z.string(),
  lineCount: countSchema,
  units: countSchema,
  total: centsSchema,
  refunded: centsSchema,
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** The lines of a shipment, refund or return: each line once, at least one unit in all. */
const lineQuantitiesInput = (what: string) =>
  z
    .array(
      z.strictObject({
        lineId: z.string({ error: 'lineId is required' }).regex(/^[0-9a-f]{24}$/, 'lineId is not a valid id'),
        quantity: z.number({ error: 'quantity must be a whole number' }).int('quantity must be a whole number').min(1, 'quantity must be at least 1').max(10_000, 'quantity is too large'),
      }),
      { error: `lines must be a list of {lineId, quantity}` },
    )
    .min(1, `a ${what} names at least one line`)
    .max(100, `a ${what} names at most 100 lines`)
    .refine((lines) => new Set(lines.map((line) => line.lineId)).size === lines.length, `each line appears once in a ${what}`);

/** POST /orders/{number}/shipments: the carrier, the tracking number, and which units (absent: every paid unit not shipped yet). */
export const shipmentInputSchema = z.strictObject({
  carrier: carrierSchema,
  trackingNumber: trackingNumberSchema,
  lines: lineQuantitiesInput('shipment').optional(),
});
export type ShipmentInput = z.input<typeof shipmentInputSchema>;

/** POST /orders/{number}/cancel: the reason the customer is told. */
export const orderCancelInputSchema = z.strictObject({ reason: shopNoteSchema });

const refundReasonSchema = freeText('Reason is required', 500, 'Reason must be at most 500 characters');

/** POST /orders/{number}/refunds: which units, why, and whether they go back to stock. */
export const refundInputSchema = z.strictObject({
  lines: lineQuantitiesInput('refund'),
  reason: refundReasonSchema,
  restock: z.boolean({ error: 'restock must be true or false' }),
});
export type RefundInput = z.input<typeof refundInputSchema>;

/** POST /orders/{number}/returns: the customer's request. */
export const returnInputSchema = z.strictObject({
  lines: lineQuantitiesInput('return'),
  reason: freeText('Tell us why you are returning the parts', 1000, 'Reason must be at most 1000 characters'),
});
export type ReturnInput = z.input<typeof returnInputSchema>;

/** POST /returns/{id}/decision: approve or refuse, with a note for the customer. */
export const returnDecisionInputSchema = z.strictObject({
  approve: z.boolean({ error: 'approve must be true or false' }),
  note: optionalText(500, 'note must be at most 500 characters').optional(),
});
export type ReturnDecisionInput = z.input<typeof returnDecisionInputSchema>;

/** A 409 about one line's units: which line, and how many could be shipped, refunded or returned. */
export const lineUnitsConflictSchema = z.object({
  message: z.string(),
  lineId: objectIdStringSchema,
  shippable: countSchema.optional(),
  refundable: countSchema.optional(),
  returnable: countSchema.optional(),
});
