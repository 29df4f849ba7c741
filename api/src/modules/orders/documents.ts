// What the orders module stores: its documents' shapes, its collections and their indexes
// (db/mongo.ts puts every module's together). Only this module reads or writes these collections
// (tooling/lint/order-ownership.test.mjs fails otherwise).
import type { OrderRefund, OrderStatus, OrderStatusChange, ReturnStatus, SavedAddress, ShippingOption } from '@pcpp/contracts/core';
import { type Collection, type Db, type ObjectId } from 'mongodb';
import type { ActivityDocument } from '../activity/documents';
import type { EmailMessage } from '../mail/transport';

export type StatusChange = Omit<OrderStatusChange, 'at'> & { at: Date };

/**
 * What happened to a line's units, counted. Every change of them is part of one write of the
 * whole order (store/order-store.ts). The rules (model/units.ts):
 * - shipped + refundedUnshipped ≤ quantity: a unit refunded before it shipped never ships;
 * - returned + returning + refundedShipped ≤ shipped: a shipped unit goes back once, by a return or a refund;
 * - refundedReturned ≤ returned, delivered ≤ shipped;
 * - restockedUnshipped ≤ refundedUnshipped and restockedReturned ≤ returned: only units that never
 *   left, or came back and were received, go back to stock.
 * Refund counters include refunds still pending at Stripe: a refund that fails gives them back.
 */
export interface LineUnits {
  shipped: number;
  delivered: number;
  /** Refunded before shipping: these never ship. */
  refundedUnshipped: number;
  /** Shipped and refunded without coming back (the customer keeps them). */
  refundedShipped: number;
  /** In a return requested or approved, not received yet. */
  returning: number;
  /** Received back from a return. */
  returned: number;
  /** Of the returned units, those refunded. */
  refundedReturned: number;
  restockedUnshipped: number;
  restockedReturned: number;
  /** Cents given back for this line's units. */
  refundedAmount: number;
}

/**
 * One line of an order: the spec's Order (the per-line routes take its _id), kept inside its order.
 * The part's name and unit price are copied when placed. `status` is derived from the units, the
 * payment and the cancellations, and stored in the same write that changes them (model/state.ts).
 */
export interface OrderLineDocument {
  _id: ObjectId;
  productId: ObjectId;
  productName: string;
  per_product_price: number;
  order_quantity: number;
  /** order_quantity × per_product_price. */
  totalAmount: number;
  /** Its tax and share of the shipping, when the checkout charged them. */
  taxAmount?: number;
  shippingAmount?: number;
  paid: boolean;
  transactionId?: string;
  /** The PaymentIntent made for it last; cancelled before an unpaid line is (never sent to clients). */
  paymentIntentId?: string;
  status: OrderStatus;
  statusHistory: StatusChange[];
  /** Cancelled before it was paid (by the customer, the shop or the hold sweep): its hold was released. */
  cancelled?: { at: Date; by: string; reason: string; note?: string };
  /** The last parcel it went in (the spec's field). */
  shipment?: { carrier: string; trackingNumber: string };
  /** When the sweep cancels it if still unpaid. */
  holdExpiresAt: Date;
  /** Placed past the share of stock later payments may hold: held only while it is paid (hold-rules.ts). */
  payNowHold?: true;
  /** Payments given back whole (a payment the order could not take). */
  givenBack: (Omit<OrderRefund, 'at'> & { at: Date })[];
  units: LineUnits;
  /** The last time units of this line were delivered (the return window starts there). */
  lastDeliveredAt?: Date;
}

/** A parcel the shop sent: which units of which lines, with the carrier's tracking number. */
export interface ParcelDocument {
  _id: ObjectId;
  carrier: string;
  trackingNumber: string;
  lines: { lineId: ObjectId; quantity: number }[];
  shippedAt: Date;
  by: string;
  deliveredAt?: Date;
}

/**
 * Money the shop gives back for units, through one payment (one Stripe refund, whose idempotency key
 * names this record). Claimed pending together with the units it counts; done when Stripe made it
 * (its restock applied with that write); failed when Stripe refused, its units given back. A refund
 * left pending (the api stopped, Stripe did not answer) is settled by the reconciliation job.
 */
export interface RefundRecord {
  _id: ObjectId;
  paymentIntentId: string;
  lines: { lineId: ObjectId; quantity: number; amount: number; unshipped: number; shipped: number; returned: number }[];
  amount: number;
  reason: string;
  /** Put the units that never left back in stock once it is made. */
  restock: boolean;
  by: string;
  at: Date;
  status: 'pending' | 'done' | 'failed';
  stripeRefundId?: string;
  settledAt?: Date;
  /** Why it failed, in the payment provider's words. */
  failure?: string;
  /** The return it pays for, if any. */
  returnId?: ObjectId;
  /** Part of the shop's cancellation of the order: a failure lifts the cancellation. */
  cancels?: true;
}

