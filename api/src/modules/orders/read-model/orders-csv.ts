import { centsToDecimal } from '@pcpp/contracts/core';
import type { CsvCell } from '../../../csv/csv';
import type { OrderDocument, OrderLineDocument } from '../documents';
import { lineCharge } from '../model/charges';
import { refundedUnits } from '../model/units';

// GET /orders.csv: one row per order line, for the accountant. Money as plain dollars (12.50), times
// in ISO UTC, so a spreadsheet reads them as numbers and dates. `total` is the parts (price ×
// quantity); `tax` and `shipping` are the line's shares; `charged` is what the card paid for it.

export const ORDER_CSV_COLUMNS = [
  'order number',
  'placed at',
  'paid at',
  'last delivered at',
  'customer',
  'email',
  'address',
  'phone',
  'part',
  'quantity',
  'unit price',
  'total',
  'tax',
  'shipping',
  'charged',
  'status',
  'refunded units',
  'refunded',
] as const;

const iso = (date: Date | undefined) => date?.toISOString() ?? '';

/** The lines of orders, each with its order, in order (the CSV's rows come from a cursor of orders). */
export async function* linesOfOrders(orders: AsyncIterable<OrderDocument>): AsyncGenerator<{ order: OrderDocument; line: OrderLineDocument }> {
  for await (const order of orders) for (const line of order.lines) yield { order, line };
}

/** A line as its CSV row: the refunds of units (model/units.ts) and any payment given back whole. */
export function orderCsvRow({ order, line }: { order: OrderDocument; line: OrderLineDocument }): CsvCell[] {
  const paidAt = line.statusHistory.find((change) => change.status === 'paid')?.at;
  const paymentRefunds = line.givenBack.reduce((sum, refund) => sum + refund.amount, 0);
  return [
    order.number,
    iso(order.createdAt),
    iso(paidAt),
    iso(line.lastDeliveredAt),
    order.name,
    order.email,
    order.address,
    order.phone,
    line.productName,
    line.order_quantity,
    centsToDecimal(line.per_product_price),
    centsToDecimal(line.totalAmount),
    centsToDecimal(line.taxAmount ?? 0),
    centsToDecimal(line.shippingAmount ?? 0),
    centsToDecimal(lineCharge(line)),
    line.status,
    refundedUnits(line.units),
    centsToDecimal(line.units.refundedAmount + paymentRefunds),
  ];
}
