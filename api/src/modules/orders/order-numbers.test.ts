import { ORDER_NUMBER_PATTERN, orderNumberFrom } from '@pcpp/contracts/core';
import request from 'supertest';
import { createAccount, createPart, createTestApi, insertOrder, type TestApi } from '../../../test/helpers';
import { createOrdersRepository } from './repository';
import { newOrderNumber, numberOrdersWithoutNumber } from './service';

// Order numbers: reserved once each; orders stored before numbers existed get one at start.

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const repository = () => createOrdersRepository(api.database.collections);

it('draws a new number when the one drawn is taken, and never hands out a reserved one', async () => {
  const taken = orderNumberFrom([0, 1, 2, 3, 4, 5]);
  expect(taken).toBe('PCP-012345');
  expect(await repository().reserveNumber(taken)).toBe(true);
  expect(await repository().reserveNumber(taken)).toBe(false);
  const numbers = await Promise.all(Array.from({ length: 50 }, () => newOrderNumber(repository())));
  expect(new Set(numbers).size).toBe(50);
  for (const number of numbers) expect(number).toMatch(ORDER_NUMBER_PATTERN);
  // Every character of the alphabet can appear: 256 values, 32 letters, each as likely.
  expect(orderNumberFrom([31, 63, 255, 32, 64, 224])).toBe('PCP-ZZZ000');
});

it('numbers the orders stored before numbers existed, once, so the admin finds them by number', async () => {
  const part = await createPart(api, { p_quantity: 10 });
  const customer = await createAccount(api, 'customer');
  const legacy = await Promise.all([1, 2, 3].map(() => insertOrder(api, part, { email: customer.email })));
  await api.database.collections.orders.updateMany({ _id: { $in: legacy.map((order) => order._id) } }, { $unset: { number: '' } });
  const kept = await insertOrder(api, part, { email: customer.email, number: 'PCP-KEPT00' });

  // Two api instances starting at once: each order gets exactly one number.
  const counts = await Promise.all([numberOrdersWithoutNumber(repository()), numberOrdersWithoutNumber(repository())]);
  expect(counts[0]! + counts[1]!).toBe(3);
  const stored = await api.database.collections.orders.find({ email: customer.email }).toArray();
  const numbers = stored.map((order) => order.number);
  expect(new Set(numbers).size).toBe(4);
  expect(stored.find((order) => order._id.equals(kept._id))!.number).toBe('PCP-KEPT00');
  expect(await numberOrdersWithoutNumber(repository())).toBe(0);

  const admin = await createAccount(api, 'admin');
  const number = stored.find((order) => order._id.equals(legacy[1]!._id))!.number;
  const found = await request(api.app).get(`/order?q=${number}`).set('Authorization', `Bearer ${admin.token}`);
  expect(found.body).toMatchObject({ total: 1, items: [{ _id: legacy[1]!.id, number }] });
  const mine = await request(api.app).get(`/myorder?email=${customer.email}`).set('Authorization', `Bearer ${customer.token}`);
  expect(mine.body.map((order: { number: string }) => order.number).sort()).toEqual([...numbers].sort());
});
