import { ObjectId } from 'mongodb';
import type { ActivityLog } from '../../activity/service';
import type { Outbox } from '../../mail/outbox';
import type { OrderDocument, OrdersCollections } from '../documents';

/**
 * The order's outbox relay: each email and Activity entry a change wrote with it is copied once to
 * the mail outbox or the Activity log, under the effect's id as its _id (a second copy is a
 * duplicate key, so a retry after a crash sends nothing twice), then taken off the order. A change
 * that was never written has no effects, so nothing follows it.
 */
export function createEffectsRelay(deps: {
  orders: Pick<OrdersCollections, 'wholeOrders'>;
  outbox: Pick<Outbox, 'enqueueOnce'>;
  activity: Pick<ActivityLog, 'recordOnce'>;
}) {
  const { wholeOrders } = deps.orders;
  return async function relayEffects(order: Pick<OrderDocument, '_id' | 'effects'>): Promise<void> {
    for (const [id, effect] of Object.entries(order.effects ?? {})) {
      const key = ObjectId.createFromHexString(id);
      if (effect.kind === 'email') await deps.outbox.enqueueOnce(key, effect.message);
      else await deps.activity.recordOnce(key, { ...effect.entry, at: new Date(effect.at) });
      await wholeOrders.updateOne({ _id: order._id }, { $unset: { [`effects.${id}`]: '' } });
    }
  };
}
