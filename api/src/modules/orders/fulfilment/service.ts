import { CANCEL_REASONS, type LineQuantity, type Order, ORDER_STATUS_MOVES, orderText, statusMoveRefusal, trackingUrl } from '@pcpp/contracts/core';
import { ObjectId } from 'mongodb';
import type { AccessClaims } from '../../../auth/access-token';
import { ConflictError, NotFoundError } from '../../../errors';
import { activityEffect, activitySubject, emailEffect, linesById, notFound, type OrdersContext, plural, replaceLine, wholeOrderEffect } from '../common';
import type { OrderDocument, OrderEffect, OrderLineDocument, ParcelDocument, StatusChange } from '../documents';
import { orderCancelledByShopEmail } from '../emails';
import { addUnits, shippableUnits } from '../model/units';
import { toOrder } from '../read-model/views';
import type { Refunds } from '../refunds/service';
import { type OrderChange, Refusal } from '../store/order-store';

export interface ShipmentRequest {
  carrier: string;
  trackingNumber: string;
  /** Units of named lines; absent: every paid unit not shipped yet. */
  lines?: LineQuantity[];
}

export const PAID_ORDER_NOT_DELETED = 'A paid order cannot be deleted.';

/** Who cancels an unpaid line, and why. */
interface LineCancellation {
  by: string;
  reason: string;
  note?: string;
  /** When (the sweep's round); default now. */
  at?: Date;
}

/**
 * The order's way out of the shop and back: parcels and their delivery, the shop's cancellation of
 * a whole order, and the cancellation of unpaid lines (the customer's delete, the admin's, the hold
 * sweep). Each is one conditional write of the order (store/order-store.ts): a parcel is written
 * only while the order is not cancelled and its units are still unshipped, a cancellation only
 * while nothing has shipped, so of a parcel and a cancellation sent together exactly one stands.
 */
