import { formatCents } from '@pcpp/contracts/core';
import { ObjectId } from 'mongodb';
import type Stripe from 'stripe';
import { changedBefore, ConflictError, HttpError } from '../../../errors';
import { activityEffect, activitySubject, lineOf, type OrdersContext, plural, stripeClient, wholeOrderEffect } from '../common';
import type { LineUnits, OrderDocument, OrderEffect, OrderLineDocument, RefundRecord, StockMove } from '../documents';
import { lineCharge } from '../model/charges';
import { cancellationDone } from '../model/state';
import { addUnits, refundableUnits, refundedUnits, refundShare, refundSplit, shippableUnits } from '../model/units';
import { type OrderChange, Refusal } from '../store/order-store';

/** A refund pending this long is the reconciliation job's to settle (the request that claimed it has stopped or lost Stripe's answer). */
export const STALE_REFUND_MS = 20_000;
/** How many refunds the job settles per round. */
const RECONCILE_BATCH = 50;

/** What a refund of units is for, beside its reason. */
export interface RefundOptions {
  reason: string;
  /** Put the units that never left back in stock once the money is back. */
  restock: boolean;
  /** The units came back in this return (they are refunded from the returned ones alone). */
  returnId?: ObjectId;
  /** The shop's cancellation of the whole order: claimed with the refund, lifted if it fails. */
  cancellation?: { at: Date; by: string; reason: string };
}

/** How Stripe answered a refund. */
type StripeOutcome = { made: Stripe.Refund } | { refused: string } | { unknown: unknown };

const STRIPE_UNSURE = new Set(['StripeConnectionError', 'StripeAPIError', 'StripeRateLimitError']);

/**
 * Refunds of units. The units are claimed in one write of the order with a pending record per
 * payment (so two refunds cannot take the same units, and a shipment cannot take units a refund
 * took), then Stripe is asked with an idempotency key naming the record; its answer settles the
 * record in a second write: done (the restock and the emails written with it) or failed (the units
 * and any cancellation given back). A refund whose answer never came (the api stopped, Stripe did
 * not answer) stays pending, and the reconciliation job asks Stripe again with the same key.
 */
