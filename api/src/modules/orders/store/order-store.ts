import { type ClientSession, type Filter, ObjectId, type UpdateFilter } from 'mongodb';
import { ConflictError } from '../../../errors';
import type { Logger } from '../../../logger';
import type { OrderDocument, OrderEffect, OrdersCollections, StockMove } from '../documents';
import { type ChangeContext, withDerivedState } from '../model/state';
import { unitsBroken } from '../model/units';
import type { TransactionRunner } from './transactions';

/** How often a change is computed again when other changes of the order keep coming first. */
const CHANGE_ATTEMPTS = 60;
/**
 * The fields a change may set; the number and when never change after placing. The customer's
 * contact fields change with their account only (accounts/service.ts: an email change, closing);
 * where it goes (address, shipTo, delivery, tax) also once a free-text order is given its
 * structured address (placement/service.ts).
 */
const WRITABLE = [
  'lines', 'paid', 'transactionId', 'paymentIntentId', 'cancellation', 'parcels', 'refunds', 'returns', 'invoiceNumber', 'state',
  'email', 'name', 'address', 'phone', 'shipTo', 'delivery', 'tax',
] as const;
type Writable = (typeof WRITABLE)[number];

/** A refusal worked out from the order as read: nothing is written, the error is the answer. */
export class Refusal extends Error {
  constructor(readonly error: Error) {
    super(error.message);
  }
}

/**
 * One change of an order, computed from the order as read: the order as it is to be written, what
 * follows it (emails, Activity entries) and the units it gives back to stock. `guard` adds a
 * precondition the database checks beside the version (e.g. "not cancelled" for a parcel).
 */
export interface OrderChange<R> {
  next: Pick<OrderDocument, Writable> & Partial<OrderDocument>;
  effects?: OrderEffect[];
  stockMoves?: Omit<StockMove, 'at'>[];
  guard?: Filter<OrderDocument>;
  result: R;
}

export interface CommittedChange<R> {
  order: OrderDocument;
  result: R;
  /** The ids the effects were written under. */
  effectIds: string[];
}

/** What happens after a write: its stock moves applied, its effects relayed (each once: stock.ts, effects.ts). */
export interface AfterCommit {
  applyStockMoves(order: Pick<OrderDocument, '_id' | 'stockMoves'>, session?: ClientSession): Promise<void>;
  relayEffects(order: Pick<OrderDocument, '_id' | 'effects'>): Promise<void>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The orders' one writer. Every change of an order (its lines' units, payments, parcels, refunds,
 * returns, cancellations) is computed from the order as read and written by one conditional
 * update whose filter holds the version it was computed from (and `guard`): a concurrent change
 * makes it read again and recompute, so each change's precondition holds when it is written. The
 * derived statuses are written in the same update (model/state.ts), and so are the emails and
 * Activity entries that follow it and the stock it frees: they are applied after it, once, and
 * only if it was written. Where the database offers transactions, the write and its stock moves
 * commit together.
 */