export function createFulfilment(context: OrdersContext, deps: { refunds: Refunds }) {
  const { store } = context;

  function parcelPlan(order: OrderDocument, request: ShipmentRequest & { allOf?: ObjectId[] }, by: string, at: Date): OrderChange<ParcelDocument> {
    if (order.cancellation) throw new Refusal(new ConflictError(orderText.cancelled));
    if (!order.lines.some((line) => line.paid)) throw new Refusal(new ConflictError(orderText.notPaidYet));
    // Worked out from the order as it is now: of three "ship everything" at once, one parcel takes it all.
    const wanted: { line: OrderLineDocument; quantity: number }[] = request.lines
      ? linesById(order, request.lines)
      : order.lines
          .filter((line) => line.paid && !line.cancelled && (!request.allOf || request.allOf.some((id) => id.equals(line._id))))
          .map((line) => ({ line, quantity: shippableUnits(line) }))
          .filter((want) => want.quantity > 0);
    if (wanted.length === 0) throw new Refusal(new ConflictError(orderText.nothingToShip));
    let lines = order.lines;
    for (const { line, quantity } of wanted) {
      if (!line.paid) throw new Refusal(new ConflictError(`${line.productName} is not paid, so it cannot ship.`));
      const left = shippableUnits(line);
      if (quantity > left) {
        throw new Refusal(
          new ConflictError(`Only ${plural(left, 'unit')} of ${line.productName} ${left === 1 ? 'is' : 'are'} left to ship.`, { details: { lineId: line._id.toHexString(), shippable: left } }),
        );
      }
      lines = replaceLine({ lines }, { ...line, units: addUnits(line.units, { shipped: quantity }), shipment: { carrier: request.carrier, trackingNumber: request.trackingNumber } });
    }
    const parcel: ParcelDocument = {
      _id: new ObjectId(),
      carrier: request.carrier,
      trackingNumber: request.trackingNumber,
      lines: wanted.map(({ line, quantity }) => ({ lineId: line._id, quantity })),
      shippedAt: at,
      by,
    };
    const units = wanted.reduce((sum, want) => sum + want.quantity, 0);
    const url = trackingUrl(parcel);
    const effects: OrderEffect[] = [
      wholeOrderEffect(context, order, parcel.lines, {
        subject: `Order ${order.number}: parts on their way`,
        intro: `We have shipped ${plural(units, 'part')} of your order ${order.number}.`,
        facts: [['Carrier', parcel.carrier], ['Tracking number', parcel.trackingNumber]],
        ...(url ? { links: [['Track the parcel', url]] } : {}),
      }),
      activityEffect(at, { action: 'order.status', actor: by, target: order.number, details: `shipped ${plural(units, 'unit')} with ${parcel.carrier} ${parcel.trackingNumber}`, ...activitySubject(order) }),
    ];
    return { next: { ...order, lines, parcels: [...order.parcels, parcel] }, guard: { cancellation: { $exists: false } }, effects, result: parcel };
  }

  async function ship(caller: AccessClaims, order: OrderDocument, request: ShipmentRequest & { allOf?: ObjectId[] }): Promise<OrderDocument> {
    const at = context.now();
    return (await store.change(order._id, (current) => parcelPlan(current, request, caller.email, at), { at, by: caller.email }, notFound)).order;
  }

  async function deliver(caller: AccessClaims, order: OrderDocument, parcelId: ObjectId): Promise<OrderDocument> {
    const at = context.now();
    const { order: after } = await store.change(
      order._id,
      (current) => {
        const parcel = current.parcels.find((entry) => entry._id.equals(parcelId));
        if (!parcel) throw new Refusal(new NotFoundError('Shipment not found'));
        if (parcel.deliveredAt) throw new Refusal(new ConflictError('This shipment is already delivered.'));
        let lines = current.lines;
        for (const entry of parcel.lines) {
          const line = lines.find((candidate) => candidate._id.equals(entry.lineId))!;
          lines = replaceLine({ lines }, { ...line, units: addUnits(line.units, { delivered: entry.quantity }), lastDeliveredAt: at });
        }
        const parcels = current.parcels.map((entry) => (entry._id.equals(parcelId) ? { ...entry, deliveredAt: at } : entry));
        const effects: OrderEffect[] = [
          wholeOrderEffect(context, current, parcel.lines, {
            subject: `Order ${current.number}: parts delivered`,
            intro: `These parts of your order ${current.number} have been delivered. If anything is wrong, you can return them from your order's page within ${context.returnWindowDays} days.`,
            facts: [['Carrier', parcel.carrier], ['Tracking number', parcel.trackingNumber]],
          }),
          activityEffect(at, { action: 'order.status', actor: caller.email, target: current.number, details: `delivered (${parcel.carrier} ${parcel.trackingNumber})`, ...activitySubject(current) }),
        ];
        return { next: { ...current, lines, parcels }, effects, result: undefined };
      },
      { at, by: caller.email },
      notFound,
    );
    return after;
  }

  /** The line as the shop's cancellation email shows it: cancelled, with its reason. */
  function cancelledView(order: OrderDocument, line: OrderLineDocument, change: StatusChange): Order {
    const view = toOrder(order, line);
    return { ...view, status: 'cancelled', statusHistory: [...view.statusHistory, { status: 'cancelled', at: change.at.toISOString(), by: change.by, ...(change.reason ? { reason: change.reason } : {}), ...(change.note ? { note: change.note } : {}) }] };
  }

  /**
   * An unpaid line → cancelled, its held units back to stock, in one write that holds only while the
   * line is unpaid (so a paid line is never cancelled, and of two racing cancels one gives the stock
   * back). Its PaymentIntent is cancelled first: a payment that went through meanwhile pays the line
   * and this is a 409. The order after, or null when the line was cancelled already.
   */
  async function cancelUnpaidLine(lineId: ObjectId, cancellation: LineCancellation, options: { owner?: string; tellCustomer?: boolean; skipPayment?: boolean } = {}): Promise<{ order: OrderDocument; line: OrderLineDocument } | null> {
    const found = await store.findByLine(lineId);
    if (!found || (options.owner !== undefined && found.email !== options.owner)) throw new NotFoundError(orderText.notFound);
    const before = found.lines.find((line) => line._id.equals(lineId))!;
    if (before.cancelled) return null;
    if (before.paid) throw new ConflictError(PAID_ORDER_NOT_DELETED);
    if (!options.skipPayment) await context.payments?.cancelPaymentOf(before);
    const at = cancellation.at ?? context.now();
    const change: StatusChange = { status: 'cancelled', at, by: cancellation.by, reason: cancellation.reason, ...(cancellation.note ? { note: cancellation.note } : {}) };
    try {
      const { order } = await store.change(
        found._id,
        (current) => {
          const line = current.lines.find((candidate) => candidate._id.equals(lineId))!;
          if (line.cancelled) throw new Refusal(new CancelledAlready());
          if (line.paid) throw new Refusal(new ConflictError(PAID_ORDER_NOT_DELETED));
          const cancelled: OrderLineDocument = { ...line, cancelled: { at, by: cancellation.by, reason: cancellation.reason, ...(cancellation.note ? { note: cancellation.note } : {}) } };
          const effects: OrderEffect[] = options.tellCustomer
            ? [
                emailEffect(orderCancelledByShopEmail(cancelledView(current, line, change), { shopUrl: context.shopUrl })),
                activityEffect(at, { action: 'order.deleted', actor: cancellation.by, target: current.number, ...(cancellation.note ? { details: cancellation.note } : {}), subject: { kind: 'order', id: line._id.toHexString() } }),
              ]
            : [];
          return { next: { ...current, lines: replaceLine(current, cancelled) }, stockMoves: [{ productId: line.productId, quantity: line.order_quantity }], effects, result: undefined };
        },
        { at, by: cancellation.by },
        notFound,
      );
      return { order, line: order.lines.find((line) => line._id.equals(lineId))! };
    } catch (error) {
      if (error instanceof CancelledAlready) return null;
      throw error;
    }
  }

  return {
    ship,
    deliver,
    cancelUnpaidLine,

    /** POST /orders/{number}/shipments (admin): one parcel, one email. */
    async addShipment(caller: AccessClaims, order: OrderDocument, request: ShipmentRequest) {
      return ship(caller, order, request);
    },

    /**
     * PATCH /order/{id}/status with shipped or delivered (the spec's per-line call): shipped ships
     * every unit of the line left to ship in one parcel; delivered delivers every parcel the line
     * is in. The line as the spec's Order.
     */
    async moveLine(caller: AccessClaims, lineId: ObjectId, to: 'shipped' | 'delivered', parcel?: { carrier: string; trackingNumber: string }): Promise<Order> {
      const order = await store.findByLine(lineId);
      if (!order) throw notFound();
      const line = order.lines.find((candidate) => candidate._id.equals(lineId))!;
      const allowed = to === 'shipped' ? line.status === 'paid' : line.status === 'shipped';
      if (!allowed) throw new ConflictError(statusMoveRefusal(line.status, to));
      let after: OrderDocument;
      if (to === 'shipped') {
        try {
          after = await ship(caller, order, { ...parcel!, allOf: [lineId] });
        } catch (error) {
          // Another admin moved it first: the spec's route answers as it always did.
          if (!(error instanceof ConflictError)) throw error;
          const now = await store.findByLine(lineId);
          throw new ConflictError(statusMoveRefusal(now?.lines.find((candidate) => candidate._id.equals(lineId))?.status ?? line.status, to));
        }
      } else {
        const parcels = order.parcels.filter((entry) => !entry.deliveredAt && entry.lines.some((inParcel) => inParcel.lineId.equals(lineId)));
        if (parcels.length === 0) throw new ConflictError(statusMoveRefusal(line.status, to));
        after = order;
        for (const entry of parcels) {
          try {
            after = await deliver(caller, after, entry._id);
          } catch (error) {
            // Delivered by another admin meanwhile: the others are still delivered.
            if (!(error instanceof ConflictError)) throw error;
          }
        }
        after = (await store.findById(order._id))!;
      }
      return toOrder(after, after.lines.find((candidate) => candidate._id.equals(lineId))!);
    },

    /**
     * PATCH /order/{id}/status with cancelled (admin): placed → cancelled through the one cancel path
     * (its payment first; the stock goes back once), the customer emailed with the reason.
     */
    async cancelLineAsShop(caller: AccessClaims, lineId: ObjectId, reason: string): Promise<Order> {
      const order = await store.findByLine(lineId);
      if (!order) throw notFound();
      const line = order.lines.find((candidate) => candidate._id.equals(lineId))!;
      if (!ORDER_STATUS_MOVES[line.status].includes('cancelled')) throw new ConflictError(statusMoveRefusal(line.status, 'cancelled'));
      let moved: Awaited<ReturnType<typeof cancelUnpaidLine>> = null;
      try {
        moved = await cancelUnpaidLine(lineId, { by: caller.email, reason: CANCEL_REASONS.shop, note: reason }, { tellCustomer: true });
      } catch (error) {
        if (!(error instanceof ConflictError) || error.message !== PAID_ORDER_NOT_DELETED) throw error;
      }
      if (!moved) {
        // Someone else moved it first; no status allows the same move as the one it left.
        const now = await store.findByLine(lineId);
        throw new ConflictError(statusMoveRefusal(now?.lines.find((candidate) => candidate._id.equals(lineId))?.status ?? line.status, 'cancelled'));
      }
      return toOrder(moved.order, moved.line);
    },

    /**
     * POST /orders/{number}/cancel (admin): unpaid lines are cancelled and their holds released
     * (their payment cancelled first); paid units, none of them shipped, are refunded in full and
     * restocked. One write claims it all, only while nothing has shipped and the order is not
     * cancelled: a parcel sent at the same moment either comes first (then this is a 409) or is
     * refused. Shipped parts are refunded or returned instead.
     */
    async cancel(caller: AccessClaims, order: OrderDocument, reason: string): Promise<OrderDocument> {
      if (order.cancellation) return order;
      if (order.lines.some((line) => line.units.shipped > 0)) throw new ConflictError(orderText.shippedCannotCancel);
      // Unpaid lines: their payment is cancelled first; one that went through meanwhile makes the line paid (refunded below).
      for (const line of order.lines.filter((entry) => !entry.paid && !entry.cancelled)) {
        try {
          await context.payments?.cancelPaymentOf(line);
        } catch (error) {
          const now = await store.findByLine(line._id);
          if (error instanceof ConflictError && now?.lines.find((entry) => entry._id.equals(line._id))?.paid) continue;
          throw error;
        }
      }
      const at = context.now();
      const cancellation = { at, by: caller.email, reason };
      let cancelledAlready = false;
      const { order: claimed, result: records } = await store.change(
        order._id,
        (current) => {
          if (current.cancellation) throw new Refusal(new CancelledAlready());
          if (current.lines.some((line) => line.units.shipped > 0)) throw new Refusal(new ConflictError(orderText.shippedCannotCancel));
          const stockMoves = current.lines.filter((line) => !line.paid && !line.cancelled).map((line) => ({ productId: line.productId, quantity: line.order_quantity }));
          const lines = current.lines.map((line) =>
            !line.paid && !line.cancelled ? { ...line, cancelled: { at, by: caller.email, reason: CANCEL_REASONS.shop, note: reason } } : line,
          );
          const withLines = { ...current, lines };
          const toRefund = lines.filter((line) => line.paid && shippableUnits(line) > 0).map((line) => ({ lineId: line._id, quantity: shippableUnits(line) }));
          if (toRefund.length === 0) {
            const next = { ...withLines, cancellation };
            return { next, guard: { cancellation: { $exists: false } }, stockMoves, effects: deps.refunds.cancelledEffects(next, at), result: [] };
          }
          const claim = deps.refunds.claim(withLines, toRefund, { reason: `Order cancelled: ${reason}`, restock: true, cancellation }, caller.email, at);
          return { ...claim, stockMoves };
        },
        { at, by: caller.email },
        notFound,
      ).catch((error: unknown) => {
        if (error instanceof CancelledAlready) {
          cancelledAlready = true;
          return { order, result: [] };
        }
        throw error;
      });
      if (cancelledAlready) return (await store.findById(order._id))!;
      if (records.length === 0) return claimed;
      // The unpaid lines' cancellation stands even if the refund fails: a failure is still a change.
      const unpaidCancelled = order.lines.some((line) => !line.paid && !line.cancelled);
      return (await deps.refunds.finish(order._id, records, { claimedWithOtherChanges: unpaidCancelled })).order;
    },

    /**
     * The hold sweep: cancels the unpaid lines whose hold ended and gives their stock back, each once
     * (the conditional write decides, as for a delete). Each line's PaymentIntent is cancelled first;
     * a line whose payment cannot be cancelled now (Stripe unreachable, or it was just paid) is left
     * for the next round (`onSkipped`). Returns how many lines were cancelled.
     */
    async sweepHolds(now: Date, onSkipped: (lineId: ObjectId, error: unknown) => void = () => {}): Promise<number> {
      let cancelled = 0;
      for (;;) {
        const batch = await context.queries.holdsEndedBy(now, 100);
        let progress = 0;
        for (const order of batch) {
          for (const line of order.lines.filter((entry) => !entry.paid && !entry.cancelled && entry.holdExpiresAt < now)) {
            try {
              await context.payments?.cancelPaymentOf(line);
            } catch (error) {
              onSkipped(line._id, error);
              continue;
            }
            try {
              if (await cancelUnpaidLine(line._id, { by: 'system', reason: CANCEL_REASONS.expired, at: now }, { skipPayment: true })) cancelled += 1;
            } catch (error) {
              // Paid just now: the sweep leaves it.
              if (!(error instanceof ConflictError)) throw error;
            }
            progress += 1;
          }
        }
        // A short batch is the last; one where nothing moved would come back the same.
        if (batch.length < 100 || progress === 0) return cancelled;
      }
    },
  };
}

/** The line or order was cancelled already: nothing to write. */
class CancelledAlready extends Error {
  constructor() {
    super('cancelled already');
  }
}

export type Fulfilment = ReturnType<typeof createFulfilment>;
