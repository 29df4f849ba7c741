// What this module stores: its documents' shapes (the driver adds _id: reads return WithId<...>),
// its collections and their indexes. db/mongo.ts puts every module's together.
import type { OrderPaymentState, OrderProgress, SavedAddress, ShippingOption } from '@pcpp/contracts/core';
import { type Collection, type Db, type ObjectId } from 'mongodb';

/**
 * One checkout: several lines placed at once, each stored as an order carrying this _id, under one
 * order number; paid by one PaymentIntent (modules/checkout). totalAmount: the lines' sum when placed.
 */
export interface CheckoutDocument {
  email: string;
  number: string;
  orderIds: ObjectId[];
  totalAmount: number;
  /** Absent for a single order's checkout (the spec's POST /order has a one-line address). */
  address?: SavedAddress;
  /** The shipping method chosen, its price and delivery estimate (absent before shipping was charged, and on single orders). */
  delivery?: ShippingOption;
  paid: boolean;
  transactionId?: string;
  /** The PaymentIntent made for it last (the card form's). */
  paymentIntentId?: string;
  createdAt: Date;
  /**
   * The order's state and summary, derived from its lines after each change
   * (modules/fulfilment/order-state.ts); All Orders and My Orders list and filter by it.
   */
  state?: StoredOrderState;
  /** Set when the shop cancelled the whole order. */
  cancellation?: { at: Date; by: string; reason: string };
  /** The invoice's number, once issued (invoice_numbers reserves each once). */
  invoiceNumber?: string;
}

export interface StoredOrderState {
  status: OrderProgress;
  payment: OrderPaymentState;
  returnUnderWay: boolean;
  /** Every line was deleted by the customer before it was paid: gone from My Orders (the spec's delete). */
  deletedByCustomer: boolean;
  /** The customer's name as the order has it. */
  name: string;
  /** While a line waits for payment: when its held parts go back on sale. */
  holdExpiresAt?: Date;
  /** The parts in short, and the lines' names in lower case (the admin's search). */
  parts: string;
  partNames: string[];
  lineCount: number;
  units: number;
  total: number;
  refunded: number;
}

export interface CheckoutCollections {
  checkouts: Collection<CheckoutDocument>;
}

export function checkoutCollections(db: Db): CheckoutCollections {
  return {
    checkouts: db.collection<CheckoutDocument>('checkouts'),
  };
}

export async function ensureCheckoutIndexes({ checkouts }: CheckoutCollections): Promise<void> {
  await Promise.all([
    // Checkout numbers reserved once; orders as wholes: a customer's newest first, everyone's by state.
    checkouts.createIndex({ number: 1 }, { unique: true, name: 'number_unique' }),
    checkouts.createIndex({ email: 1, createdAt: -1 }, { name: 'email_createdAt' }),
    checkouts.createIndex({ createdAt: -1 }, { name: 'createdAt' }),
    checkouts.createIndex({ 'state.status': 1, createdAt: -1 }, { name: 'state_status_createdAt' }),
  ]);
}
