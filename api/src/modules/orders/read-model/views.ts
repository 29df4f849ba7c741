import type { Checkout, Order, OrderDetail, OrderLine, OrderRefundEntry, OrderReturn, OrderShipment, OrderSummary } from '@pcpp/contracts/core';
import { trackingUrl } from '@pcpp/contracts/core';
import type { ObjectId } from 'mongodb';
import type { OrderDocument, OrderLineDocument, ParcelDocument, RefundRecord, ReturnRecord } from '../documents';
import { chargeOf, figuresOf, lineCharge } from '../model/charges';
import { refundedUnits, refundShare, restockedUnits, returnableUnits } from '../model/units';

// What the routes answer, built field by field from the stored order (nothing stored but unlisted
// reaches a client: the embedded database ignores projections).

const DAY_MS = 24 * 60 * 60_000;
const iso = (date: Date) => date.toISOString();

/** One line as the spec's Order (GET /myorder, GET /order, the per-line routes). */
export function toOrder(order: OrderDocument, line: OrderLineDocument): Order {
  return {
    _id: line._id.toHexString(),
    number: order.number,
    productId: line.productId.toHexString(),
    productName: line.productName,
    email: order.email,
    name: order.name,
    per_product_price: line.per_product_price,
    order_quantity: line.order_quantity,
    totalAmount: line.totalAmount,
    address: order.address,
    phone: order.phone,
    paid: line.paid,
    ...(line.transactionId ? { transactionId: line.transactionId } : {}),
    status: line.status,
    statusHistory: line.statusHistory.map(({ status, at, by, reason, note }) => ({
      status,
      at: iso(at),
      by,
      ...(reason ? { reason } : {}),
      ...(note ? { note } : {}),
    })),
    ...(line.shipment ? { shipment: { carrier: line.shipment.carrier, trackingNumber: line.shipment.trackingNumber } } : {}),
    createdAt: iso(order.createdAt),
    checkoutId: order._id.toHexString(),
    ...(line.taxAmount !== undefined ? { taxAmount: line.taxAmount } : {}),
    ...(line.shippingAmount !== undefined ? { shippingAmount: line.shippingAmount } : {}),
    ...(!order.shipTo && !line.paid && !line.cancelled ? { addressNeeded: true as const } : {}),
    ...(!line.paid && !line.cancelled ? { holdExpiresAt: iso(line.holdExpiresAt) } : {}),
    ...(line.givenBack.length
      ? { refunds: line.givenBack.map(({ refundId, paymentIntentId, amount, reason, at }) => ({ refundId, paymentIntentId, amount, reason, at: iso(at) })) }
      : {}),
  };
}

/** Until when a line's delivered units may be sent back (absent before delivery). */
export const returnableUntil = (line: OrderLineDocument, returnWindowDays: number) =>
  line.lastDeliveredAt ? new Date(line.lastDeliveredAt.getTime() + returnWindowDays * DAY_MS) : undefined;

export function toLine(line: OrderLineDocument, at: Date, returnWindowDays: number): OrderLine {
  const u = line.units;
  const until = returnableUntil(line, returnWindowDays);
  return {
    lineId: line._id.toHexString(),
    productId: line.productId.toHexString(),
    productName: line.productName,
    quantity: line.order_quantity,
    unitPrice: line.per_product_price,
    total: line.totalAmount,
    tax: line.taxAmount ?? 0,
    shipping: line.shippingAmount ?? 0,
    status: line.status,
    shippedQuantity: u.shipped,
    deliveredQuantity: u.delivered,
    refundedQuantity: refundedUnits(u),
    refundedUnshippedQuantity: u.refundedUnshipped,
    returnedQuantity: u.returned,
    returningQuantity: u.returning,
    restockedQuantity: restockedUnits(u),
    refundedAmount: u.refundedAmount,
    returnableQuantity: until && until > at ? returnableUnits(u) : 0,
    ...(until ? { returnableUntil: iso(until) } : {}),
  };
}

const lineQuantities = (lines: { lineId: ObjectId; quantity: number }[]) => lines.map((line) => ({ lineId: line.lineId.toHexString(), quantity: line.quantity }));

/** What receiving a return would refund now: each line's share of what it cost, as the receipt takes it. */
export function refundDueOf(order: Pick<OrderDocument, 'lines'>, ret: Pick<ReturnRecord, 'lines'>): number {
  let due = 0;
  for (const entry of ret.lines) {
    const line = order.lines.find((candidate) => candidate._id.equals(entry.lineId));
    if (!line?.paid) continue;
    due += refundShare(lineCharge(line), line.order_quantity, refundedUnits(line.units), entry.quantity);
  }
  return due;
}

export function toReturn(order: OrderDocument, ret: ReturnRecord): OrderReturn {
  const open = ret.status === 'requested' || ret.status === 'approved';
  return {
    returnId: ret._id.toHexString(),
    orderNumber: order.number,
    email: order.email,
    status: ret.status,
    lines: ret.lines.map((line) => ({ lineId: line.lineId.toHexString(), quantity: line.quantity, productName: line.productName })),
    reason: ret.reason,
    ...(ret.note ? { note: ret.note } : {}),
    requestedAt: iso(ret.requestedAt),
    ...(ret.decidedAt ? { decidedAt: iso(ret.decidedAt) } : {}),
    ...(ret.receivedAt ? { receivedAt: iso(ret.receivedAt) } : {}),
    ...(ret.refundedAmount !== undefined ? { refundedAmount: ret.refundedAmount } : {}),
    ...(open ? { refundDue: refundDueOf(order, ret) } : {}),
  };
}

