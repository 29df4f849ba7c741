import { type LineQuantity, orderText, type ReturnStatus } from '@pcpp/contracts/core';
import { ObjectId } from 'mongodb';
import type { AccessClaims } from '../../../auth/access-token';
import { changedBefore, ConflictError, HttpError, NotFoundError } from '../../../errors';
import { activityEffect, activitySubject, linesById, lineOf, notFound, type OrdersContext, plural, replaceLine, wholeOrderEffect } from '../common';
import type { OrderDocument, OrderEffect, ReturnRecord } from '../documents';
import { addUnits, returnableUnits } from '../model/units';
import { returnableUntil } from '../read-model/views';
import type { Refunds } from '../refunds/service';
import { type OrderChange, Refusal } from '../store/order-store';

const returnNotFound = () => new NotFoundError(orderText.returnNotFound);

/**
 * Returns: the customer asks for delivered units within the window (they are held as returning),
 * the shop approves or refuses (refused frees them), and marks them received: in one write the units
 * count as returned, go back to stock and a refund of them is claimed, which Stripe then makes
 * (refunds/service.ts). Each step is one conditional write that holds only while the return is in
 * the status it moves from, so a return can never be decided or received twice.
 */
export function createReturns(context: OrdersContext, deps: { refunds: Refunds }) {
  const { store } = context;

  async function returnFor(returnId: ObjectId): Promise<{ order: OrderDocument; ret: ReturnRecord }> {
    const order = await store.findByReturn(returnId);
    const ret = order?.returns.find((entry) => entry._id.equals(returnId));
    if (!order || !ret) throw returnNotFound();
    return { order, ret };
  }

  /** The return moves on only from `from`: the database checks it beside the version. */
  const inStatus = (returnId: ObjectId, from: ReturnStatus) => ({ returns: { $elemMatch: { _id: returnId, status: from } } });

  return {
    /** POST /orders/{number}/returns (the owner): delivered units within the window, never more than can go back. */
    async request(caller: AccessClaims, order: OrderDocument, request: { lines: LineQuantity[]; reason: string }): Promise<{ order: OrderDocument; ret: ReturnRecord }> {
      const at = context.now();
      const { order: after, result } = await store.change(
        order._id,
        (current): OrderChange<ReturnRecord> => {
          const wanted = linesById(current, request.lines);
          let lines = current.lines;
          for (const { line, quantity } of wanted) {
            const until = returnableUntil(line, context.returnWindowDays);
            if (!until) throw new Refusal(new ConflictError(`${line.productName} has not been delivered yet, so it cannot be returned.`));
            if (until <= at) throw new Refusal(new ConflictError(orderText.returnWindowClosed(context.returnWindowDays)));
            const most = returnableUnits(line.units);
            if (quantity > most) {
              throw new Refusal(new ConflictError(`Only ${plural(most, 'unit')} of ${line.productName} can be returned.`, { details: { lineId: line._id.toHexString(), returnable: most } }));
            }
            lines = replaceLine({ lines }, { ...line, units: addUnits(line.units, { returning: quantity }) });
          }
          const ret: ReturnRecord = {
            _id: new ObjectId(),
            status: 'requested',
            lines: wanted.map(({ line, quantity }) => ({ lineId: line._id, quantity, productName: line.productName })),
            reason: request.reason,
            requestedAt: at,
          };
          const effects: OrderEffect[] = [
            wholeOrderEffect(context, current, ret.lines, {
              subject: `Order ${current.number}: return requested`,
              intro: 'We have your return request. We will email you when it is approved, with where to send the parts.',
              facts: [['Reason', request.reason]],
            }),
            activityEffect(at, { action: 'order.return', actor: caller.email, target: current.number, details: `return requested: ${request.reason}`, ...activitySubject(current) }),
          ];
          return { next: { ...current, lines, returns: [...current.returns, ret] }, effects, result: ret };
        },
        { at, by: caller.email },
        notFound,
      );
      return { order: after, ret: result };
    },

    /** POST /returns/{id}/decision (admin): approve or refuse a requested return; refused frees its units. */
    async decide(caller: AccessClaims, returnId: ObjectId, decision: { approve: boolean; note?: string }): Promise<{ order: OrderDocument; ret: ReturnRecord }> {
      const { order } = await returnFor(returnId);
      const at = context.now();
      const { order: after, result } = await store.change(
        order._id,
        (current): OrderChange<ReturnRecord> => {
          const ret = current.returns.find((entry) => entry._id.equals(returnId))!;
          if (ret.status !== 'requested') throw new Refusal(new ConflictError(`This return is ${ret.status} already.`));
          const decided: ReturnRecord = { ...ret, status: decision.approve ? 'approved' : 'rejected', ...(decision.note ? { note: decision.note } : {}), decidedAt: at, decidedBy: caller.email };
          let lines = current.lines;
          if (!decision.approve) {
            for (const entry of ret.lines) {
              const line = lineOf({ lines }, entry.lineId);
              lines = replaceLine({ lines }, { ...line, units: addUnits(line.units, { returning: -entry.quantity }) });
            }
          }
          const effects: OrderEffect[] = [
            wholeOrderEffect(context, current, ret.lines, {
              subject: `Order ${current.number}: return ${decision.approve ? 'approved' : 'not accepted'}`,
              intro: decision.approve
                ? 'Your return is approved. Send the parts back to PC PART PICKER, Returns; we refund them once they arrive.'
                : 'We cannot accept this return.',
              facts: decision.note ? [['Note', decision.note]] : [],
            }),
            activityEffect(at, {
              action: 'order.return',
              actor: caller.email,
              target: current.number,
              details: `return ${decision.approve ? 'approved' : 'refused'}${decision.note ? `: ${decision.note}` : ''}`,
              ...activitySubject(current),
            }),
          ];
          return {
            next: { ...current, lines, returns: current.returns.map((entry) => (entry._id.equals(returnId) ? decided : entry)) },
            guard: inStatus(returnId, 'requested'),
            effects,
            result: decided,
          };
        },
        { at, by: caller.email },
        returnNotFound,
      );
      return { order: after, ret: result };
    },

    /**
     * POST /returns/{id}/received (admin): the parts came back. In one write they count as returned,
     * go back to stock, and their refund is claimed; then Stripe makes it. A refund Stripe refuses
     * leaves the receipt standing (the parts are here): the answer says so, and they can be refunded
     * from the order's page.
     */
    async receive(caller: AccessClaims, returnId: ObjectId): Promise<{ order: OrderDocument; ret: ReturnRecord }> {
      const { order } = await returnFor(returnId);
      const at = context.now();
      const { result: records } = await store.change(
        order._id,
        (current) => {
          const ret = current.returns.find((entry) => entry._id.equals(returnId))!;
          if (ret.status === 'requested') throw new Refusal(new ConflictError('Approve the return before you mark it received.'));
          if (ret.status !== 'approved') throw new Refusal(new ConflictError(`This return is ${ret.status} already.`));
          let lines = current.lines;
          const stockMoves = [];
          for (const entry of ret.lines) {
            const line = lineOf({ lines }, entry.lineId);
            lines = replaceLine({ lines }, { ...line, units: addUnits(line.units, { returning: -entry.quantity, returned: entry.quantity, restockedReturned: entry.quantity }) });
            stockMoves.push({ productId: line.productId, quantity: entry.quantity });
          }
          const received = { ...current, lines, returns: current.returns.map((entry) => (entry._id.equals(returnId) ? { ...ret, status: 'received' as const, receivedAt: at } : entry)) };
          const claim = deps.refunds.claim(
            received,
            ret.lines.map(({ lineId, quantity }) => ({ lineId, quantity })),
            { reason: `Return: ${ret.reason}`, restock: false, returnId },
            caller.email,
            at,
          );
          return { ...claim, guard: inStatus(returnId, 'approved'), stockMoves };
        },
        { at, by: caller.email },
        returnNotFound,
      );
      try {
        const { order: after } = await deps.refunds.finish(order._id, records, { claimedWithOtherChanges: true });
        return { order: after, ret: after.returns.find((entry) => entry._id.equals(returnId))! };
      } catch (error) {
        if (error instanceof HttpError && error.status === 502) {
          throw new HttpError(502, `The parts are recorded as received and back in stock. ${error.message}`, { changed: true });
        }
        throw changedBefore(error);
      }
    },
  };
}

export type Returns = ReturnType<typeof createReturns>;
