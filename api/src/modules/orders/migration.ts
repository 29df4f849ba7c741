import { MongoServerError, type ObjectId, type WithId } from 'mongodb';
import type {
  LegacyCheckoutDocument,
  LegacyLineDocument,
  LegacyRefundDocument,
  LineUnits,
  OrderDocument,
  OrderLineDocument,
  OrdersCollections,
  ParcelDocument,
  RefundRecord,
  ReturnRecord,
} from './documents';
import { withDerivedState } from './model/state';
import { unitsBroken } from './model/units';
import { newOrderNumber } from './placement/order-numbers';

// Orders stored before they were whole: a checkout (the header) in `checkouts`, its lines in
// `orders`, their parcels, refunds and returns each in a collection of their own. At start each
// becomes one order document (its _id the checkout's), once, on any number of api instances at
// once (the insert under that _id decides). The legacy documents are never written again but for
// the mark that they moved.

const BATCH = 100;
const DUPLICATE_KEY = 11000;

/** A legacy line's counters, in the rules of documents.ts (what the old counters could not say is taken the safe way). */
export function unitsOfLegacy(line: LegacyLineDocument, refunds: LegacyRefundDocument[]): LineUnits {
  const q = line.order_quantity;
  const wholeShipped = line.status === 'shipped' || line.status === 'delivered' ? q : 0;
  const shipped = Math.min(q, line.shippedQuantity ?? wholeShipped);
  const delivered = Math.min(shipped, line.deliveredQuantity ?? (line.status === 'delivered' ? q : 0));
  const refundedUnshipped = Math.min(q - shipped, line.refundedUnshippedQuantity ?? 0);
  const refundedShippedAll = Math.max(0, Math.min(shipped, (line.refundedQuantity ?? 0) - refundedUnshipped));
  const returned = Math.min(shipped, line.returnedQuantity ?? 0);
  // Refunds that paid for a return refunded returned units; the others, units kept.
  const returnRefunded = refunds.filter((refund) => refund.returnId && refund.status !== 'failed').flatMap((refund) => refund.lines).filter((entry) => entry.lineId.equals(lineIdOf(line))).reduce((sum, entry) => sum + entry.quantity - entry.unshipped, 0);
  const refundedReturned = Math.min(returned, returnRefunded, refundedShippedAll);
  const refundedShipped = Math.min(refundedShippedAll - refundedReturned, shipped - returned);
  const returning = Math.max(0, Math.min(line.returningQuantity ?? 0, shipped - returned - refundedShipped));
  const restocked = line.restockedQuantity ?? 0;
  const restockedReturned = Math.min(restocked, returned);
  const restockedUnshipped = Math.min(restocked - restockedReturned, refundedUnshipped);
  return { shipped, delivered, refundedUnshipped, refundedShipped, returning, returned, refundedReturned, restockedUnshipped, restockedReturned, refundedAmount: line.refundedAmount ?? 0 };
}

const lineIdOf = (line: LegacyLineDocument) => (line as WithId<LegacyLineDocument>)._id;

function lineOfLegacy(line: WithId<LegacyLineDocument>, refunds: LegacyRefundDocument[], holdMinutes: number): OrderLineDocument {
  const last = line.statusHistory.at(-1);
  const cancelledUnpaid = !line.paid && line.status === 'cancelled';
  return {
    _id: line._id,
    productId: line.productId,
    productName: line.productName,
    per_product_price: line.per_product_price,
    order_quantity: line.order_quantity,
    totalAmount: line.totalAmount,
    ...(line.taxAmount !== undefined ? { taxAmount: line.taxAmount } : {}),
    ...(line.shippingAmount !== undefined ? { shippingAmount: line.shippingAmount } : {}),
    paid: line.paid,
    ...(line.transactionId ? { transactionId: line.transactionId } : {}),
    ...(line.paymentIntentId ? { paymentIntentId: line.paymentIntentId } : {}),
    status: line.status,
    statusHistory: line.statusHistory,
    ...(cancelledUnpaid ? { cancelled: { at: last?.at ?? line.createdAt, by: last?.by ?? 'system', reason: last?.reason ?? 'deleted', ...(last?.note ? { note: last.note } : {}) } } : {}),
    ...(line.shipment ? { shipment: line.shipment } : {}),
    holdExpiresAt: line.holdExpiresAt ?? new Date(line.createdAt.getTime() + holdMinutes * 60_000),
    ...(line.payNowHold ? { payNowHold: true as const } : {}),
    givenBack: line.refunds ?? [],
    units: unitsOfLegacy(line, refunds),
    ...(line.lastDeliveredAt ? { lastDeliveredAt: line.lastDeliveredAt } : {}),
  };
}

