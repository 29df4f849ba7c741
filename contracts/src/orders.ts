import { z } from 'zod';
import { centsSchema, countSchema, isoDateTimeSchema, objectIdStringSchema } from './entity-schemas';
import { validationMessages as m } from './messages';

/**
 * An order's life: placed (stock held) → paid (only by the verified payment) → shipped →
 * delivered; or placed → cancelled (by the customer's delete, an admin, or the hold expiring).
 */
export const ORDER_STATUSES = ['placed', 'paid', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface OrderStatusChange {
  status: OrderStatus;
  /** ISO time. */
  at: string;
  /** Email of who made the change; 'system' for the payment provider or the hold sweep. */
  by: string;
  reason?: string;
}

/** An order as the api answers it. Money is integer cents, copied from the part when ordered. */
export interface Order {
  _id: string;
  productId: string;
  productName: string;
  /** The customer's email (from the access token, never from the request body). */
  email: string;
  /** The customer's name as the account shows it. */
  name: string;
  per_product_price: number;
  order_quantity: number;
  /** order_quantity × per_product_price, in cents. */
  totalAmount: number;
  address: string;
  phone: string;
  paid: boolean;
  transactionId?: string;
  status: OrderStatus;
  statusHistory: OrderStatusChange[];
  createdAt: string;
  /** The checkout that placed it with other lines (absent for a single order). */
  checkoutId?: string;
}

/** GET /myorder?email=&page=&limit=: one page of the customer's orders, newest first. */
export interface OrderPage {
  items: Order[];
  total: number;
  page: number;
  pages: number;
}

/** Orders per My Orders page when GET /myorder is asked for a page without a limit. */
export const ORDER_PAGE_SIZE = 20;

/**
 * The api's answer to an order the stock cannot cover (409, with `available` beside the message).
 * Ours: the spec has no text for it.
 */
export function stockLeftMessage(available: number): string {
  return available > 0 ? `Only ${available} left in stock.` : 'This part is sold out.';
}

export const orderStatusChangeSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  at: isoDateTimeSchema,
  by: z.string(),
  reason: z.string().optional(),
}) satisfies z.ZodType<OrderStatusChange>;

/** What the front ends check an order answer against. */
export const orderSchema = z.object({
  _id: objectIdStringSchema,
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
  createdAt: isoDateTimeSchema,
  checkoutId: objectIdStringSchema.optional(),
}) satisfies z.ZodType<Order>;

export const OBJECT_ID_PATTERN = /^[0-9a-f]{24}$/;
const objectIdText = (what: string) => z.string({ error: `${what} is required` }).regex(OBJECT_ID_PATTERN, `${what} is not a valid id`);

/** The part's limits the form checks quantity against (the api checks the stored ones). */
export interface OrderLimits {
  min_quantity: number;
  p_quantity: number;
}

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

const orderFields = (limits?: OrderLimits) => ({
  productId: objectIdText('productId'),
  order_quantity: quantitySchema(limits),
  address: z.string({ error: m.addressRequired }).trim().min(1, m.addressRequired).max(ADDRESS_MAX, `at most ${ADDRESS_MAX} characters`),
  phone: z.string({ error: m.phoneRequired }).trim().min(1, m.phoneRequired).max(PHONE_MAX, `at most ${PHONE_MAX} characters`),
  // The spec's client also sends these; the server takes them from the part and the account.
  productName: z.string().max(200).optional(),
  email: z.string().max(254).optional(),
  name: z.string().max(200).optional(),
  per_product_price: z.unknown().optional(),
  totalAmount: z.unknown().optional(),
});

/** POST /order: the api's schema. Unknown keys are refused. */
export const orderInputSchema = z.strictObject(orderFields());
export type OrderInput = z.input<typeof orderInputSchema>;

/** The purchase form: the same fields, with the part's minimum and stock. */
export function orderFormSchema(limits: OrderLimits) {
  return z.strictObject(orderFields(limits));
}

/** Which status an admin may set from which (the payment alone sets 'paid'). */
export const ORDER_STATUS_MOVES: Readonly<Record<OrderStatus, readonly ('shipped' | 'delivered' | 'cancelled')[]>> = {
  placed: ['cancelled'],
  paid: ['shipped'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** Why an admin's status change is refused (the api's 409), in a sentence the console can show. */
export function statusMoveRefusal(from: OrderStatus, to: OrderStatus): string {
  const refused = `An order that is ${from} cannot be ${to}`;
  if (from === to) return `${refused} again.`;
  if (from === 'placed') return `${refused}: it is not paid.`;
  if (from === 'paid' && to === 'delivered') return `${refused}: it has not been shipped.`;
  if (from === 'cancelled') return `${refused}: a cancelled order stays cancelled.`;
  if (from === 'delivered') return `${refused}: it has reached the customer.`;
  return `${refused}.`;
}
