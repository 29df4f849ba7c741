import type { Part } from '../entities';
import type { OrderDetail, OrderLine } from '../order-details';
import { testObjectId } from './ids';

/** A part as the api answers it, different for each n; tests override the fields they rely on. */
export const testPart = (n: number, fields: Partial<Part> = {}): Part => ({
  _id: testObjectId(n),
  name: `Part ${n}`,
  img: '/images/parts/x.svg',
  description: 'A part.',
  category: 'Memory',
  price: 1000 * n,
  p_quantity: 20,
  min_quantity: 1,
  version: 1,
  ...fields,
});

/** The signed-in demo customer, as the auth store keeps a user. */
export const testCustomer = { uid: 'u1', email: 'customer@pcparts.dev', displayName: 'Demo Customer', photoURL: null, emailVerified: true };

/** A paid order line with nothing shipped, different for each n (line id n, part 100 + n); tests override the units they rely on. */
export const testOrderLine = (n: number, fields: Partial<OrderLine> = {}): OrderLine => ({
  lineId: testObjectId(n),
  productId: testObjectId(100 + n),
  productName: `Part ${n}`,
  quantity: 1,
  unitPrice: 10_000,
  total: 10_000,
  tax: 0,
  shipping: 0,
  status: 'paid',
  shippedQuantity: 0,
  deliveredQuantity: 0,
  refundedQuantity: 0,
  returnedQuantity: 0,
  returningQuantity: 0,
  restockedQuantity: 0,
  refundedAmount: 0,
  returnableQuantity: 0,
  ...fields,
});

/**
 * A whole order as `GET /orders/{number}` answers it: its lines (testOrderLine), one address and
 * phone, nothing shipped, refunded or returned, its totals the lines' sum; tests override the rest.
 */
export function testOrderDetail(number: string, lines: OrderLine[], fields: Partial<OrderDetail> = {}): OrderDetail {
  const subtotal = lines.reduce((sum, line) => sum + line.total, 0);
  const unpaid = lines.every((line) => line.status === 'placed');
  return {
    number,
    checkoutId: testObjectId(500),
    status: unpaid ? 'unpaid' : 'paid',
    payment: unpaid ? 'unpaid' : 'paid',
    returnUnderWay: false,
    placedAt: '2026-11-20T10:00:00.000Z',
    email: 'jane@example.com',
    name: 'Jane Doe',
    address: '1 Main St, Springfield, IL 62701, US',
    phone: '555 0100',
    lines,
    shipments: [],
    refunds: [],
    returns: [],
    totals: { subtotal, shipping: 0, tax: 0, total: subtotal, paid: unpaid ? 0 : subtotal, refunded: 0 },
    ...(unpaid ? {} : { transactionId: 'pi_1' }),
    ...fields,
  };
}