async function orderOfLegacy(
  collections: OrdersCollections,
  header: WithId<LegacyCheckoutDocument>,
  lines: WithId<LegacyLineDocument>[],
  { holdMinutes, now }: { holdMinutes: number; now: Date },
): Promise<OrderDocument> {
  const [shipments, refunds, returns] = await Promise.all([
    collections.legacyShipments.find({ orderNumber: header.number }).sort({ shippedAt: 1, _id: 1 }).toArray(),
    collections.legacyRefunds.find({ orderNumber: header.number }).sort({ at: 1, _id: 1 }).toArray(),
    collections.legacyReturns.find({ orderNumber: header.number }).sort({ requestedAt: 1, _id: 1 }).toArray(),
  ]);
  const position = new Map(header.orderIds.map((id, index) => [id.toHexString(), index]));
  const sorted = [...lines].sort((a, b) => (position.get(a._id.toHexString()) ?? 0) - (position.get(b._id.toHexString()) ?? 0));
  const orderLines = sorted.map((line) => lineOfLegacy(line, refunds, holdMinutes));
  const paymentOf = (lineId: ObjectId) => orderLines.find((line) => line._id.equals(lineId))?.transactionId ?? '';
  const first = sorted[0]!;
  const order: OrderDocument = {
    _id: header._id,
    number: header.number,
    email: header.email,
    name: first.name,
    address: first.address,
    phone: first.phone,
    ...(header.address ? { shipTo: header.address } : {}),
    ...(header.delivery ? { delivery: header.delivery } : {}),
    createdAt: header.createdAt,
    lines: orderLines,
    paid: header.paid,
    ...(header.transactionId ? { transactionId: header.transactionId } : {}),
    ...(header.paymentIntentId ? { paymentIntentId: header.paymentIntentId } : {}),
    ...(header.cancellation ? { cancellation: header.cancellation } : {}),
    parcels: shipments.map((shipment): ParcelDocument => ({
      _id: shipment._id,
      carrier: shipment.carrier,
      trackingNumber: shipment.trackingNumber,
      lines: shipment.lines,
      shippedAt: shipment.shippedAt,
      by: shipment.by,
      ...(shipment.deliveredAt ? { deliveredAt: shipment.deliveredAt } : {}),
    })),
    refunds: refunds.map((refund): RefundRecord => ({
      _id: refund._id,
      paymentIntentId: refund.stripeRefunds[0]?.paymentIntentId ?? paymentOf(refund.lines[0]!.lineId),
      lines: refund.lines.map((entry) => ({ ...entry, shipped: refund.returnId ? 0 : entry.quantity - entry.unshipped, returned: refund.returnId ? entry.quantity - entry.unshipped : 0 })),
      amount: refund.amount,
      reason: refund.reason,
      restock: refund.restock,
      by: refund.by,
      at: refund.at,
      status: refund.status,
      ...(refund.stripeRefunds[0] ? { stripeRefundId: refund.stripeRefunds[0].refundId } : {}),
      ...(refund.returnId ? { returnId: refund.returnId } : {}),
    })),
    returns: returns.map((ret): ReturnRecord => {
      const refund = refunds.find((entry) => entry.returnId?.equals(ret._id));
      return {
        _id: ret._id,
        status: ret.status,
        lines: ret.lines,
        reason: ret.reason,
        ...(ret.note ? { note: ret.note } : {}),
        requestedAt: ret.requestedAt,
        ...(ret.decidedAt ? { decidedAt: ret.decidedAt } : {}),
        ...(ret.decidedBy ? { decidedBy: ret.decidedBy } : {}),
        ...(ret.receivedAt ? { receivedAt: ret.receivedAt } : {}),
        ...(refund ? { refundId: refund._id } : {}),
        ...(ret.refundedAmount !== undefined ? { refundedAmount: ret.refundedAmount } : {}),
      };
    }),
    ...(header.invoiceNumber ? { invoiceNumber: header.invoiceNumber } : {}),
    version: 0,
  } as OrderDocument;
  for (const line of order.lines) {
    const broken = unitsBroken(line);
    if (broken) throw new Error(`legacy order ${header.number}: ${broken}`);
  }
  return withDerivedState(order, { at: now, by: 'system' });
}

/**
 * Makes every legacy order whole: lines without a number get one, lines without a checkout become
 * orders of one line, then each checkout with its lines becomes one order. Returns how many.
 */
export async function migrateLegacyOrders(collections: OrdersCollections, options: { holdMinutes: number; now: Date }): Promise<number> {
  let migrated = 0;
  // Lines stored before order numbers existed.
  for (;;) {
    const batch = await collections.legacyOrderLines.find({ number: { $exists: false } }).limit(BATCH).toArray();
    for (const line of batch) await collections.legacyOrderLines.updateOne({ _id: line._id, number: { $exists: false } }, { $set: { number: await newOrderNumber(collections.orderNumbers) } });
    if (batch.length < BATCH) break;
  }
  // Lines stored before checkouts existed: a checkout of one line each, under the line's own id.
  for (;;) {
    const loose = await collections.legacyOrderLines.find({ checkoutId: { $exists: false } }).limit(BATCH).toArray();
    for (const line of loose) {
      const checkoutId = line._id;
      const { modifiedCount } = await collections.legacyOrderLines.updateOne({ _id: line._id, checkoutId: { $exists: false } }, { $set: { checkoutId } });
      if (modifiedCount !== 1) continue;
      await collections.legacyCheckouts
        .insertOne({ _id: checkoutId, email: line.email, number: line.number!, orderIds: [line._id], totalAmount: line.totalAmount, paid: line.paid, ...(line.transactionId ? { transactionId: line.transactionId } : {}), createdAt: line.createdAt })
        .catch((error: unknown) => {
          if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
        });
    }
    if (loose.length < BATCH) break;
  }
  for (;;) {
    const headers = await collections.legacyCheckouts.find({ migratedAt: { $exists: false } }).limit(BATCH).toArray();
    for (const header of headers) {
      const lines = await collections.legacyOrderLines.find({ checkoutId: header._id }).toArray();
      if (lines.length > 0) {
        try {
          await collections.wholeOrders.insertOne(await orderOfLegacy(collections, header, lines, options));
          migrated += 1;
        } catch (error) {
          // Another api instance moved it first.
          if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
        }
      }
      await collections.legacyCheckouts.updateOne({ _id: header._id }, { $set: { migratedAt: options.now } });
    }
    if (headers.length < BATCH) return migrated;
  }
}
