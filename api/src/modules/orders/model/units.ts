import type { LineUnits, OrderLineDocument } from '../documents';

// The rules of a line's units (documents.ts lists them). Pure functions over the counters: every
// change of an order computes its next counters with these, then writes them in one update.

export const NO_UNITS: LineUnits = {
  shipped: 0,
  delivered: 0,
  refundedUnshipped: 0,
  refundedShipped: 0,
  returning: 0,
  returned: 0,
  refundedReturned: 0,
  restockedUnshipped: 0,
  restockedReturned: 0,
  refundedAmount: 0,
};

type UnitsLine = Pick<OrderLineDocument, 'order_quantity' | 'units'>;

/** Units refunded in all (pending refunds included). */
export const refundedUnits = (u: LineUnits) => u.refundedUnshipped + u.refundedShipped + u.refundedReturned;
export const restockedUnits = (u: LineUnits) => u.restockedUnshipped + u.restockedReturned;

/** Units bought and not refunded before shipping: what the order still has to ship, in all. */
export const activeUnits = (line: UnitsLine) => line.order_quantity - line.units.refundedUnshipped;

/** Units not shipped yet and not refunded. */
export const shippableUnits = (line: UnitsLine) => Math.max(0, line.order_quantity - line.units.shipped - line.units.refundedUnshipped);

/** Shipped units the customer has and keeps: not refunded, not in a return, not returned. */
export const keptUnits = (u: LineUnits) => Math.max(0, u.shipped - u.refundedShipped - u.returning - u.returned);

/** Returned units not refunded yet (their refund failed). */
export const returnedUnrefunded = (u: LineUnits) => Math.max(0, u.returned - u.refundedReturned);

/** Units a refund may take: unshipped ones first, then ones the customer keeps, then returned ones not refunded. */
export const refundableUnits = (line: UnitsLine) => shippableUnits(line) + keptUnits(line.units) + returnedUnrefunded(line.units);

/** Delivered units the customer may still send back (not refunded, returned or in a return). */
export const returnableUnits = (u: LineUnits) => Math.max(0, Math.min(u.delivered, u.shipped - u.returned - u.returning) - u.refundedShipped);

/** How a refund of `units` takes them: unshipped first (they will not ship), then kept, then returned ones; null when the line has not that many. */
export function refundSplit(line: UnitsLine, units: number, { returnedOnly = false } = {}): { unshipped: number; shipped: number; returned: number } | null {
  if (returnedOnly) return units <= returnedUnrefunded(line.units) ? { unshipped: 0, shipped: 0, returned: units } : null;
  const unshipped = Math.min(units, shippableUnits(line));
  const shipped = Math.min(units - unshipped, keptUnits(line.units));
  const returned = units - unshipped - shipped;
  return returned <= returnedUnrefunded(line.units) ? { unshipped, shipped, returned } : null;
}

/**
 * The cents of `units` more refunded units of a line that cost `paid` for `quantity` units, when
 * `before` units were refunded already: the share is taken of the running total and rounded, so
 * the line's refunds add up to exactly what was paid for it, never more.
 */
export function refundShare(paid: number, quantity: number, before: number, units: number): number {
  if (quantity <= 0) return 0;
  const upTo = (n: number) => Math.round((paid * Math.min(n, quantity)) / quantity);
  return upTo(before + units) - upTo(before);
}

/** Adds a change to the counters (negative to give units back). */
export function addUnits(u: LineUnits, change: Partial<LineUnits>): LineUnits {
  const next = { ...u };
  for (const [name, value] of Object.entries(change) as [keyof LineUnits, number][]) next[name] += value;
  return next;
}

/** Whether the counters keep every rule: checked before each write, so a bug refuses rather than corrupts. */
export function unitsBroken(line: UnitsLine): string | null {
  const u = line.units;
  const q = line.order_quantity;
  if (Object.values(u).some((value) => !Number.isInteger(value) || value < 0)) return 'a counter is negative';
  if (u.shipped + u.refundedUnshipped > q) return 'shipped + refunded before shipping is more than the quantity';
  if (u.returned + u.returning + u.refundedShipped > u.shipped) return 'more units came back or were refunded than shipped';
  if (u.delivered > u.shipped) return 'more units delivered than shipped';
  if (u.refundedReturned > u.returned) return 'more returned units refunded than returned';
  if (u.restockedUnshipped > u.refundedUnshipped) return 'more units restocked than were refunded before shipping';
  if (u.restockedReturned > u.returned) return 'more units restocked than came back';
  return null;
}
