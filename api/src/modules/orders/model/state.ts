import { CANCEL_REASONS, type OrderStatus, partsInShort } from '@pcpp/contracts/core';
import type { OrderDocument, OrderLineDocument, StatusChange, StoredOrderState } from '../documents';
import { chargeOf } from './charges';
import { activeUnits } from './units';

// Status has one source of truth: it is derived here from the units, the payments and the
// cancellations, and stored in the same write that changes them (store/order-store.ts calls
// `withDerivedState` before every write). Nothing else sets a status.

/** Who makes a change and when: the history entries of the statuses it moves. */
export interface ChangeContext {
  at: Date;
  by: string;
}

/** The shop's cancellation of the order is complete: no refund of it is still pending at Stripe. */
export const cancellationDone = (order: Pick<OrderDocument, 'cancellation' | 'refunds'>) =>
  order.cancellation !== undefined && !order.refunds.some((refund) => refund.cancels && refund.status === 'pending');

/** The spec's status of a line, from what happened to it. */
export function lineStatusOf(line: OrderLineDocument, order: Pick<OrderDocument, 'cancellation' | 'refunds'>): OrderStatus {
  if (!line.paid) return line.cancelled ? 'cancelled' : 'placed';
  if (cancellationDone(order)) return 'cancelled';
  const active = activeUnits(line);
  if (active > 0 && line.units.delivered >= active) return 'delivered';
  if (active > 0 && line.units.shipped >= active) return 'shipped';
  return 'paid';
}

function statusChange(status: OrderStatus, line: OrderLineDocument, order: OrderDocument, context: ChangeContext): StatusChange {
  if (status === 'cancelled' && line.cancelled) {
    const { at, by, reason, note } = line.cancelled;
    return { status, at, by, reason, ...(note ? { note } : {}) };
  }
  if (status === 'cancelled' && order.cancellation) {
    return { status, at: context.at, by: order.cancellation.by, reason: CANCEL_REASONS.shop, note: order.cancellation.reason };
  }
  return { status, at: context.at, by: context.by };
}

/** Money given back for a line by refunds Stripe made (pending ones not yet). */
export function refundedAmountOf(order: Pick<OrderDocument, 'refunds'>, lineId: OrderLineDocument['_id']): number {
  let amount = 0;
  for (const refund of order.refunds) {
    if (refund.status !== 'done') continue;
    for (const line of refund.lines) if (line.lineId.equals(lineId)) amount += line.amount;
  }
  return amount;
}

/** The order's state from its lines: where the parts are, where the money is, what waits. */
export function orderStateOf(order: OrderDocument): StoredOrderState {
  const { lines } = order;
  const paidLines = lines.filter((line) => line.paid);
  const returnUnderWay = lines.some((line) => line.units.returning > 0);
  const refunded = order.refunds.filter((refund) => refund.status === 'done').reduce((sum, refund) => sum + refund.amount, 0);
  let status: StoredOrderState['status'];
  let payment: StoredOrderState['payment'];
  if (paidLines.length === 0) {
    const allCancelled = lines.length > 0 && lines.every((line) => line.cancelled);
    status = allCancelled || cancellationDone(order) ? 'cancelled' : 'unpaid';
    payment = 'unpaid';
  } else {
    let active = 0;
    let shipped = 0;
    let delivered = 0;
    for (const line of paidLines) {
      active += activeUnits(line);
      shipped += line.units.shipped;
      delivered += line.units.delivered;
    }
    const paid = chargeOf(paidLines);
    payment = refunded === 0 ? 'paid' : refunded >= paid ? 'refunded' : 'partly-refunded';
    if (cancellationDone(order)) status = 'cancelled';
    else if (active === 0) status = 'refunded';
    else if (shipped === 0) status = 'paid';
    else if (shipped < active) status = 'partly-shipped';
    else if (delivered >= active) status = 'delivered';
    else status = 'shipped';
  }
  const unpaid = lines.filter((line) => !line.paid && !line.cancelled);
  const holdExpiresAt = unpaid.map((line) => line.holdExpiresAt).sort((a, b) => a.getTime() - b.getTime())[0];
  const counted = paidLines.length > 0 ? paidLines : lines.filter((line) => !line.cancelled);
  return {
    status,
    payment,
    returnUnderWay,
    deletedByCustomer: lines.length > 0 && lines.every((line) => !line.paid && line.cancelled?.reason === CANCEL_REASONS.deleted),
    ...(holdExpiresAt ? { holdExpiresAt } : {}),
    parts: partsInShort(lines.map((line) => ({ productName: line.productName, quantity: line.order_quantity }))),
    partNames: lines.map((line) => line.productName.toLowerCase()),
    lineCount: lines.length,
    units: lines.reduce((sum, line) => sum + line.order_quantity, 0),
    total: chargeOf(counted.length > 0 ? counted : lines),
    refunded,
    unpaidLines: unpaid.length,
    pendingRefunds: order.refunds.filter((refund) => refund.status === 'pending').length,
  };
}

/**
 * The order with every line's status and the order's state derived from it as it now is; a line
 * whose status moved gets its history entry (by whom and when: `context`).
 */
export function withDerivedState(order: OrderDocument, context: ChangeContext): OrderDocument {
  const lines = order.lines.map((line) => {
    const status = lineStatusOf(line, order);
    if (status === line.status) return line;
    return { ...line, status, statusHistory: [...line.statusHistory, statusChange(status, line, order, context)] };
  });
  const next = { ...order, lines };
  return { ...next, state: orderStateOf(next) };
}

/** What the customer still owes for a line, unpaid and not cancelled. */
export const payableLines = (order: Pick<OrderDocument, 'lines'>) => order.lines.filter((line) => !line.paid && !line.cancelled);

