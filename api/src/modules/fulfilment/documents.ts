// What this module stores: its documents' shapes (the driver adds _id: reads return WithId<...>),
// its collections and their indexes. db/mongo.ts puts every module's together.
import type { ReturnStatus } from '@pcpp/contracts/core';
import { type Collection, type Db, type ObjectId } from 'mongodb';

/** A parcel the shop sent: which units of which lines, with the carrier's tracking number. */
export interface ShipmentDocument {
  orderNumber: string;
  checkoutId: ObjectId;
  carrier: string;
  trackingNumber: string;
  lines: { lineId: ObjectId; quantity: number }[];
  shippedAt: Date;
  by: string;
  deliveredAt?: Date;
}

/**
 * Money the shop gave back for units of an order (an admin's refund, a cancellation, a received
 * return). pending while Stripe is asked; done with Stripe's refunds (one per payment it touched);
 * failed when Stripe refused (the units were released again).
 */
export interface LineRefundDocument {
  orderNumber: string;
  checkoutId: ObjectId;
  lines: { lineId: ObjectId; quantity: number; amount: number; unshipped: number }[];
  amount: number;
  reason: string;
  restock: boolean;
  by: string;
  at: Date;
  status: 'pending' | 'done' | 'failed';
  stripeRefunds: { paymentIntentId: string; refundId: string; amount: number }[];
  /** The return it paid for, if any. */
  returnId?: ObjectId;
}

/** A customer's request to send parts back: requested → approved or rejected; approved → received (refunded). */
export interface ReturnDocument {
  orderNumber: string;
  checkoutId: ObjectId;
  email: string;
  status: ReturnStatus;
  lines: { lineId: ObjectId; quantity: number; productName: string }[];
  reason: string;
  note?: string;
  requestedAt: Date;
  decidedAt?: Date;
  decidedBy?: string;
  receivedAt?: Date;
  refundedAmount?: number;
}

/** Invoice numbers, each given once, in sequence (_id), one per order. */
export interface InvoiceNumberDocument {
  _id: number;
  orderNumber: string;
  issuedAt: Date;
}

export interface FulfilmentCollections {
  shipments: Collection<ShipmentDocument>;
  lineRefunds: Collection<LineRefundDocument>;
  returns: Collection<ReturnDocument>;
  invoiceNumbers: Collection<InvoiceNumberDocument>;
}

export function fulfilmentCollections(db: Db): FulfilmentCollections {
  return {
    shipments: db.collection<ShipmentDocument>('order_shipments'),
    lineRefunds: db.collection<LineRefundDocument>('order_refunds'),
    returns: db.collection<ReturnDocument>('order_returns'),
    invoiceNumbers: db.collection<InvoiceNumberDocument>('invoice_numbers'),
  };
}

export async function ensureFulfilmentIndexes({ shipments, lineRefunds, returns, invoiceNumbers }: FulfilmentCollections): Promise<void> {
  await Promise.all([
    // An order's shipments, refunds and returns; returns by state for the admin.
    shipments.createIndex({ orderNumber: 1 }, { name: 'orderNumber' }),
    lineRefunds.createIndex({ orderNumber: 1 }, { name: 'orderNumber' }),
    returns.createIndex({ orderNumber: 1 }, { name: 'orderNumber' }),
    returns.createIndex({ status: 1, requestedAt: -1 }, { name: 'status_requestedAt' }),
    invoiceNumbers.createIndex({ orderNumber: 1 }, { unique: true, name: 'orderNumber_unique' }),
  ]);
}
