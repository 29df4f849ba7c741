import type { Collection, ObjectId, WithId } from 'mongodb';
import type { OrderDocument } from '../../db/mongo';
import { updateIfMatches } from '../../db/update-if-matches';

export function createPaymentsRepository(orders: Collection<OrderDocument>) {
  return {
    findById: (id: ObjectId) => orders.findOne({ _id: id }),

    /**
     * placed and unpaid → paid, in one conditional update: of several concurrent calls (a webhook
     * delivered twice, the webhook and PATCH /myorder) exactly one gets the document back, the
     * others null. The history is written whole ($push is missing from the embedded database);
     * the status in the filter makes sure nobody changed it since `order` was read.
     */
    markPaid(order: WithId<OrderDocument>, transactionId: string, at: Date): Promise<WithId<OrderDocument> | null> {
      const statusHistory = [...order.statusHistory, { status: 'paid' as const, at, by: 'system' }];
      return updateIfMatches(
        orders,
        { _id: order._id, status: 'placed', paid: false },
        { $set: { paid: true, status: 'paid', transactionId, statusHistory } },
      );
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
