import type { Part } from '../entities';
import type { OrderLine } from '../order-details';
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
