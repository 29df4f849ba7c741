import type { Collection, Filter, ObjectId, WithId } from 'mongodb';
import { updateIfMatches } from '../../db/update-if-matches';
import type { AlertDocument } from './documents';

export function createAlertsRepository(alerts: Collection<AlertDocument>) {
  return {
    insert: async (alert: AlertDocument): Promise<ObjectId> => (await alerts.insertOne(alert)).insertedId,
    /** An account's waiting alerts, newest first. */
    activeOf: (ownerId: string) => alerts.find({ ownerId, status: 'active' }).sort({ createdAt: -1, _id: -1 }).toArray(),
    countActiveOf: (ownerId: string) => alerts.countDocuments({ ownerId, status: 'active' }),
    sameActive: (alert: Pick<AlertDocument, 'ownerId' | 'productId' | 'kind'>) =>
      alerts.findOne({ ownerId: alert.ownerId, productId: alert.productId, kind: alert.kind, status: 'active' }),
    /** Deletes a waiting alert (of this owner when given): 1 when this call removed it. */
    async remove(id: ObjectId, ownerId?: string): Promise<number> {
      const { deletedCount } = await alerts.deleteOne({ _id: id, status: 'active', ...(ownerId ? { ownerId } : {}) });
      return deletedCount;
    },
    /** Up to `limit` waiting alerts of the part that its stock or price now meets. */
    due(productId: ObjectId, part: { price: number; p_quantity: number }, limit: number): Promise<WithId<AlertDocument>[]> {
      const kinds: Filter<AlertDocument>[] = [{ kind: 'price-below', priceBelow: { $gte: part.price } }];
      if (part.p_quantity > 0) kinds.push({ kind: 'back-in-stock' });
      return alerts.find({ productId, status: 'active', $or: kinds }).limit(limit).toArray();
    },
    /** The claim: of several api instances, one turns the alert from waiting to fired. */
    claim: (id: ObjectId, now: Date) => updateIfMatches(alerts, { _id: id, status: 'active' }, { $set: { status: 'fired', firedAt: now } }),
    /** Every alert of the account, fired ones included, newest first (its data export). */
    allOf: (ownerId: string) => alerts.find({ ownerId }).sort({ createdAt: -1, _id: -1 }).toArray(),
    /** The account's email moved: its alerts go to the new one. */
    async renameEmail(ownerId: string, email: string): Promise<void> {
      await alerts.updateMany({ ownerId }, { $set: { email } });
    },
    /** Closing the account: its alerts go. */
    async deleteAllOf(ownerId: string): Promise<void> {
      await alerts.deleteMany({ ownerId });
    },
    /** The parts with waiting alerts (the sweep's list). */
    async partsWithActive(): Promise<ObjectId[]> {
      const rows = await alerts.aggregate<{ _id: ObjectId }>([{ $match: { status: 'active' } }, { $group: { _id: '$productId' } }]).toArray();
      return rows.map((row) => row._id);
    },
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
