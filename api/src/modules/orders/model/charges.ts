import { type CheckoutTotals, lineChargeCents } from '@pcpp/contracts/core';
import type { OrderLineDocument } from '../documents';

type ChargedLine = Pick<OrderLineDocument, 'totalAmount' | 'taxAmount' | 'shippingAmount'>;

/** What a line costs the customer (the contracts' one rule): payments are for it, refunds share it out. */
export const lineCharge = (line: ChargedLine): number => lineChargeCents(line);

export const chargeOf = (lines: ChargedLine[]): number => lines.reduce((sum, line) => sum + lineCharge(line), 0);

/** The four figures of some lines: subtotal + shipping + tax = total. */
export function figuresOf(lines: ChargedLine[]): CheckoutTotals {
  const subtotal = lines.reduce((sum, line) => sum + line.totalAmount, 0);
  const shipping = lines.reduce((sum, line) => sum + (line.shippingAmount ?? 0), 0);
  const tax = lines.reduce((sum, line) => sum + (line.taxAmount ?? 0), 0);
  return { subtotal, shipping, tax, total: subtotal + shipping + tax };
}
