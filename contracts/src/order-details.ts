import type { OrderSummary } from './order-details-schemas';

export type {
  LineQuantity,
  OrderDetail,
  OrderLine,
  OrderRefundEntry,
  OrderReturn,
  OrderShipment,
  OrderSummary,
  OrderTotals,
  RefundInput,
  ReturnDecisionInput,
  ReturnInput,
  ShipmentInput,
} from './order-details-schemas';

/**
 * An order as people see it: what was bought at once (a checkout's lines under one number; a
 * single Purchase is an order of one line), with its shipments, refunds and returns. Each line is
 * still the spec's Order (`GET /myorder`, `GET /order` answer lines); this is the whole.
 */

/** A customer's page of one order (mf-dashboard), linked from My Orders and the emails. */
export const orderPagePath = (number: string) => `/dashboard/orders/${number}`;
/** An admin's page of one order (mf-admin), linked from All Orders. */
export const adminOrderPagePath = (number: string) => `/dashboard/allOrder/${number}`;

/** Where the parts are, derived from the lines' units: what was paid, shipped and delivered. */
export const ORDER_PROGRESS = ['unpaid', 'paid', 'partly-shipped', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderProgress = (typeof ORDER_PROGRESS)[number];

/** Where the money is. */
export const ORDER_PAYMENT_STATES = ['unpaid', 'paid', 'partly-refunded', 'refunded'] as const;
export type OrderPaymentState = (typeof ORDER_PAYMENT_STATES)[number];

export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received'] as const;

/** A refund of units: made, waiting for the payment provider's answer, or refused by it. */
export const REFUND_STATUSES = ['done', 'pending', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** The order pages' and emails' words (ours: the spec has one order line at a time). */
export const orderText = {
  progress: {
    unpaid: 'Waiting for payment',
    paid: 'Paid',
    'partly-shipped': 'Partly shipped',
    shipped: 'Shipped',
    delivered: 'Delivered',
    cancelled: 'Cancelled',
    refunded: 'Refunded',
  } satisfies Record<OrderProgress, string>,
  payment: {
    unpaid: 'Unpaid',
    paid: 'Paid',
    'partly-refunded': 'Partly refunded',
    refunded: 'Refunded',
  } satisfies Record<OrderPaymentState, string>,
  returnStatus: {
    requested: 'Requested',
    approved: 'Approved: send the parts back',
    rejected: 'Not accepted',
    received: 'Received and refunded',
  } satisfies Record<ReturnStatus, string>,
  returnUnderWay: 'Return under way',
  /** A line's own status, when nothing has happened to its units yet. */
  lineStatus: { placed: 'Waiting for payment', paid: 'Paid', shipped: 'Shipped', delivered: 'Delivered', cancelled: 'Cancelled' },
  cancelTitle: 'Cancel this order?',
  keepOrder: 'Keep order',
  cancelOrder: 'Cancel order',
  cancelPaidNote: 'The customer is refunded in full and the parts go back to stock.',
  cancelUnpaidNote: 'The parts held for it go back on sale.',
  cancelled: 'The order is cancelled.',
  shipped: 'Shipment recorded: the customer is emailed the tracking number.',
  delivered: 'Marked delivered.',
  refunded: (amount: string) => `Refunded ${amount}.`,
  returnRequested: 'Your return request is sent. We email you when it is approved.',
  returnDecided: (approved: boolean) => (approved ? 'Return approved: the customer is told to send the parts.' : 'Return refused: the customer is told why.'),
  returnReceived: (amount: string) => `Return received: ${amount} refunded.`,
  invoice: 'Invoice (PDF)',
  nothingToShip: 'Nothing left to ship in this order.',
  notPaidYet: 'This order is not paid yet.',
  notFound: 'Order not found',
  returnNotFound: 'Return not found',
  returnWindow: (days: number) => `Parts can be returned within ${days} days of delivery.`,
  returnWindowClosed: (days: number) => `The return window of ${days} days after delivery has closed for this part.`,
  shippedCannotCancel: 'Parts of this order have shipped, so it cannot be cancelled: refund or return the parts instead.',
  invoiceOnlyPaid: 'An invoice is issued once the order is paid.',
} as const;

/** "Ryzen 7 7700X, 2 × Fury 32 GB and 3 more": the first two lines, then how many others. */
export function partsInShort(lines: { productName: string; quantity: number }[], shown = 2): string {
  const named = lines.slice(0, shown).map((line) => (line.quantity > 1 ? `${line.quantity} × ${line.productName}` : line.productName));
  const more = lines.length - shown;
  return more > 0 ? `${named.join(', ')} and ${more} more` : named.join(', ');
}

/** An order's state in words: "Delivered · Partly refunded · Return under way". */
export function orderStateText(order: Pick<OrderSummary, 'status' | 'payment' | 'returnUnderWay'>): string {
  const words: string[] = [orderText.progress[order.status]];
  if (order.payment === 'partly-refunded' || (order.payment === 'refunded' && order.status !== 'refunded')) words.push(orderText.payment[order.payment]);
  if (order.returnUnderWay) words.push(orderText.returnUnderWay);
  return words.join(' · ');
}