/** A customer's request to send parts back: requested → approved or rejected; approved → received (refunded). */
export interface ReturnRecord {
  _id: ObjectId;
  status: ReturnStatus;
  lines: { lineId: ObjectId; quantity: number; productName: string }[];
  reason: string;
  note?: string;
  requestedAt: Date;
  decidedAt?: Date;
  decidedBy?: string;
  receivedAt?: Date;
  /** The refund made on receipt. */
  refundId?: ObjectId;
  refundedAmount?: number;
}

/**
 * What follows a change, written in the same update as the change (the order's outbox): an email
 * for the mail outbox or an entry for the Activity log. The relay copies each once (its key is the
 * copy's _id) and removes it (store/effects.ts).
 */
export type OrderEffect =
  | { kind: 'email'; message: EmailMessage }
  | { kind: 'activity'; at: Date; entry: { action: ActivityDocument['action']; actor: string; target: string; details?: string; subject?: { kind: 'order'; id: string } } };

/** Units going back to a part's stock, written with the change that frees them and applied once (store/stock.ts). */
export interface StockMove {
  productId: ObjectId;
  quantity: number;
  at: Date;
}

/** The order's state, derived from its lines and stored with every write (model/state.ts): what the lists filter and show. */
export interface StoredOrderState {
  status: 'unpaid' | 'paid' | 'partly-shipped' | 'shipped' | 'delivered' | 'cancelled' | 'refunded';
  payment: 'unpaid' | 'paid' | 'partly-refunded' | 'refunded';
  returnUnderWay: boolean;
  /** Every line was deleted by the customer before it was paid: gone from My Orders (the spec's delete). */
  deletedByCustomer: boolean;
  /** While a line waits for payment: when its held parts go back on sale. */
  holdExpiresAt?: Date;
  /** The parts in short, and the lines' names in lower case (the admin's search). */
  parts: string;
  partNames: string[];
  lineCount: number;
  units: number;
  total: number;
  refunded: number;
  /** Lines placed and unpaid: the hold sweep and the hold caps find them by it. */
  unpaidLines: number;
  /** Refunds pending at Stripe: the reconciliation job finds them by it. */
  pendingRefunds: number;
}

/**
 * One order: what was bought at once (a checkout's lines under one number; the spec's single order
 * is an order of one line), with its parcels, refunds and returns. Every change of it is one
 * conditional update over `version` (store/order-store.ts). _id is the checkout id the shop's pages
 * and the payment's metadata know it by.
 */
export interface OrderDocument {
  _id: ObjectId;
  number: string;
  email: string;
  /** The customer's name as the order has it. */
  name: string;
  /** Where it ships, as one line, and the phone. */
  address: string;
  phone: string;
  /** The structured address of a checkout (absent for the spec's single order: one free-text line). */
  shipTo?: SavedAddress;
  /** The shipping method chosen, its price and delivery estimate. */
  delivery?: ShippingOption;
  /** The sales tax rate charged (thousandths of a percent) and where (the invoice names them). */
  tax?: { rate: number; country: string; region?: string };
  createdAt: Date;
  lines: OrderLineDocument[];
  /** Paid whole by the checkout's one payment. */
  paid: boolean;
  transactionId?: string;
  /** The checkout's PaymentIntent (the card form's). */
  paymentIntentId?: string;
  /** The shop cancelled the whole order (pending while the refund of a paid order is). */
  cancellation?: { at: Date; by: string; reason: string };
  parcels: ParcelDocument[];
  refunds: RefundRecord[];
  returns: ReturnRecord[];
  invoiceNumber?: string;
  state: StoredOrderState;
  version: number;
  effects?: Record<string, OrderEffect>;
  stockMoves?: Record<string, StockMove>;
}

/** A reserved order number (its _id): reserved once, so no two orders share one. */
export interface OrderNumberDocument {
  _id: string;
  createdAt: Date;
}

/** Invoice numbers, each given once, in sequence (_id), one per order. */
export interface InvoiceNumberDocument {
  _id: number;
  orderNumber: string;
  issuedAt: Date;
}

export interface OrdersCollections {
  wholeOrders: Collection<OrderDocument>;
  orderNumbers: Collection<OrderNumberDocument>;
  invoiceNumbers: Collection<InvoiceNumberDocument>;
  /** Where orders were kept before they were whole (read once at start by migration.ts, never written). */
  legacyOrderLines: Collection<LegacyLineDocument>;
  legacyCheckouts: Collection<LegacyCheckoutDocument>;
  legacyShipments: Collection<Omit<ParcelDocument, '_id'> & { orderNumber: string; checkoutId: ObjectId }>;
  legacyRefunds: Collection<LegacyRefundDocument>;
  legacyReturns: Collection<Omit<ReturnRecord, '_id'> & { orderNumber: string; checkoutId: ObjectId; email: string }>;
}