export function toShipment(parcel: ParcelDocument): OrderShipment {
  const url = trackingUrl(parcel);
  return {
    shipmentId: parcel._id.toHexString(),
    carrier: parcel.carrier,
    trackingNumber: parcel.trackingNumber,
    ...(url ? { trackingUrl: url } : {}),
    lines: lineQuantities(parcel.lines),
    shippedAt: iso(parcel.shippedAt),
    ...(parcel.deliveredAt ? { deliveredAt: iso(parcel.deliveredAt) } : {}),
  };
}

const toRefundEntry = (refund: RefundRecord): OrderRefundEntry => ({
  refundId: refund._id.toHexString(),
  amount: refund.amount,
  reason: refund.reason,
  lines: lineQuantities(refund.lines),
  restock: refund.restock,
  at: iso(refund.at),
  status: refund.status,
  ...(refund.failure ? { failure: refund.failure } : {}),
});

/** While unpaid: when the first held line goes back on sale. */
const holdOf = (order: OrderDocument) => order.state.holdExpiresAt;

/** Everything about one order, as it is now. */
export function toDetail(order: OrderDocument, at: Date, returnWindowDays: number): OrderDetail {
  const { lines } = order;
  // Payments the order could not take, given back whole (recorded on each line they were for).
  const givenBack = new Map<string, OrderLineDocument['givenBack'][number]>();
  for (const line of lines) for (const refund of line.givenBack) givenBack.set(refund.refundId, refund);
  const refunds = [
    ...[...givenBack.values()].map((refund): OrderRefundEntry => ({ refundId: refund.refundId, amount: refund.amount, reason: refund.reason, lines: [], restock: false, at: iso(refund.at), status: 'done' })),
    ...order.refunds.filter((refund) => refund.status === 'done').map(toRefundEntry),
  ].sort((a, b) => a.at.localeCompare(b.at));
  const paidLines = lines.filter((line) => line.paid);
  const hold = holdOf(order);
  const transactionId = order.transactionId ?? paidLines[0]?.transactionId;
  const notMade = order.refunds.filter((refund) => refund.status !== 'done');
  return {
    number: order.number,
    checkoutId: order._id.toHexString(),
    status: order.state.status,
    payment: order.state.payment,
    returnUnderWay: order.state.returnUnderWay,
    placedAt: iso(order.createdAt),
    email: order.email,
    name: order.name,
    ...(hold ? { holdExpiresAt: iso(hold) } : {}),
    address: order.address,
    phone: order.phone,
    lines: lines.map((line) => toLine(line, at, returnWindowDays)),
    shipments: order.parcels.map(toShipment),
    refunds,
    ...(notMade.length ? { refundsNotMade: notMade.map(toRefundEntry) } : {}),
    returns: order.returns.map((ret) => toReturn(order, ret)),
    totals: {
      ...figuresOf(lines),
      paid: chargeOf(paidLines),
      refunded: refunds.reduce((sum, refund) => sum + refund.amount, 0),
    },
    ...(order.delivery ? { delivery: { ...order.delivery } } : {}),
    ...(order.tax ? { taxRate: { rate: order.tax.rate, country: order.tax.country, ...(order.tax.region ? { region: order.tax.region } : {}) } } : {}),
    ...(transactionId ? { transactionId } : {}),
    ...(order.invoiceNumber ? { invoiceNumber: order.invoiceNumber } : {}),
    ...(order.cancellation ? { cancellation: { at: iso(order.cancellation.at), reason: order.cancellation.reason } } : {}),
  };
}

/** A row of My Orders and All Orders. */
export function toSummary(order: OrderDocument): OrderSummary {
  const { state } = order;
  return {
    number: order.number,
    checkoutId: order._id.toHexString(),
    status: state.status,
    payment: state.payment,
    returnUnderWay: state.returnUnderWay,
    placedAt: iso(order.createdAt),
    ...(state.status === 'unpaid' && state.holdExpiresAt ? { holdExpiresAt: iso(state.holdExpiresAt) } : {}),
    email: order.email,
    name: order.name,
    parts: state.parts,
    lineCount: state.lineCount,
    units: state.units,
    total: state.total,
    refunded: state.refunded,
  };
}

/** Paid by the checkout's payment, or every line still standing paid one by one (the spec's payment page). */
export const checkoutPaid = (order: Pick<OrderDocument, 'paid' | 'lines'>) =>
  order.paid || (order.lines.some((line) => line.paid) && order.lines.every((line) => line.paid || line.cancelled !== undefined));

/** GET /checkout/{id} and POST /checkout: the order as its confirmation page shows it. */
export function toCheckout(order: OrderDocument): Checkout {
  const standing = order.lines.filter((line) => line.paid || !line.cancelled);
  const counted = standing.length > 0 ? standing : order.lines;
  return {
    checkoutId: order._id.toHexString(),
    orderNumber: order.number,
    orders: order.lines.map((line) => toOrder(order, line)),
    totalAmount: order.lines.reduce((sum, line) => sum + line.totalAmount, 0),
    ...figuresOf(counted),
    ...(order.delivery ? { delivery: { ...order.delivery } } : {}),
    ...(order.shipTo ? { address: { ...order.shipTo } } : {}),
    shipTo: order.address,
    phone: order.phone,
    paid: checkoutPaid(order),
    ...(order.transactionId ? { transactionId: order.transactionId } : {}),
    // Its lines' hold (a checkout past the share holds only while it pays).
    ...(order.paid ? {} : { holdExpiresAt: iso(order.lines[0]!.holdExpiresAt) }),
    createdAt: iso(order.createdAt),
  };
}

