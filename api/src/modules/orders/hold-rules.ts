import { orderRuleText } from '@pcpp/contracts/core';
import type { ObjectId } from 'mongodb';
import type { Config } from '../../config';
import { ConflictError } from '../../errors';
import type { OrdersRepository } from './repository';

/** One line of what a customer is about to hold: a part and a quantity of it. */
export interface HoldLine {
  productId: ObjectId;
  partName: string;
  /** The part's minimum order: a part that must be ordered by more than the cap allows its minimum. */
  minQuantity: number;
  quantity: number;
}

export type HoldLimits = Config['orderHoldLimits'];

/**
 * The rules that keep one customer from holding the catalog: at most `maxUnpaidOrders` unpaid
 * orders at once, and at most `maxHeldUnitsPerPart` units of one part in them (or the part's
 * minimum order, when that is higher). They apply to a set of lines as a whole (one new order)
 * and per part (lines of one part add up), so a checkout of several lines uses them as one order.
 * One instance serves the orders and the checkout, so both take their turn in the same queue.
 */
export function createHoldRules(deps: { orders: Pick<OrdersRepository, 'unpaidHoldsOf'>; limits: HoldLimits }) {
  /** Per customer, the end of the queue of placements in this api instance. */
  const queues = new Map<string, Promise<unknown>>();

  return {
    /**
     * Runs one placement of this customer's after the ones already under way in this instance, so a
     * burst is counted in turn: the first ones within the caps stay, the rest get the 409. (Counted
     * all at once, each would see the others and none would stay.) Across api instances the second
     * count after the order is stored still keeps the caps.
     */
    async inTurn<T>(email: string, work: () => Promise<T>): Promise<T> {
      const mine = (queues.get(email) ?? Promise.resolve()).then(work);
      const end = mine.then(
        () => undefined,
        () => undefined,
      );
      queues.set(email, end);
      try {
        return await mine;
      } finally {
        if (queues.get(email) === end) queues.delete(email);
      }
    },

    /**
     * The 409 that refuses these lines, or null. `placed`: the order with these lines is stored
     * already (the check after the stock was taken, which counts it among the unpaid orders);
     * otherwise the lines come on top of what is held now.
     */
    async refusal(email: string, lines: readonly HoldLine[], { placed }: { placed: boolean }): Promise<ConflictError | null> {
      const adding = new Map<string, HoldLine & { total: number }>();
      for (const line of lines) {
        const key = line.productId.toHexString();
        const before = adding.get(key);
        adding.set(key, { ...line, minQuantity: Math.max(line.minQuantity, before?.minQuantity ?? 0), total: (before?.total ?? 0) + line.quantity });
      }
      const unpaid = await deps.orders.unpaidHoldsOf(email, [...adding.values()].map((line) => line.productId));
      const orderCount = unpaid.orders + (placed ? 0 : 1);
      if (orderCount > deps.limits.maxUnpaidOrders) {
        return new ConflictError(orderRuleText.tooManyUnpaidOrders(deps.limits.maxUnpaidOrders), {
          details: { limit: 'MAX_UNPAID_ORDERS', max: deps.limits.maxUnpaidOrders },
        });
      }
      for (const [key, line] of adding) {
        const held = unpaid.unitsByPart.get(key) ?? 0;
        const after = held + (placed ? 0 : line.total);
        const max = Math.max(deps.limits.maxHeldUnitsPerPart, line.minQuantity);
        if (after > max) {
          return new ConflictError(orderRuleText.tooManyHeldUnits(max, line.partName, after - line.total), {
            details: { limit: 'MAX_HELD_UNITS_PER_PART', max },
          });
        }
      }
      return null;
    },
  };
}

export type HoldRules = ReturnType<typeof createHoldRules>;
