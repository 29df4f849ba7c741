import type { ClientSession, Collection, ObjectId, WithId } from 'mongodb';
import type { PartDocument } from '../../parts/documents';
import type { OrderDocument, OrdersCollections } from '../documents';

/** A stock move's mark on its part is kept this long, so a late retry of the move finds it and does nothing. */
export const STOCK_MOVE_MARK_MS = 60 * 60_000;

/** A part with the marks of the stock moves applied to it lately (move id → when). */
type MarkedPart = PartDocument & { stockMoveMarks?: Record<string, Date> };

/**
 * The parts' stock as orders move it. Taking stock is one conditional update that checks it (never
 * read-then-write). Giving units back follows the order change that frees them: the change writes
 * the move on the order (documents.ts StockMove), then the move is applied to the part once, the
 * part marked with the move's id in the same update, then removed from the order. A retry (the
 * background job after the api stopped in between) finds the mark and adds nothing.
 */
export function createStock(deps: { parts: Collection<PartDocument>; orders: Pick<OrdersCollections, 'wholeOrders'>; onCatalogChange: () => void }) {
  const parts = deps.parts as unknown as Collection<MarkedPart>;
  const { wholeOrders } = deps.orders;

  return {
    findPart: (id: ObjectId): Promise<WithId<PartDocument> | null> => deps.parts.findOne({ _id: id }),

    /**
     * Takes `quantity` units in one step, only if the stock covers it and the quantity reaches the
     * part's minimum order: the part after the change, or null when either fails. An updateOne then
     * a read: jongodb checks a findOneAndUpdate's filter apart from its write (db/update-if-matches.ts).
     */
    async take(productId: ObjectId, quantity: number, session?: ClientSession): Promise<WithId<PartDocument> | null> {
      const { modifiedCount } = await parts.updateOne(
        { _id: productId, p_quantity: { $gte: quantity }, min_quantity: { $lte: quantity } },
        { $inc: { p_quantity: -quantity } },
        { session },
      );
      if (modifiedCount !== 1) return null;
      deps.onCatalogChange();
      return deps.parts.findOne({ _id: productId }, { session });
    },

    /** Gives back what a placement took before any order knew of it (a deleted part stays deleted). */
    async giveBack(productId: ObjectId, quantity: number, session?: ClientSession): Promise<void> {
      await parts.updateOne({ _id: productId }, { $inc: { p_quantity: quantity } }, { session });
      deps.onCatalogChange();
    },

    /** Applies an order's stock moves, each once, and takes them off the order. */
    async applyMoves(order: Pick<OrderDocument, '_id' | 'stockMoves'>, session?: ClientSession): Promise<void> {
      for (const [id, move] of Object.entries(order.stockMoves ?? {})) {
        const mark = `stockMoveMarks.${id}`;
        await parts.updateOne({ _id: move.productId, [mark]: { $exists: false } }, { $inc: { p_quantity: move.quantity }, $set: { [mark]: move.at } }, { session });
        await wholeOrders.updateOne({ _id: order._id }, { $unset: { [`stockMoves.${id}`]: '' } }, { session });
        deps.onCatalogChange();
      }
    },

    /** Drops the marks of moves applied more than an hour ago (the background job). */
    async forgetOldMarks(now: Date): Promise<void> {
      const cutoff = now.getTime() - STOCK_MOVE_MARK_MS;
      for (const part of await parts.find({ stockMoveMarks: { $exists: true, $ne: {} } }).toArray()) {
        const old = Object.entries(part.stockMoveMarks ?? {}).filter(([, at]) => new Date(at).getTime() < cutoff);
        if (old.length > 0) await parts.updateOne({ _id: part._id }, { $unset: Object.fromEntries(old.map(([id]) => [`stockMoveMarks.${id}`, ''])) });
      }
    },
  };
}

export type Stock = ReturnType<typeof createStock>;
