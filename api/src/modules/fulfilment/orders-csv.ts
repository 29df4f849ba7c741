import { centsToDecimal } from '@pcpp/contracts/core';
import type { WithId } from 'mongodb';
import type { CsvCell } from '../../csv/csv';
import type { OrderDocument } from '../orders/documents';
import { lineCharge } from '../orders/line-charge';
import { unitsOf } from './units';

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

/** A line as its CSV row: the refunds of units (units.ts) and any payment given back whole (`refunds`). */
export function orderCsvRow(line: WithId<OrderDocument>): CsvCell[] {
  const units = unitsOf(line);
  const paidAt = line.statusHistory.find((change) => change.status === 'paid')?.at;
  const paymentRefunds = (line.refunds ?? []).reduce((sum, refund) => sum + refund.amount, 0);
  return [
    line.number,
    iso(line.createdAt),
    iso(paidAt),
    iso(line.lastDeliveredAt),
    line.name,
    line.email,
    line.address,
    line.phone,
    line.productName,
    line.order_quantity,
    centsToDecimal(line.per_product_price),
    centsToDecimal(line.totalAmount),
    centsToDecimal(line.taxAmount ?? 0),
    centsToDecimal(line.shippingAmount ?? 0),
    centsToDecimal(lineCharge(line)),
    line.status,
    units.refunded,
    centsToDecimal(units.refundedAmount + paymentRefunds),
  ];
}
