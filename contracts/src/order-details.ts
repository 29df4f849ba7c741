import { z } from 'zod';
import { centsSchema, countSchema, isoDateTimeSchema, objectIdStringSchema } from './entity-schemas';
import { carrierSchema, ORDER_NUMBER_PATTERN, ORDER_STATUSES, shopNoteSchema, trackingNumberSchema } from './orders';
import { freeText, optionalText } from './text';

/**
 * An order as people see it: what was bought at once (a checkout's lines under one number; a
 * single Purchase is an order of one line), with its shipments, refunds and returns. Each line is
 * still the spec's Order (`GET /myorder`, `GET /order` answer lines); this is the whole.
 */

/** A customer's page of one order (mf-dashboard), linked from My Orders and the emails. */
export const orderPagePath = (number: string) => `/dashboard/orders/${number}`;
/** An admin's page of one order (mf-admin), linked from All Orders. */
export const adminOrderPagePath = (number: string) => `/dashboard/allOrder/${number}`;

/** Where the parts are, derived from the lines' units: what was paid, shipped and delivered. */
export const ORDER_PROGRESS = ['unpaid', 'paid', 'partly-shipped', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderProgress = (typeof ORDER_PROGRESS)[number];

/** Where the money is. */
export const ORDER_PAYMENT_STATES = ['unpaid', 'paid', 'partly-refunded', 'refunded'] as const;
export type OrderPaymentState = (typeof ORDER_PAYMENT_STATES)[number];

export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** The order pages' and emails' words (ours: the spec has one order line at a time). */
export const orderText = {
  progress: {
    unpaid: 'Waiting for payment',
    paid: 'Paid',
    'partly-shipped': 'Partly shipped',
    shipped: 'Shipped',
    delivered: 'Delivered',
    cancelled: 'Cancelled',
    refunded: 'Refunded',
  } satisfies Record<OrderProgress, string>,
  payment: {
    unpaid: 'Unpaid',
    paid: 'Paid',
    'partly-refunded': 'Partly refunded',
    refunded: 'Refunded',
  } satisfies Record<OrderPaymentState, string>,
  returnStatus: {
    requested: 'Requested',
    approved: 'Approved: send the parts back',
    rejected: 'Not accepted',
    received: 'Received and refunded',
  } satisfies Record<ReturnStatus, string>,
  returnUnderWay: 'Return under way',
  /** A line's own status, when nothing has happened to its units yet. */
  lineStatus: { placed: 'Waiting for payment', paid: 'Paid', shipped: 'Shipped', delivered: 'Delivered', cancelled: 'Cancelled' },
  allOrdersCount: (count: number) => `All orders: ${count}`,
  cancelTitle: 'Cancel this order?',
  keepOrder: 'Keep order',
  cancelOrder: 'Cancel order',
  cancelPaidNote: 'The customer is refunded in full and the parts go back to stock.',
  cancelUnpaidNote: 'The parts held for it go back on sale.',
  cancelled: 'The order is cancelled.',
  shipped: 'Shipment recorded: the customer is emailed the tracking number.',
  delivered: 'Marked delivered.',
  refunded: (amount: string) => `Refunded ${amount}.`,
  returnRequested: 'Your return request is sent. We email you when it is approved.',
  returnDecided: (approved: boolean) => (approved ? 'Return approved: the customer is told to send the parts.' : 'Return refused: the customer is told why.'),
  returnReceived: (amount: string) => `Return received: ${amount} refunded.`,
  invoice: 'Invoice (PDF)',
  nothingToShip: 'Nothing left to ship in this order.',
  notPaidYet: 'This order is not paid yet.',
  notFound: 'Order not found',
  returnNotFound: 'Return not found',
  returnWindow: (days: number) => `Parts can be returned within ${days} days of delivery.`,
  returnWindowClosed: (days: number) => `The return window of ${days} days after delivery has closed for this part.`,
  shippedCannotCancel: 'Parts of this order have shipped, so it cannot be cancelled: refund or return the parts instead.',
  invoiceOnlyPaid: 'An invoice is issued once the order is paid.',
} as const;

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
  /** The line's own status (the spec's Order status). */
  status: z.enum(ORDER_STATUSES),
  shippedQuantity: countSchema,
  deliveredQuantity: countSchema,
  refundedQuantity: countSchema,
  returnedQuantity: countSchema,
  /** Units in a return not yet received. */
  returningQuantity: countSchema,
  /** Units given back to stock after a refund. */
  restockedQuantity: countSchema,
  /** What was refunded of this line, in cents (never more than its total). */
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
});
export type OrderReturn = z.infer<typeof orderReturnSchema>;

export const orderTotalsSchema = z.object({
  /** The lines' totals. */
  subtotal: centsSchema,
  /** What the customer pays (today the subtotal: shipping and tax are not charged yet). */
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
  returns: z.array(orderReturnSchema),
  totals: orderTotalsSchema,
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

/** "Ryzen 7 7700X, 2 × Fury 32 GB and 3 more": the first two lines, then how many others. */
export function partsInShort(lines: { productName: string; quantity: number }[], shown = 2): string {
  const named = lines.slice(0, shown).map((line) => (line.quantity > 1 ? `${line.quantity} × ${line.productName}` : line.productName));
  const more = lines.length - shown;
  return more > 0 ? `${named.join(', ')} and ${more} more` : named.join(', ');
}

/** An order's state in words: "Delivered · Partly refunded · Return under way". */
export function orderStateText(order: Pick<OrderSummary, 'status' | 'payment' | 'returnUnderWay'>): string {
  const words: string[] = [orderText.progress[order.status]];
  if (order.payment === 'partly-refunded' || (order.payment === 'refunded' && order.status !== 'refunded')) words.push(orderText.payment[order.payment]);
  if (order.returnUnderWay) words.push(orderText.returnUnderWay);
  return words.join(' · ');
}

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

const refundReasonSchema = freeText('reason is required', 500, 'reason must be at most 500 characters');

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
  reason: freeText('Tell us why you are returning the parts', 1000, 'reason must be at most 1000 characters'),
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
