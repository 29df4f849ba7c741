import type { OrderPaymentState, OrderProgress } from '@pcpp/contracts/core';
import type { LineCounters, OrderDocument } from '../../db/mongo';
import { lineCharge } from '../orders/line-charge';

/**
 * What happened to a line's units, as counters on the line (the spec's Order document). Missing
 * counters are 0 (lines stored before shipments, refunds and returns existed). The rules:
 * - shipped + refundedUnshipped ≤ quantity: a unit refunded before it shipped never ships;
 * - refundedShipped (refunded − refundedUnshipped) + returning ≤ shipped: a shipped unit is
 *   refunded once, whether through a return or not;
 * - delivered ≤ shipped, restocked ≤ refunded; so refunded ≤ quantity always.
 */
export interface LineUnits {
  quantity: number;
  shipped: number;
  delivered: number;
  refunded: number;
  refundedUnshipped: number;
  returned: number;
  returning: number;
  restocked: number;
  /** Cents given back of this line. */
  refundedAmount: number;
}

export function unitsOf(line: Pick<OrderDocument, 'order_quantity'> & Partial<Pick<OrderDocument, 'status'>> & LineCounters): LineUnits {
  // A line shipped or delivered before units were counted went whole.
  const wholeShipped = line.status === 'shipped' || line.status === 'delivered' ? line.order_quantity : 0;
  return {
    quantity: line.order_quantity,
    shipped: line.shippedQuantity ?? wholeShipped,
    delivered: line.deliveredQuantity ?? (line.status === 'delivered' ? line.order_quantity : 0),
    refunded: line.refundedQuantity ?? 0,
    refundedUnshipped: line.refundedUnshippedQuantity ?? 0,
    returned: line.returnedQuantity ?? 0,
    returning: line.returningQuantity ?? 0,
    restocked: line.restockedQuantity ?? 0,
    refundedAmount: line.refundedAmount ?? 0,
  };
}

/** Units paid for and not refunded before shipping: what the order still has to ship, in all. */
export const activeUnits = (u: LineUnits) => u.quantity - u.refundedUnshipped;

/** Paid units not shipped yet and not refunded. */
export const shippableUnits = (u: LineUnits) => Math.max(0, u.quantity - u.shipped - u.refundedUnshipped);

/** Shipped units not refunded and not in a return. */
export const refundableShippedUnits = (u: LineUnits) => Math.max(0, u.shipped - (u.refunded - u.refundedUnshipped) - u.returning);

/** Delivered units the customer may still send back (not returned, refunded or in a return). */
export const returnableUnits = (u: LineUnits) => Math.max(0, u.delivered - (u.refunded - u.refundedUnshipped) - u.returning);

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

/**
 * How a refund of `units` units takes them: from units not shipped yet first (they will not ship),
 * then from shipped ones; null when the line has not that many left to refund. `shippedOnly`: a
 * return's refund, of shipped units alone.
 */
export function refundSplit(u: LineUnits, units: number, { shippedOnly = false } = {}): { unshipped: number; shipped: number } | null {
  const unshipped = shippedOnly ? 0 : Math.min(units, shippableUnits(u));
  const shipped = units - unshipped;
  if (shipped > (shippedOnly ? u.shipped - (u.refunded - u.refundedUnshipped) : refundableShippedUnits(u))) return null;
  return { unshipped, shipped };
}

export interface OrderState {
  status: OrderProgress;
  payment: OrderPaymentState;
  returnUnderWay: boolean;
}

type StateLine = Pick<OrderDocument, 'order_quantity' | 'totalAmount' | 'taxAmount' | 'shippingAmount' | 'paid' | 'status'> & LineCounters;

/** The order's state from its lines: where the parts are, where the money is, and whether a return is open. */
export function orderStateOf(lines: StateLine[], { cancelled = false } = {}): OrderState {
  const paidLines = lines.filter((line) => line.paid);
  const returnUnderWay = lines.some((line) => (line.returningQuantity ?? 0) > 0);
  if (paidLines.length === 0) {
    const allCancelled = lines.length > 0 && lines.every((line) => line.status === 'cancelled');
    return { status: allCancelled || cancelled ? 'cancelled' : 'unpaid', payment: 'unpaid', returnUnderWay };
  }
  let active = 0;
  let shipped = 0;
  let delivered = 0;
  let paid = 0;
  let refunded = 0;
  for (const line of paidLines) {
    const u = unitsOf(line);
    active += activeUnits(u);
    shipped += u.shipped;
    delivered += u.delivered;
    paid += lineCharge(line);
    refunded += u.refundedAmount;
  }
  const payment: OrderPaymentState = refunded === 0 ? 'paid' : refunded >= paid ? 'refunded' : 'partly-refunded';
  let status: OrderProgress;
  if (cancelled) status = 'cancelled';
  else if (active === 0) status = 'refunded';
  else if (shipped === 0) status = 'paid';
  else if (shipped < active) status = 'partly-shipped';
  else if (delivered >= active) status = 'delivered';
  else status = 'shipped';
  return { status, payment, returnUnderWay };
}
