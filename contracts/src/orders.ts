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
  /** Why an order was cancelled: one of CANCEL_REASONS. */
  reason?: string;
  /** The shop's own words to the customer (a cancellation by the shop says why). */
  note?: string;
}

/**
 * Why an order was cancelled (statusHistory[].reason): the customer deleted it, its hold expired,
 * or the shop cancelled it (the admin's words in `note`).
 */
export const CANCEL_REASONS = { deleted: 'deleted', expired: 'expired', shop: 'shop' } as const;

/** The carrier and tracking number an order was shipped with. */
export interface Shipment {
  carrier: string;
  trackingNumber: string;
}

/**
 * Order numbers: PCP- and six characters of Crockford's base 32 (digits and capitals without I, L,
 * O and U, so none can be misread), drawn at random: about a billion of them, none guessable from
 * another. One number names one checkout (the api reserves each once).
 */
export const ORDER_NUMBER_PREFIX = 'PCP-';
export const ORDER_NUMBER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const ORDER_NUMBER_LENGTH = 6;
export const ORDER_NUMBER_PATTERN = /^PCP-[0-9A-HJKMNP-TV-Z]{6}$/;

/** An order number from random bytes (one byte per character; 256 is a multiple of 32, so each is as likely). */
export function orderNumberFrom(randomBytes: ArrayLike<number>): string {
  if (randomBytes.length < ORDER_NUMBER_LENGTH) throw new RangeError(`an order number needs ${ORDER_NUMBER_LENGTH} random bytes`);
  let code = '';
  for (let i = 0; i < ORDER_NUMBER_LENGTH; i += 1) code += ORDER_NUMBER_ALPHABET[randomBytes[i]! % ORDER_NUMBER_ALPHABET.length];
  return `${ORDER_NUMBER_PREFIX}${code}`;
}

/** An order as the api answers it. Money is integer cents, copied from the part when ordered. */
export interface Order {
  _id: string;
  /** The number the customer and the shop know the order by, e.g. PCP-7K3Q9D (ORDER_NUMBER_PATTERN). */
  number: string;
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
  /** Set when the order is shipped. */
  shipment?: Shipment;
  createdAt: string;
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
  note: z.string().optional(),
}) satisfies z.ZodType<OrderStatusChange>;

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

/** Carriers whose tracking page the shop links to; any other carrier is shown without a link. */
export const KNOWN_CARRIERS = ['UPS', 'FedEx', 'USPS', 'DHL'] as const;
export type KnownCarrier = (typeof KNOWN_CARRIERS)[number];

const TRACKING_PAGES: Record<KnownCarrier, (trackingNumber: string) => string> = {
  UPS: (n) => `https://www.ups.com/track?tracknum=${n}`,
  FedEx: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  USPS: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  DHL: (n) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}`,
};

/** 'ups', 'Fed Ex', 'fedex' → the carrier's own spelling; undefined for a carrier the shop does not know. */
export function knownCarrier(carrier: string): KnownCarrier | undefined {
  const key = carrier.replace(/[\s.]/g, '').toLowerCase();
  return KNOWN_CARRIERS.find((known) => known.toLowerCase() === key);
}

/** The carrier's tracking page for this shipment, or undefined for a carrier the shop does not know. */
export function trackingUrl(shipment: Shipment): string | undefined {
  const carrier = knownCarrier(shipment.carrier);
  return carrier ? TRACKING_PAGES[carrier](encodeURIComponent(shipment.trackingNumber.replace(/\s/g, ''))) : undefined;
}

/** The texts of the shipping and cancelling forms (ours: the spec has none). */
export const shipmentMessages = {
  carrierRequired: 'carrier is required',
  carrierInvalid: 'carrier must be a name of at most 40 letters, digits, spaces or & . \' ( ) -',
  trackingNumberRequired: 'tracking number is required',
  trackingNumberInvalid: 'tracking number must be at most 40 letters, digits, spaces or dashes',
  reasonRequired: 'reason is required',
  reasonTooLong: 'reason must be at most 500 characters',
} as const;

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
export const shopNoteSchema = z
  .string({ error: shipmentMessages.reasonRequired })
  .trim()
  .min(1, shipmentMessages.reasonRequired)
  .max(500, shipmentMessages.reasonTooLong);

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
