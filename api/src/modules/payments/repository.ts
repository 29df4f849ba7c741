import { MongoServerError, type ObjectId, type WithId } from 'mongodb';
import type { Collections } from '../../db/mongo';
import type { OrderDocument } from '../orders/documents';
import type { RefundDocument } from './documents';
import { updateIfMatches } from '../../db/update-if-matches';
import { orderStateRefresher } from '../fulfilment/order-state';

const DUPLICATE_KEY = 11000;
/** A refund claimed this long ago and never finished (its api stopped) may be taken over. */
const STALE_REFUND_CLAIM_MS = 5 * 60_000;

type RefundEntry = NonNullable<OrderDocument['refunds']>[number];

export function createPaymentsRepository({ orders, parts, refunds, checkouts }: Pick<Collections, 'orders' | 'parts' | 'refunds' | 'checkouts'>) {
  const refreshOrder = orderStateRefresher({ orders, checkouts });
  return {
    findById: (id: ObjectId) => orders.findOne({ _id: id }),

    /** Whether the order's part is still sold (a deleted part's orders cannot be paid). */
    partExists: async (productId: ObjectId) => (await parts.countDocuments({ _id: productId }, { limit: 1 })) > 0,

    /**
     * Notes the PaymentIntent made for an order, only while it is placed and unpaid: false when
     * it was cancelled (or paid) meanwhile, and the intent must not stay payable.
     */
    async attachIntent(orderId: ObjectId, paymentIntentId: string): Promise<boolean> {
      const { matchedCount } = await orders.updateOne({ _id: orderId, status: 'placed', paid: false }, { $set: { paymentIntentId } });
      return matchedCount === 1;
    },

    /**
     * placed and unpaid → paid, in one conditional update: of several concurrent calls (a webhook
     * delivered twice, the webhook and PATCH /myorder) exactly one gets the document back, the
     * others null. The history is written whole ($push is missing from the embedded database);
     * the status in the filter makes sure nobody changed it since `order` was read.
     */
    async markPaid(order: WithId<OrderDocument>, transactionId: string, at: Date): Promise<WithId<OrderDocument> | null> {
      const statusHistory = [...order.statusHistory, { status: 'paid' as const, at, by: 'system' }];
      const paid = await updateIfMatches(
        orders,
        { _id: order._id, status: 'placed', paid: false },
        { $set: { paid: true, status: 'paid', transactionId, statusHistory } },
      );
      if (paid) await refreshOrder(paid.checkoutId);
      return paid;
    },

    /**
     * Claims the refund of one PaymentIntent: true for exactly one caller (the insert the unique
     * _id lets through, or the taking over of a claim left unfinished for 5 minutes).
     */
    async claimRefund(paymentIntentId: string, orderId: string | null, now = new Date()): Promise<boolean> {
      try {
        await refunds.insertOne({ _id: paymentIntentId, orderId, status: 'pending', claimedAt: now });
        return true;
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
      }
      const stale = new Date(now.getTime() - STALE_REFUND_CLAIM_MS);
      const { modifiedCount } = await refunds.updateOne({ _id: paymentIntentId, status: 'pending', claimedAt: { $lt: stale } }, { $set: { claimedAt: now } });
      return modifiedCount === 1;
    },
    /** The refund went through: kept for good, so a later delivery of the payment does nothing. */
    async finishRefund(paymentIntentId: string, refund: { refundId: string; amount: number }): Promise<void> {
      await refunds.updateOne({ _id: paymentIntentId }, { $set: { status: 'done', ...refund } });
    },
    /** The refund could not be made: the next delivery of the payment tries again. */
    async releaseRefund(paymentIntentId: string): Promise<void> {
      await refunds.deleteOne({ _id: paymentIntentId, status: 'pending' });
    },
    findRefund: (paymentIntentId: string): Promise<RefundDocument | null> => refunds.findOne({ _id: paymentIntentId }),

    /** Adds the refund to the order (only the claimer of its PaymentIntent calls this, once). */
    recordRefund: (orderId: ObjectId, refund: RefundEntry) =>
      updateIfMatches(orders, { _id: orderId }, { $addToSet: { refunds: refund } }),
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
