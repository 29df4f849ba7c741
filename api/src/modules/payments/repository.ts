import { MongoServerError } from 'mongodb';
import type { Collections } from '../../db/mongo';
import type { RefundDocument } from './documents';

const DUPLICATE_KEY = 11000;
/** A refund claimed this long ago and never finished (its api stopped) may be taken over. */
const STALE_REFUND_CLAIM_MS = 5 * 60_000;

/** The payments given back whole: one claim per PaymentIntent. Orders are the orders module's (its service). */
export function createPaymentsRepository({ refunds }: Pick<Collections, 'refunds'>) {
  return {
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
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