export function createRefunds(context: OrdersContext) {
  const { store } = context;

  /** The refund records to claim for `wanted`, per payment, and the order as it is to be written; or a refusal. */
  function claim(order: OrderDocument, wanted: { lineId: ObjectId; quantity: number }[], options: RefundOptions, by: string, at: Date): OrderChange<RefundRecord[]> {
    let lines = order.lines;
    const byPayment = new Map<string, RefundRecord>();
    for (const want of wanted) {
      const line = lineOf({ lines }, want.lineId);
      if (!line.paid) throw new Refusal(new ConflictError(`${line.productName} is not paid, so there is nothing to refund.`));
      const split = refundSplit(line, want.quantity, { returnedOnly: options.returnId !== undefined });
      if (!split) {
        const most = options.returnId ? line.units.returned - line.units.refundedReturned : refundableUnits(line);
        throw new Refusal(new ConflictError(`Only ${plural(most, 'unit')} of ${line.productName} can be refunded.`, { details: { lineId: line._id.toHexString(), refundable: most } }));
      }
      if (options.restock && split.shipped > 0) {
        // Only units that never left, or came back and were received, go back to stock.
        throw new Refusal(
          new ConflictError(
            `${plural(split.shipped, 'unit')} of ${line.productName} ${split.shipped === 1 ? 'has' : 'have'} shipped and not come back, so ${split.shipped === 1 ? 'it' : 'they'} cannot go back to stock: refund without restocking, or receive a return first.`,
            { details: { lineId: line._id.toHexString(), refundable: shippableUnits(line) } },
          ),
        );
      }
      if (!line.transactionId) throw new Refusal(new ConflictError('This order’s payment is unknown, so it cannot be refunded here.'));
      const amount = refundShare(lineCharge(line), line.order_quantity, refundedUnits(line.units), want.quantity);
      const change: Partial<LineUnits> = { refundedUnshipped: split.unshipped, refundedShipped: split.shipped, refundedReturned: split.returned, refundedAmount: amount };
      const next: OrderLineDocument = { ...line, units: addUnits(line.units, change) };
      lines = lines.map((entry) => (entry._id.equals(line._id) ? next : entry));
      const record = byPayment.get(line.transactionId) ?? {
        _id: new ObjectId(),
        paymentIntentId: line.transactionId,
        lines: [],
        amount: 0,
        reason: options.reason,
        restock: options.restock,
        by,
        at,
        status: 'pending' as const,
        ...(options.returnId ? { returnId: options.returnId } : {}),
        ...(options.cancellation ? { cancels: true as const } : {}),
      };
      record.lines.push({ lineId: line._id, quantity: want.quantity, amount, unshipped: split.unshipped, shipped: split.shipped, returned: split.returned });
      record.amount += amount;
      byPayment.set(line.transactionId, record);
    }
    const records = [...byPayment.values()];
    return {
      next: { ...order, lines, refunds: [...order.refunds, ...records], ...(options.cancellation ? { cancellation: options.cancellation } : {}) },
      ...(options.cancellation ? { guard: { cancellation: { $exists: false } } } : {}),
      result: records,
    };
  }

  /** Asks Stripe to make the refund; the same key every time, so asking again never refunds twice. */
  async function askStripe(order: Pick<OrderDocument, 'number'>, refund: RefundRecord): Promise<StripeOutcome> {
    try {
      const made = await stripeClient(context).refunds.create(
        { payment_intent: refund.paymentIntentId, amount: refund.amount, reason: 'requested_by_customer', metadata: { orderNumber: order.number, refund: refund._id.toHexString() } },
        { idempotencyKey: `order-refund-${refund._id.toHexString()}-${refund.paymentIntentId}` },
      );
      return { made };
    } catch (error) {
      const type = (error as { type?: string }).type ?? '';
      if (error instanceof HttpError || STRIPE_UNSURE.has(type) || !type) return { unknown: error };
      return { refused: (error as Error).message };
    }
  }

  /** What follows a refund made: the customer's email (by what it was for) and the Activity entry. */
  function madeEffects(order: OrderDocument, refund: RefundRecord, at: Date): OrderEffect[] {
    const lines = refund.lines.map(({ lineId, quantity }) => ({ lineId, quantity }));
    const activity = activityEffect(at, {
      action: 'order.refunded',
      actor: refund.by,
      target: order.number,
      details: `${formatCents(refund.amount)}: ${refund.reason}${refund.restock ? ' (restocked)' : ''}`,
      ...activitySubject(order),
    });
    if (refund.cancels) return [activity];
    if (refund.returnId) {
      return [
        activity,
        wholeOrderEffect(context, order, lines, {
          subject: `Order ${order.number}: return received, ${formatCents(refund.amount)} refunded`,
          intro: `The parts you sent back have arrived. We have refunded ${formatCents(refund.amount)} to your card.`,
          facts: [['Refunded', formatCents(refund.amount)]],
        }),
      ];
    }
    return [
      activity,
      wholeOrderEffect(context, order, lines, {
        subject: `Order ${order.number}: ${formatCents(refund.amount)} refunded`,
        intro: `We have refunded ${formatCents(refund.amount)} of your order ${order.number} to your card.`,
        facts: [['Refunded', formatCents(refund.amount)], ['Reason', refund.reason]],
      }),
    ];
  }

  /** The customer's email once the shop's cancellation is complete (its refunds made). */
  function cancelledEffects(order: OrderDocument, at: Date): OrderEffect[] {
    const cancellation = order.cancellation!;
    const refunded = order.refunds.filter((refund) => refund.cancels && refund.status === 'done').reduce((sum, refund) => sum + refund.amount, 0);
    return [
      wholeOrderEffect(context, order, order.lines.map((line) => ({ lineId: line._id, quantity: line.order_quantity })), {
        subject: `Order ${order.number} is cancelled`,
        intro: `We have cancelled your order ${order.number}.${refunded > 0 ? ` Your payment of ${formatCents(refunded)} is refunded to your card.` : ''}`,
        facts: [['Reason', cancellation.reason], ...(refunded > 0 ? [['Refunded', formatCents(refunded)] as [string, string]] : [])],
      }),
      activityEffect(at, { action: 'order.deleted', actor: cancellation.by, target: order.number, details: cancellation.reason, ...activitySubject(order) }),
    ];
  }

  /** Settles one pending refund with Stripe's answer: done or failed, in one write; an unknown answer leaves it pending. */
  async function settle(orderId: ObjectId, refundId: ObjectId): Promise<RefundRecord['status']> {
    const order = await store.findById(orderId);
    const refund = order?.refunds.find((entry) => entry._id.equals(refundId));
    if (!order || !refund) throw new Error(`refund ${refundId.toHexString()} is not in its order`);
    if (refund.status !== 'pending') return refund.status;
    // A refund of nothing (every share rounded to 0 cents) asks Stripe nothing.
    const answer: StripeOutcome = refund.amount === 0 ? { made: { id: 'none' } as Stripe.Refund } : await askStripe(order, refund);
    if ('unknown' in answer) {
      context.logger.error({ err: answer.unknown, order: order.number, refund: refundId.toHexString() }, 'a refund got no answer from Stripe: the reconciliation job settles it');
      return 'pending';
    }
    const at = context.now();
    const { result } = await store.change(
      orderId,
      (current) => {
        const pending = current.refunds.find((entry) => entry._id.equals(refundId));
        // Settled by another request or the job meanwhile: nothing to do.
        if (!pending || pending.status !== 'pending') throw new Refusal(new SettledAlready(pending?.status ?? 'failed'));
        return 'made' in answer ? made(current, pending, answer.made, at) : failed(current, pending, answer.refused, at);
      },
      { at, by: refund.by },
      () => new Error('the order is gone'),
    ).catch((error: unknown) => {
      if (error instanceof SettledAlready) return { result: error.status };
      throw error;
    });
    return result;
  }

  /** The refund is made: the units that never left go back to stock (if asked), the emails follow. */
  function made(order: OrderDocument, refund: RefundRecord, stripeRefund: Stripe.Refund, at: Date): OrderChange<RefundRecord['status']> {
    let lines = order.lines;
    const stockMoves: Omit<StockMove, 'at'>[] = [];
    if (refund.restock) {
      for (const entry of refund.lines) {
        if (entry.unshipped === 0) continue;
        const line = lineOf({ lines }, entry.lineId);
        lines = lines.map((candidate) => (candidate._id.equals(line._id) ? { ...line, units: addUnits(line.units, { restockedUnshipped: entry.unshipped }) } : candidate));
        stockMoves.push({ productId: line.productId, quantity: entry.unshipped });
      }
    }
    const done: RefundRecord = { ...refund, status: 'done', stripeRefundId: stripeRefund.id, settledAt: at };
    const refunds = order.refunds.map((entry) => (entry._id.equals(refund._id) ? done : entry));
    const returns = refund.returnId ? order.returns.map((ret) => (ret._id.equals(refund.returnId!) ? { ...ret, refundId: refund._id, refundedAmount: (ret.refundedAmount ?? 0) + refund.amount } : ret)) : order.returns;
    const next = { ...order, lines, refunds, returns };
    const effects = madeEffects(next, done, at);
    // The last refund of the shop's cancellation completes it: the customer is told once.
    if (refund.cancels && cancellationDone(next)) effects.push(...cancelledEffects(next, at));
    return { next, effects, stockMoves, result: 'done' };
  }

  /** Stripe refused: the units are free to refund again, and a cancellation it was part of is lifted. */
  function failed(order: OrderDocument, refund: RefundRecord, why: string, at: Date): OrderChange<RefundRecord['status']> {
    let lines = order.lines;
    for (const entry of refund.lines) {
      const line = lineOf({ lines }, entry.lineId);
      const units = addUnits(line.units, { refundedUnshipped: -entry.unshipped, refundedShipped: -entry.shipped, refundedReturned: -entry.returned, refundedAmount: -entry.amount });
      lines = lines.map((candidate) => (candidate._id.equals(line._id) ? { ...line, units } : candidate));
    }
    const refunds = order.refunds.map((entry) => (entry._id.equals(refund._id) ? { ...refund, status: 'failed' as const, failure: why, settledAt: at } : entry));
    const next: Partial<OrderDocument> & Pick<OrderDocument, 'lines' | 'refunds'> = { ...order, lines, refunds };
    if (refund.cancels) next.cancellation = undefined;
    context.logger.warn({ order: order.number, refund: refund._id.toHexString(), why }, 'Stripe refused a refund: its units are free again');
    return {
      next: next as OrderDocument,
      effects: [activityEffect(at, { action: 'order.refunded', actor: refund.by, target: order.number, details: `${formatCents(refund.amount)} not refunded: ${why}`, ...activitySubject(order) })],
      result: 'failed',
    };
  }

  /**
   * Claims and settles a refund of units, as one answer: the order after it, and how its refunds
   * ended. All failed: nothing changed (502, the units are free). Part done or pending: the answer
   * says so and the request counts as a change (its Idempotency-Key is kept).
   */
  async function refund(order: OrderDocument, wanted: { lineId: ObjectId; quantity: number }[], options: RefundOptions, by: string): Promise<{ order: OrderDocument; records: RefundRecord[] }> {
    stripeClient(context);
    const at = context.now();
    const claimed = await store.change(order._id, (current) => claim(current, wanted, options, by, at), { at, by }, () => new Error('the order is gone'));
    return finish(order._id, claimed.result);
  }

  /**
   * Settles refunds just claimed, as one answer: the order after them, and their records. All
   * failed: nothing changed (502, the units are free). Part done, or pending: the answer says so and
   * the request counts as a change (its Idempotency-Key keeps this answer).
   */
  async function finish(orderId: ObjectId, records: RefundRecord[], { claimedWithOtherChanges = false } = {}): Promise<{ order: OrderDocument; records: RefundRecord[] }> {
    const statuses: RefundRecord['status'][] = [];
    let after: OrderDocument;
    try {
      if (records[0]) await context.faults?.afterRefundClaim?.(records[0]._id);
      for (const record of records) statuses.push(await settle(orderId, record._id));
      after = (await store.findById(orderId))!;
    } catch (error) {
      // The claim is written: whatever went wrong after it, the request changed something.
      throw changedBefore(error);
    }
    const settled = after.refunds.filter((entry) => records.some((record) => record._id.equals(entry._id)));
    if (statuses.length > 0 && statuses.every((status) => status === 'failed')) {
      throw new HttpError(502, `The payment provider refused the refund (${settled.map((entry) => entry.failure).join('; ')}). Nothing was refunded; try again.`, { changed: claimedWithOtherChanges });
    }
    if (statuses.some((status) => status === 'pending')) {
      throw new HttpError(502, 'The payment provider has not answered yet. The refund is pending and is settled within a minute: see the order.', { changed: true });
    }
    if (statuses.some((status) => status === 'failed')) {
      const made = settled.filter((entry) => entry.status === 'done').reduce((sum, entry) => sum + entry.amount, 0);
      throw new HttpError(502, `Only ${formatCents(made)} was refunded: the payment provider refused the rest. Refund those units again.`, { changed: true });
    }
    return { order: after, records: settled };
  }

  return {
    claim,
    refund,
    finish,
    settle,
    cancelledEffects,

    /**
     * The reconciliation job: every refund pending longer than STALE_REFUND_MS is settled by asking
     * Stripe again with its key (made: finished; refused: failed and its units freed; no answer:
     * left for the next round). Safe on several api instances: each settling is a conditional write.
     */
    async reconcile(now = context.now()): Promise<{ done: number; failed: number; pending: number }> {
      const counts = { done: 0, failed: 0, pending: 0 };
      for (const order of await context.queries.withPendingRefunds(RECONCILE_BATCH)) {
        for (const pending of order.refunds.filter((entry) => entry.status === 'pending' && now.getTime() - entry.at.getTime() >= STALE_REFUND_MS)) {
          counts[await settle(order._id, pending._id)] += 1;
        }
      }
      return counts;
    },
  };
}

/** Another request settled the refund first. */
class SettledAlready extends Error {
  constructor(readonly status: RefundRecord['status']) {
    super(`settled already: ${status}`);
  }
}

export type Refunds = ReturnType<typeof createRefunds>;

