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
 * the shop cancelled it (the admin's words in `note`), or the customer closed their account.
 */
export const CANCEL_REASONS = { deleted: 'deleted', expired: 'expired', shop: 'shop', accountClosed: 'account-closed' } as const;

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

/** A payment the api gave back: one that succeeded for an order already cancelled or paid. */
export interface OrderRefund {
  /** The payment provider's refund id (Stripe `re_…`). */
  refundId: string;
  /** The payment it gave back (Stripe PaymentIntent `pi_…`). */
  paymentIntentId: string;
  /** Integer cents. */
  amount: number;
  /** Why, in words (refundReasons). */
  reason: string;
  /** ISO time. */
  at: string;
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
  /** ISO time the stock hold ends: an order still unpaid then is cancelled (ORDER_HOLD_MINUTES). */
  holdExpiresAt?: string;
  /** Payments given back (a payment that went through after the order was cancelled, or a second one). */
  refunds?: OrderRefund[];
  /** The checkout that placed it with other lines (absent for a single order). */
  checkoutId?: string;
  /** The line's sales tax or VAT in cents, its share of the shipping's tax included (absent: none). */
  taxAmount?: number;
  /** The line's share of the checkout's shipping, in cents (absent: none). */
  shippingAmount?: number;
  /**
   * Placed with a free-text address: no shipping or tax yet, so it cannot be paid until its checkout
   * page (`/checkout/{checkoutId}`) gives the address in fields.
   */
  addressNeeded?: true;
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
 * The api's refusals that keep one customer from holding the catalog (ours; the spec has none):
 * POST /order needs a verified email, and unpaid orders are capped per customer (MAX_UNPAID_ORDERS,
 * MAX_HELD_UNITS_PER_PART). Each says what to do.
 */
export const orderRuleText = {
  verifyEmailFirst: 'Verify your email address before you order: open the link we emailed you, or send it again from your dashboard.',
  tooManyUnpaidOrders: (max: number) =>
    `You already have ${max} unpaid ${max === 1 ? 'order' : 'orders'}. Pay for one or cancel it in My Orders before you place another.`,
  tooManyHeldUnits: (max: number, partName: string, held: number) =>
    `You can hold at most ${max} units of ${partName} at once, and your unpaid orders already hold ${held}. ` +
    'Pay for or cancel one in My Orders, or order fewer.',
  /**
   * POST /order past the share of a part's stock that unpaid orders paid later may hold
   * (ORDER_HOLD_SHARE_PERCENT): the checkout, paid by card on its page, still gets it.
   */
  payNowOnly: (partName: string) =>
    `Most of the stock of ${partName} is held by orders waiting for payment. Add it to your cart and pay by card at checkout: ` +
    'it is held for you while you pay.',
  /** POST /create-payment-intent for an order whose part was deleted. */
  partGone: 'This part is no longer sold, so this order cannot be paid. Cancel it in My Orders.',
  /** PATCH /myorder/{id}: the payment went through after the order was cancelled; it is given back. */
  refundedAfterCancel: 'This order was cancelled before your payment went through, so the payment has been refunded.',
  /** My Orders and the Payment page, for an unpaid order: the real time its hold has left. */
  holdLeft: (left: string, until: string) => `Pay within ${left} (by ${until}) or the order is cancelled.`,
  /** The same in a table cell: two short lines. */
  holdLeftShort: (left: string, until: string) => [`${left} left`, `pay by ${until}`] as const,
  holdEnded: 'The time to pay has run out: this order is being cancelled.',
  /** My Orders: a payment given back. */
  refunded: (amount: string) => `Refunded ${amount}`,
} as const;

/**
 * "14 minutes", "1 minute", "less than a minute", "3 hours": how long an unpaid order's hold still
 * lasts. `short`: "14 min", "< 1 min", "3 h" (a table cell).
 */
export function holdTimeLeftText(holdExpiresAt: string, now = Date.now(), { short = false } = {}): string {
  const minutes = Math.floor((Date.parse(holdExpiresAt) - now) / 60_000);
  if (minutes < 1) return short ? '< 1 min' : 'less than a minute';
  if (minutes < 120) return short ? `${minutes} min` : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.floor(minutes / 60);
  return short ? `${hours} h` : `${hours} hours`;
}

export const OBJECT_ID_PATTERN = /^[0-9a-f]{24}$/;
/** The part's limits the form checks quantity against (the api checks the stored ones). */
export interface OrderLimits {
  min_quantity: number;
  p_quantity: number;
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
  carrierRequired: 'Carrier is required',
  carrierInvalid: 'Carrier must be a name of at most 40 letters, digits, spaces or & . \' ( ) -',
  trackingNumberRequired: 'Tracking number is required',
  trackingNumberInvalid: 'Tracking number must be at most 40 letters, digits, spaces or dashes',
  reasonRequired: 'Reason is required',
  reasonTooLong: 'Reason must be at most 500 characters',
} as const;

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
