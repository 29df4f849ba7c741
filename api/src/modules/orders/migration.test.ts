import { ObjectId } from 'mongodb';
import request from 'supertest';
import { createAccount, createPart, createTestApi, type TestApi, testOrderNumber } from '../../../test/helpers';
import type { LegacyLineDocument } from './documents';

// Orders stored before they were whole (a checkout, its lines, parcels, refunds and returns, each in
// a collection of their own; some lines with no number or no checkout) become one document each at
// start, once, however many api instances start together.

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

it('makes legacy orders whole, numbered, once, and the routes answer them as before', async () => {
  const part = await createPart(api, { p_quantity: 10, price: 2500 });
  const customer = await createAccount(api, 'customer');
  const admin = await createAccount(api, 'admin');
  const { legacyOrderLines, legacyCheckouts, legacyShipments, legacyRefunds } = api.database.collections;
  const at = new Date('2026-05-01T10:00:00.000Z');
  const line = (fields: Partial<LegacyLineDocument>): LegacyLineDocument => ({
    productId: part._id,
    productName: part.name,
    email: customer.email,
    name: 'Olga Buyer',
    per_product_price: 2500,
    order_quantity: 2,
    totalAmount: 5000,
    address: '1 Main Street, Springfield, TX 78701',
    phone: '555 0100',
    paid: false,
    status: 'placed',
    statusHistory: [{ status: 'placed', at, by: customer.email }],
    createdAt: at,
    ...fields,
  });
  // A line from before numbers and checkouts, and one from before checkouts.
  const { insertedId: unnumbered } = await legacyOrderLines.insertOne(line({}));
  const { insertedId: loose } = await legacyOrderLines.insertOne(line({ number: testOrderNumber() }));
  // A checkout of two paid lines: one shipped and delivered whole (before units were counted), one refunded in part.
  const checkoutId = new ObjectId();
  const number = testOrderNumber();
  const paid = { paid: true, transactionId: 'pi_legacy', number, checkoutId };
  const { insertedId: delivered } = await legacyOrderLines.insertOne(line({ ...paid, status: 'delivered' }));
  const { insertedId: refunded } = await legacyOrderLines.insertOne(
    line({ ...paid, status: 'paid', refundedQuantity: 1, refundedUnshippedQuantity: 1, restockedQuantity: 1, refundedAmount: 2500 }),
  );
  await legacyCheckouts.insertOne({ _id: checkoutId, email: customer.email, number, orderIds: [delivered, refunded], totalAmount: 10_000, paid: true, transactionId: 'pi_legacy', createdAt: at });
  await legacyShipments.insertOne({ orderNumber: number, checkoutId, carrier: 'UPS', trackingNumber: '1Z999', lines: [{ lineId: delivered, quantity: 2 }], shippedAt: at, by: admin.email, deliveredAt: at });
  await legacyRefunds.insertOne({
    orderNumber: number, checkoutId, lines: [{ lineId: refunded, quantity: 1, amount: 2500, unshipped: 1 }], amount: 2500, reason: 'Damaged', restock: true, by: admin.email, at, status: 'done',
    stripeRefunds: [{ paymentIntentId: 'pi_legacy', refundId: 're_legacy', amount: 2500 }],
  });

  // Two api instances starting at once.
  const [first, second] = await Promise.all([api.services.orders.prepare(), api.services.orders.prepare()]);
  expect(first.migrated + second.migrated).toBe(3);
  expect(first.transactions).toBe(false);
  expect((await api.services.orders.prepare()).migrated).toBe(0);
  expect(await api.database.collections.wholeOrders.countDocuments({ email: customer.email })).toBe(3);

  // Every line has a number, and the admin finds each by it.
  const mine = await request(api.app).get(`/myorder?email=${customer.email}`).set('Authorization', `Bearer ${customer.token}`);
  expect(mine.status).toBe(200);
  expect(mine.body).toHaveLength(4);
  const numberOf = (id: ObjectId) => mine.body.find((order: { _id: string }) => order._id === id.toHexString()).number as string;
  expect(new Set([numberOf(unnumbered), numberOf(loose), numberOf(delivered)]).size).toBe(3);
  const found = await request(api.app).get(`/order?q=${numberOf(unnumbered)}`).set('Authorization', `Bearer ${admin.token}`);
  expect(found.body).toMatchObject({ total: 1, items: [{ _id: unnumbered.toHexString(), status: 'placed' }] });

  // The checkout is one order: its parcel, its refund, the line's counters.
  const whole = await request(api.app).get(`/orders/${number}`).set('Authorization', `Bearer ${admin.token}`);
  expect(whole.status).toBe(200);
  expect(whole.body).toMatchObject({
    number,
    checkoutId: checkoutId.toHexString(),
    // 2 units of the first line shipped, 1 of the second left to ship (the other refunded before it shipped).
    status: 'partly-shipped',
    payment: 'partly-refunded',
    lines: [
      { lineId: delivered.toHexString(), status: 'delivered', shippedQuantity: 2, deliveredQuantity: 2 },
      { lineId: refunded.toHexString(), status: 'paid', refundedQuantity: 1, restockedQuantity: 1, refundedAmount: 2500 },
    ],
    shipments: [{ carrier: 'UPS', trackingNumber: '1Z999', lines: [{ lineId: delivered.toHexString(), quantity: 2 }] }],
    refunds: [{ amount: 2500, reason: 'Damaged', restock: true }],
  });
  // And the per-line routes answer it.
  const cancelled = await request(api.app).delete(`/myorder/${loose.toHexString()}`).set('Authorization', `Bearer ${customer.token}`);
  expect(cancelled.body).toEqual({ deletedCount: 1 });
  expect((await api.database.collections.parts.findOne({ _id: part._id }))!.p_quantity).toBe(12);
});