/** An order line as it was stored alone in `orders` before orders were whole. */
export interface LegacyLineDocument {
  number?: string;
  checkoutId?: ObjectId;
  productId: ObjectId;
  productName: string;
  email: string;
  name: string;
  per_product_price: number;
  order_quantity: number;
  totalAmount: number;
  taxAmount?: number;
  shippingAmount?: number;
  address: string;
  phone: string;
  paid: boolean;
  transactionId?: string;
  paymentIntentId?: string;
  status: OrderStatus;
  statusHistory: StatusChange[];
  shipment?: { carrier: string; trackingNumber: string };
  createdAt: Date;
  holdExpiresAt?: Date;
  payNowHold?: true;
  refunds?: (Omit<OrderRefund, 'at'> & { at: Date })[];
  shippedQuantity?: number;
  deliveredQuantity?: number;
  refundedQuantity?: number;
  refundedUnshippedQuantity?: number;
  returnedQuantity?: number;
  returningQuantity?: number;
  restockedQuantity?: number;
  refundedAmount?: number;
  lastDeliveredAt?: Date;
}

/** A checkout (the order's header) as it was stored before orders were whole. */
export interface LegacyCheckoutDocument {
  email: string;
  number: string;
  orderIds: ObjectId[];
  totalAmount: number;
  address?: SavedAddress;
  delivery?: ShippingOption;
  paid: boolean;
  transactionId?: string;
  paymentIntentId?: string;
  createdAt: Date;
  cancellation?: { at: Date; by: string; reason: string };
  invoiceNumber?: string;
  /** Set once migration.ts made it a whole order. */
  migratedAt?: Date;
}

export interface LegacyRefundDocument {
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
  returnId?: ObjectId;
}

/** The collections' names: the ownership test reads them from here. */
export const ORDER_COLLECTION_NAMES = {
  wholeOrders: 'whole_orders',
  orderNumbers: 'order_numbers',
  invoiceNumbers: 'invoice_numbers',
  legacyOrderLines: 'orders',
  legacyCheckouts: 'checkouts',
  legacyShipments: 'order_shipments',
  legacyRefunds: 'order_refunds',
  legacyReturns: 'order_returns',
} as const satisfies Record<keyof OrdersCollections, string>;

export function ordersCollections(db: Db): OrdersCollections {
  const names = ORDER_COLLECTION_NAMES;
  return {
    wholeOrders: db.collection<OrderDocument>(names.wholeOrders),
    orderNumbers: db.collection<OrderNumberDocument>(names.orderNumbers),
    invoiceNumbers: db.collection<InvoiceNumberDocument>(names.invoiceNumbers),
    legacyOrderLines: db.collection<LegacyLineDocument>(names.legacyOrderLines),
    legacyCheckouts: db.collection<LegacyCheckoutDocument>(names.legacyCheckouts),
    legacyShipments: db.collection(names.legacyShipments),
    legacyRefunds: db.collection<LegacyRefundDocument>(names.legacyRefunds),
    legacyReturns: db.collection(names.legacyReturns),
  };
}

export async function ensureOrdersIndexes({ wholeOrders, invoiceNumbers }: OrdersCollections): Promise<void> {
  await Promise.all([
    // An order by its number; a line (the spec's routes), a return and a refund by their ids.
    wholeOrders.createIndex({ number: 1 }, { unique: true, name: 'number_unique' }),
    wholeOrders.createIndex({ 'lines._id': 1 }, { name: 'lines_id' }),
    wholeOrders.createIndex({ 'returns._id': 1 }, { name: 'returns_id', sparse: true }),
    // A customer's orders newest first (My Orders); everyone's (All Orders, the Overview's ranges).
    wholeOrders.createIndex({ email: 1, createdAt: -1 }, { name: 'email_createdAt' }),
    wholeOrders.createIndex({ createdAt: -1 }, { name: 'createdAt' }),
    // All Orders and the Overview by state; the hold sweep, the caps and the reconciliation job by what waits.
    wholeOrders.createIndex({ 'state.status': 1, createdAt: -1 }, { name: 'state_status_createdAt' }),
    wholeOrders.createIndex({ 'state.unpaidLines': 1, 'state.holdExpiresAt': 1 }, { name: 'state_unpaid_hold' }),
    wholeOrders.createIndex({ 'state.pendingRefunds': 1 }, { name: 'state_pendingRefunds' }),
    // The Overview's money given back in a range.
    wholeOrders.createIndex({ 'refunds.at': 1 }, { name: 'refunds_at', sparse: true }),
    // The stock the unpaid lines of a part hold (the admin's stock view and the share of stock).
    wholeOrders.createIndex({ 'lines.productId': 1 }, { name: 'lines_productId' }),
    invoiceNumbers.createIndex({ orderNumber: 1 }, { unique: true, name: 'orderNumber_unique' }),
  ]);
}
