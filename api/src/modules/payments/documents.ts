// What this module stores: its documents' shapes (the driver adds _id: reads return WithId<...>),
// its collections and their indexes. db/mongo.ts puts every module's together.
import { type Collection, type Db } from 'mongodb';

/**
 * A payment being given back, one per PaymentIntent (_id): inserting it claims the refund, so of
 * several deliveries of one payment exactly one refunds it, records it and emails the customer.
 */
export interface RefundDocument {
  _id: string;
  /** The order its metadata names (hex), when there is one. */
  orderId: string | null;
  status: 'pending' | 'done';
  claimedAt: Date;
  refundId?: string;
  amount?: number;
}

export interface PaymentsCollections {
  refunds: Collection<RefundDocument>;
}

export function paymentsCollections(db: Db): PaymentsCollections {
  return {
    refunds: db.collection<RefundDocument>('refunds'),
  };
}
