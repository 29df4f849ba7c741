import { orderRuleText } from '@pcpp/contracts/core';
import type { ObjectId } from 'mongodb';
import type { Config } from '../../../config';
import { ConflictError } from '../../../errors';
import type { OrderQueries } from '../read-model/queries';
import type { Stock } from '../store/stock';

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
export function createHoldRules(deps: { queries: Pick<OrderQueries, 'unpaidHoldsOf' | 'heldForShare'>; stock: Pick<Stock, 'findPart'>; limits: HoldLimits }) {
  /** Per customer, the end of the queue of placements in this api instance. */
  const queues = new Map<string, Promise<unknown>>();

  return {
    limits: deps.limits,

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
     * Of all customers together (issue 36, account farming): unpaid orders waiting for a later
     * payment hold at most `heldSharePercent` of a part's stock (what is for sale plus what unpaid
     * orders hold). The first line whose part these lines would take past it, or null. Past it, only
     * a checkout that pays on the same page gets stock, for `payNowHoldMinutes` (the checkout service).
     * `placed`: the lines are stored already as orders paid later (the second count).
     */
    async pastShare(lines: readonly HoldLine[], { placed }: { placed: boolean }): Promise<HoldLine | null> {
      const adding = new Map<string, HoldLine & { total: number }>();
      for (const line of lines) {
        const key = line.productId.toHexString();
        adding.set(key, { ...line, total: (adding.get(key)?.total ?? 0) + line.quantity });
      }
      const ids = [...adding.values()].map((line) => line.productId);
      const [held, parts] = await Promise.all([deps.queries.heldForShare(ids), Promise.all(ids.map((id) => deps.stock.findPart(id)))]);
      for (const [index, line] of [...adding.values()].entries()) {
        const forSale = parts[index]?.p_quantity ?? 0;
        // More than is for sale: the stock's own answer (how many are left) says so, not this one.
        if (!placed && line.total > forSale) continue;
        const now = held.get(line.productId.toHexString());
        const stock = forSale + (now?.held ?? 0);
        const share = Math.floor((stock * deps.limits.heldSharePercent) / 100);
        if ((now?.later ?? 0) + (placed ? 0 : line.total) > share) return line;
      }
      return null;
    },

    /** The 409 of an order that would pass the share and cannot be paid on the spot (POST /order). */
    payNowOnly: (line: HoldLine) => new ConflictError(orderRuleText.payNowOnly(line.partName)),

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
      const unpaid = await deps.queries.unpaidHoldsOf(email, [...adding.values()].map((line) => line.productId));
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
