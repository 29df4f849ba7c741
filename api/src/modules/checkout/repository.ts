import { MongoServerError, type ObjectId, type WithId } from 'mongodb';
import type { Collections } from '../../db/mongo';
import type { CheckoutDocument } from './documents';
import type { OrderDocument } from '../orders/documents';
import { linesOfOrder, orderStateRefresher } from '../fulfilment/order-state';

const DUPLICATE_KEY = 11000;

/** Checkouts and the orders they placed. Stock moves go through the orders repository. */
export function createCheckoutRepository({ checkouts, orders }: Pick<Collections, 'checkouts' | 'orders'>) {
  const refreshOrder = orderStateRefresher({ orders, checkouts });
  return {
    /** Writes the order's derived state (a checkout is the order as people see it). */
    refreshOrder,

    /** Stores the checkout; false when its number is taken already (never, with a reserved number). */
    async insert(checkout: WithId<CheckoutDocument>): Promise<boolean> {
      try {
        await checkouts.insertOne(checkout);
        await refreshOrder(checkout._id);
        return true;
      } catch (error) {
        if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return false;
        throw error;
      }
    },

    findById: (id: ObjectId) => checkouts.findOne({ _id: id }),

    /** The checkout's orders, in the order of its lines. */
    ordersOf: (checkout: WithId<CheckoutDocument>): Promise<WithId<OrderDocument>[]> => linesOfOrder(orders, checkout),

    async insertOrders(docs: WithId<OrderDocument>[]): Promise<void> {
      await orders.insertMany(docs);
    },

    /** Takes back what a checkout that could not be completed stored. */
    async deleteCheckout(id: ObjectId): Promise<void> {
      await Promise.all([orders.deleteMany({ checkoutId: id }), checkouts.deleteOne({ _id: id })]);
    },

    async notePaymentIntent(id: ObjectId, orderIds: ObjectId[], paymentIntentId: string): Promise<void> {
      await checkouts.updateOne({ _id: id }, { $set: { paymentIntentId } });
      await orders.updateMany({ _id: { $in: orderIds }, status: 'placed', paid: false }, { $set: { paymentIntentId } });
    },

    /** unpaid → paid, once: of concurrent deliveries of the payment exactly one gets true. */
    async claimPaid(id: ObjectId, transactionId: string): Promise<boolean> {
      const { modifiedCount } = await checkouts.updateOne({ _id: id, paid: false }, { $set: { paid: true, transactionId } });
      return modifiedCount === 1;
    },

    /** Every placed, unpaid order of the checkout → paid, in one step. */
    async payOrders(id: ObjectId, transactionId: string, at: Date): Promise<void> {
      await orders.updateMany(
        { checkoutId: id, status: 'placed', paid: false },
        { $set: { paid: true, status: 'paid', transactionId }, $addToSet: { statusHistory: { status: 'paid', at, by: 'system' } } },
      );
      await refreshOrder(id);
    },
  };
}

export type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;
