// What this module stores: its documents' shapes (the driver adds _id: reads return WithId<...>),
// its collections and their indexes. db/mongo.ts puts every module's together.
import type { Order, OrderRefund, OrderStatusChange } from '@pcpp/contracts/core';
import { type Collection, type Db, type ObjectId } from 'mongodb';

/**
 * An order keeps its own copy of the part's name and unit price (integer cents) from when it was
 * placed. number: reserved in order_numbers (orders stored before numbers existed get one at start).
 * holdExpiresAt: when the sweep cancels it if still unpaid (absent on orders stored before
 * it existed: then createdAt + ORDER_HOLD_MINUTES). paymentIntentId: the Stripe PaymentIntent made
 * for it, cancelled before the order is (never sent to clients).
 */
export type OrderDocument = Omit<Order, '_id' | 'productId' | 'createdAt' | 'statusHistory' | 'holdExpiresAt' | 'refunds' | 'checkoutId'> & {
  productId: ObjectId;
  /** The checkout that placed it with other lines (absent for the spec's single orders). */
  checkoutId?: ObjectId;
  statusHistory: (Omit<OrderStatusChange, 'at'> & { at: Date })[];
  createdAt: Date;
  holdExpiresAt?: Date;
  /** Placed past the share of stock later payments may hold: held only while it is paid (hold-rules.ts). */
  payNowHold?: true;
  paymentIntentId?: string;
  refunds?: (Omit<OrderRefund, 'at'> & { at: Date })[];
} & LineCounters;

/**
 * What happened to an order line's units (modules/fulfilment/units.ts has the rules). All optional:
 * absent is 0, as on lines stored before shipments, refunds and returns existed.
 */
export interface LineCounters {
  shippedQuantity?: number;
  deliveredQuantity?: number;
  refundedQuantity?: number;
  refundedUnshippedQuantity?: number;
  returnedQuantity?: number;
  returningQuantity?: number;
  restockedQuantity?: number;
  refundedAmount?: number;
  /** Goes up with every change of the counters: each change is written over the version it read. */
  unitsVersion?: number;
  /** The last time units of this line were delivered (the return window starts there). */
  lastDeliveredAt?: Date;
}

/** A reserved order number (its _id): reserved once, so no two checkouts share one. */
export interface OrderNumberDocument {
  _id: string;
  createdAt: Date;
}

export interface OrdersCollections {
  orders: Collection<OrderDocument>;
  orderNumbers: Collection<OrderNumberDocument>;
}

export function ordersCollections(db: Db): OrdersCollections {
  return {
    orders: db.collection<OrderDocument>('orders'),
    orderNumbers: db.collection<OrderNumberDocument>('order_numbers'),
  };
}

export async function ensureOrdersIndexes({ orders }: OrdersCollections): Promise<void> {
  await Promise.all([
    // My Orders (newest first) and the hold sweep (unpaid orders by age).
    orders.createIndex({ email: 1, createdAt: -1 }, { name: 'email_createdAt' }),
    orders.createIndex({ status: 1, createdAt: 1 }, { name: 'status_createdAt' }),
    // The hold sweep and each customer's unpaid orders (the hold caps).
    orders.createIndex({ status: 1, holdExpiresAt: 1 }, { name: 'status_holdExpiresAt' }),
    orders.createIndex({ email: 1, status: 1 }, { name: 'email_status' }),
    // The admin console: all orders newest first (by status through the index above).
    orders.createIndex({ createdAt: -1 }, { name: 'createdAt' }),
    // An order found by its number (several orders of one checkout may share it: not unique).
    orders.createIndex({ number: 1 }, { name: 'number' }),
    // A checkout's orders together.
    orders.createIndex({ checkoutId: 1 }, { name: 'checkoutId', sparse: true }),
  ]);
}