export function createOrderStore(deps: {
  collections: Pick<OrdersCollections, 'wholeOrders'>;
  transactions: TransactionRunner;
  after: AfterCommit;
  logger: Logger;
}) {
  const { wholeOrders } = deps.collections;

  function updateOf(order: OrderDocument, next: OrderDocument, effects: [string, OrderEffect][], moves: [string, StockMove][]): UpdateFilter<OrderDocument> {
    const set: Record<string, unknown> = {};
    const unset: Record<string, ''> = {};
    for (const field of WRITABLE) {
      if (same(order[field], next[field])) continue;
      if (next[field] === undefined) unset[field] = '';
      else set[field] = next[field];
    }
    // The outbox and the stock moves are maps: added here by key, removed by key once applied, so
    // their relay never races a change (jongodb has no $push or $pull).
    for (const [id, effect] of effects) set[`effects.${id}`] = effect;
    for (const [id, move] of moves) set[`stockMoves.${id}`] = move;
    return { $set: set, ...(Object.keys(unset).length ? { $unset: unset } : {}), $inc: { version: 1 } } as UpdateFilter<OrderDocument>;
  }

  /**
   * Computes `plan` from the order as it is and writes it, over and over while other changes come
   * first. A plan that throws (a Refusal or an HttpError) writes nothing. Returns the order written.
   */
  async function change<R>(id: ObjectId, plan: (order: OrderDocument) => OrderChange<R>, context: ChangeContext, notFound: () => Error): Promise<CommittedChange<R>> {
    for (let attempt = 0; attempt < CHANGE_ATTEMPTS; attempt += 1) {
      const order = await wholeOrders.findOne({ _id: id });
      if (!order) throw notFound();
      let planned: OrderChange<R>;
      try {
        planned = plan(order);
      } catch (error) {
        throw error instanceof Refusal ? error.error : error;
      }
      const next = withDerivedState({ ...order, ...planned.next }, context);
      for (const line of next.lines) {
        const broken = unitsBroken(line);
        // A planning bug: refuse the change rather than store counters that break the rules.
        if (broken) throw new Error(`order ${order.number}, line ${line._id.toHexString()}: ${broken}`);
      }
      const effects = (planned.effects ?? []).map((effect) => [new ObjectId().toHexString(), effect] as [string, OrderEffect]);
      const moves = (planned.stockMoves ?? [])
        .filter((move) => move.quantity > 0)
        .map((move) => [new ObjectId().toHexString(), { ...move, at: context.at }] as [string, StockMove]);
      const filter = { _id: id, version: order.version, ...planned.guard } as Filter<OrderDocument>;
      const update = updateOf(order, next, effects, moves);
      const written = await deps.transactions.run(async (session) => {
        const { modifiedCount } = await wholeOrders.updateOne(filter, update, { session });
        if (modifiedCount !== 1) return { written: false, movesApplied: false };
        // In a transaction the stock moves commit with the change.
        if (session && moves.length > 0) await deps.after.applyStockMoves({ _id: id, stockMoves: Object.fromEntries(moves) }, session);
        return { written: true, movesApplied: session !== undefined };
      });
      if (!written.written) continue;
      const committed: OrderDocument = {
        ...next,
        version: order.version + 1,
        effects: { ...order.effects, ...Object.fromEntries(effects) },
        stockMoves: { ...order.stockMoves, ...(written.movesApplied ? {} : Object.fromEntries(moves)) },
      };
      await settle(committed);
      return { order: committed, result: planned.result, effectIds: effects.map(([effectId]) => effectId) };
    }
    throw new ConflictError('This order is changing too often right now. Try again in a moment.');
  }

  /** Applies what a write left to do; a failure is logged and the every-minute job finishes it. */
  async function settle(order: Pick<OrderDocument, '_id' | 'number' | 'effects' | 'stockMoves'>): Promise<void> {
    try {
      if (order.stockMoves && Object.keys(order.stockMoves).length > 0) await deps.after.applyStockMoves(order);
      if (order.effects && Object.keys(order.effects).length > 0) await deps.after.relayEffects(order);
    } catch (error) {
      deps.logger.error({ err: error, order: order.number }, 'what follows an order change is left for the next round of the background job');
    }
  }

  return {
    findById: (id: ObjectId) => wholeOrders.findOne({ _id: id }),
    findByNumber: (number: string) => wholeOrders.findOne({ number }),
    findByLine: (lineId: ObjectId) => wholeOrders.findOne({ 'lines._id': lineId }),
    findByReturn: (returnId: ObjectId) => wholeOrders.findOne({ 'returns._id': returnId }),
    change,

    /** Stores a new order (version 0); its effects follow. */
    async insert(order: OrderDocument, session?: ClientSession): Promise<void> {
      await wholeOrders.insertOne(order, { session });
    },
    /** Relays what an inserted order left to do (its emails). */
    settle,
    /** Takes back an order no one was told about (its placement failed after it was stored). */
    async deleteUnannounced(id: ObjectId): Promise<void> {
      await wholeOrders.deleteOne({ _id: id, version: 0 });
    },

    /** Orders whose stock moves or effects a write left (the api stopped in between): the background job settles them. */
    async settleLeftovers(limit = 100): Promise<number> {
      const left = await wholeOrders
        .find({ $or: [{ effects: { $exists: true, $ne: {} } }, { stockMoves: { $exists: true, $ne: {} } }] })
        .limit(limit)
        .toArray();
      for (const order of left) await settle(order);
      return left.length;
    },
  };
}

export type OrderStore = ReturnType<typeof createOrderStore>;
