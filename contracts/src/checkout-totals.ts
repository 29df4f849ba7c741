import { formatCents } from './money';

/**
 * The card minimum (Stripe's smallest USD charge). An order's parts must come to at least this:
 * below it no card could pay for them (shipping aside, which a free threshold may waive).
 */
export const CARD_MINIMUM_CENTS = 50;

/** How an order travels: chosen at checkout, priced by the api's shipping table. */
export const SHIPPING_METHODS = ['standard', 'express'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

/** The totals' texts, ours (the spec has no shipping or tax). */
export const totalsText = {
  subtotal: 'Subtotal',
  shipping: 'Shipping',
  tax: 'Tax',
  total: 'Total',
  free: 'Free',
  deliveryTitle: 'Delivery',
  method: { standard: 'Standard', express: 'Express' } satisfies Record<ShippingMethod, string>,
  /** Business days each method takes once dispatched, as the option says them. */
  methodDays: {
    standard: 'Dispatched within 5 days, then 3–5 business days',
    express: 'Dispatched within 5 days, then 1–2 business days',
  } satisfies Record<ShippingMethod, string>,
  freeOver: (cents: number) => `Free Standard delivery on orders of ${formatCents(cents)} or more`,
  arrives: (from: string, to: string) => (from === to ? `Arrives ${formatDeliveryDate(from)}` : `Arrives ${formatDeliveryDate(from)} – ${formatDeliveryDate(to)}`),
  noTax: 'No sales tax is charged for this destination',
  /** The cart's estimate names what it assumes. */
  cartEstimate: (country: string) => `Estimate for Standard delivery to ${country}. Tax is worked out at checkout from your address.`,
  quoting: 'Working out shipping and tax…',
  /** The pay button while a new quote is on its way: never a stale amount. */
  updatingTotal: 'updating the total…',
  quoteFailed: 'Shipping and tax could not be worked out. Check the address, or try again.',
  cardMinimum: `Orders start at ${formatCents(CARD_MINIMUM_CENTS)} of parts, the smallest amount a card payment takes: add parts or more units.`,
  payLineAlone: 'This part is one line of a larger order: pay the whole order from its page.',
  /** The tax line of an invoice: "Sales tax (6.25 %, Texas)", "VAT (19 %, Germany)", "Tax (0 %, United Kingdom)", or none charged. */
  taxLine: (rate: { rate: number; country: string; place: string } | undefined) => {
    if (!rate) return 'Tax (none charged on this order)';
    const percent = `${(rate.rate / 1000).toLocaleString('en-US', { maximumFractionDigits: 3 })} %`;
    const name = rate.country === 'US' ? 'Sales tax' : rate.rate > 0 ? 'VAT' : 'Tax';
    return `${name} (${percent}, ${rate.place})`;
  },
} as const;

/** Business days from the order to its dispatch: the next at the soonest, 5 at the latest (the spec's "dispatched within 5 days"). */
export const DISPATCH_BUSINESS_DAYS = [1, 5] as const;
/** Business days each method is on its way, once dispatched. */
export const TRANSIT_BUSINESS_DAYS: Record<ShippingMethod, readonly [number, number]> = { standard: [3, 5], express: [1, 2] };

/**
 * Business days from the order (placed today) to the earliest and latest delivery: the dispatch
 * and then the way, so "Arrives …" never promises a day the Delivery block's "dispatched within 5
 * days" does not allow.
 */
export const DELIVERY_BUSINESS_DAYS: Record<ShippingMethod, readonly [number, number]> = {
  standard: [DISPATCH_BUSINESS_DAYS[0] + TRANSIT_BUSINESS_DAYS.standard[0], DISPATCH_BUSINESS_DAYS[1] + TRANSIT_BUSINESS_DAYS.standard[1]],
  express: [DISPATCH_BUSINESS_DAYS[0] + TRANSIT_BUSINESS_DAYS.express[0], DISPATCH_BUSINESS_DAYS[1] + TRANSIT_BUSINESS_DAYS.express[1]],
};

/** One destination's shipping prices (the api's table, GET /shipping-rates), in cents. */
export interface ShippingRate {
  /** ISO 3166-1 alpha-2, or '*' for every country without a row of its own. */
  country: string;
  standard: { amount: number; freeOver?: number };
  express: { amount: number };
}

/** The destination's row of the table, else the '*' row. */
export function shippingRateFor(rates: readonly ShippingRate[], country: string): ShippingRate | undefined {
  return rates.find((rate) => rate.country === country) ?? rates.find((rate) => rate.country === '*');
}

/** What a method costs for a subtotal: Standard is free from its threshold on. One rule for the cart's estimate and the order. */
export function shippingAmount(rate: ShippingRate, method: ShippingMethod, subtotal: number): number {
  if (method === 'express') return rate.express.amount;
  const { amount, freeOver } = rate.standard;
  return freeOver !== undefined && subtotal >= freeOver ? 0 : amount;
}

const deliveryDateFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Tue, Dec 1" for 2026-12-01 (a calendar day, the same wherever it is read). */
export function formatDeliveryDate(day: string): string {
  return deliveryDateFormat.format(new Date(`${day}T00:00:00Z`));
}
