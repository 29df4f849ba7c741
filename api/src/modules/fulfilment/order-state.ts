import { CANCEL_REASONS, partsInShort } from '@pcpp/contracts/core';
import { ObjectId, type WithId } from 'mongodb';
import type { CheckoutDocument, Collections, OrderDocument, StoredOrderState } from '../../db/mongo';
import { chargeOf } from '../orders/line-charge';
import { orderStateOf, unitsOf } from './units';

/** A checkout's lines in the order they were placed. */
export async function linesOfOrder(orders: Collections['orders'], header: WithId<CheckoutDocument>): Promise<WithId<OrderDocument>[]> {
  const found = await orders.find({ checkoutId: header._id }).toArray();
  const position = new Map(header.orderIds.map((id, index) => [id.toHexString(), index]));
  return found.sort((a, b) => (position.get(a._id.toHexString()) ?? 0) - (position.get(b._id.toHexString()) ?? 0));
}

/** What All Orders and My Orders show and filter by, from the order's lines as they are. */
export function storedStateOf(header: Pick<CheckoutDocument, 'cancellation'>, lines: OrderDocument[]): StoredOrderState {
  const state = orderStateOf(lines, { cancelled: header.cancellation !== undefined });
  const paidLines = lines.filter((line) => line.paid);
  const counted = paidLines.length > 0 ? paidLines : lines.filter((line) => line.status !== 'cancelled');
  const holdExpiresAt = lines
    .filter((line) => line.status === 'placed' && !line.paid && line.holdExpiresAt)
    .map((line) => line.holdExpiresAt!)
    .sort((a, b) => a.getTime() - b.getTime())[0];
  return {
    ...(holdExpiresAt ? { holdExpiresAt } : {}),
    ...state,
    deletedByCustomer: lines.length > 0 && lines.every((line) => !line.paid && line.status === 'cancelled' && line.statusHistory.at(-1)?.reason === CANCEL_REASONS.deleted),
    name: lines[0]?.name ?? '',
    parts: partsInShort(lines.map((line) => ({ productName: line.productName, quantity: line.order_quantity }))),
    partNames: lines.map((line) => line.productName.toLowerCase()),
    lineCount: lines.length,
    units: lines.reduce((sum, line) => sum + line.order_quantity, 0),
    total: chargeOf(counted.length > 0 ? counted : lines),
    refunded: lines.reduce((sum, line) => sum + unitsOf(line).refundedAmount, 0),
  };
}

const sameState = (a: StoredOrderState | undefined, b: StoredOrderState) => a !== undefined && JSON.stringify(a) === JSON.stringify(b);

/**
 * Writes the order's derived state onto its header after its lines changed. Written, then read
 * again: a change that raced this one and wrote an older state is put right by the second look.
 */
export async function refreshOrderState(collections: Pick<Collections, 'checkouts' | 'orders'>, checkoutId: ObjectId | undefined): Promise<StoredOrderState | undefined> {
  if (!checkoutId) return undefined;
  let state: StoredOrderState | undefined;
  for (let look = 0; look < 3; look += 1) {
    const header = await collections.checkouts.findOne({ _id: checkoutId });
    if (!header) return undefined;
    state = storedStateOf(header, await linesOfOrder(collections.orders, header));
    if (sameState(header.state, state)) return state;
    await collections.checkouts.updateOne({ _id: checkoutId }, { $set: { state } });
  }
  return state;
}

/** The state refresher the line writers call after each change (orders, checkout and payments repositories). */
export const orderStateRefresher = (collections: Pick<Collections, 'checkouts' | 'orders'>) => async (checkoutId: ObjectId | undefined) => {
  await refreshOrderState(collections, checkoutId);
};

const MIGRATION_BATCH = 100;

/**
 * Run at start: every line stored before checkouts existed becomes an order of one line (its own
 * checkout, under its number), and every order without a stored state gets one. Safe to run on
 * several api instances at once (a line is attached once; a state is only ever recomputed).
 * Returns how many orders it touched.
 */
export async function prepareOrdersAsWholes(collections: Pick<Collections, 'checkouts' | 'orders'>): Promise<number> {
  let touched = 0;
  for (;;) {
    const loose = await collections.orders.find({ checkoutId: { $exists: false }, number: { $exists: true } }).limit(MIGRATION_BATCH).toArray();
    for (const line of loose) {
      const checkoutId = new ObjectId();
      const { modifiedCount } = await collections.orders.updateOne({ _id: line._id, checkoutId: { $exists: false } }, { $set: { checkoutId } });
      if (modifiedCount !== 1) continue;
      await collections.checkouts.insertOne({
        _id: checkoutId,
        email: line.email,
        number: line.number,
        orderIds: [line._id],
        totalAmount: line.totalAmount,
        paid: line.paid,
        ...(line.transactionId ? { transactionId: line.transactionId } : {}),
        createdAt: line.createdAt,
      });
      touched += 1;
    }
    if (loose.length < MIGRATION_BATCH) break;
  }
  for (;;) {
    const stateless = await collections.checkouts.find({ state: { $exists: false } }).limit(MIGRATION_BATCH).toArray();
    for (const header of stateless) {
      await refreshOrderState(collections, header._id);
      touched += 1;
    }
    if (stateless.length < MIGRATION_BATCH) return touched;
  }
}
