import { ORDER_NUMBER_PATTERN, orderNumberFrom } from '@pcpp/contracts/core';
import { createTestApi, type TestApi } from '../../../test/helpers';
import { newOrderNumber, reserveNumber } from './placement/order-numbers';

// Order numbers: reserved once each (orders stored before numbers existed get one at start: migration.test.ts).

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

it('draws a new number when the one drawn is taken, and never hands out a reserved one', async () => {
  const { orderNumbers } = api.database.collections;
  const taken = orderNumberFrom([0, 1, 2, 3, 4, 5]);
  expect(taken).toBe('PCP-012345');
  expect(await reserveNumber(orderNumbers, taken)).toBe(true);
  expect(await reserveNumber(orderNumbers, taken)).toBe(false);
  const numbers = await Promise.all(Array.from({ length: 50 }, () => newOrderNumber(orderNumbers)));
  expect(new Set(numbers).size).toBe(50);
  for (const number of numbers) expect(number).toMatch(ORDER_NUMBER_PATTERN);
  // Every character of the alphabet can appear: 256 values, 32 letters, each as likely.
  expect(orderNumberFrom([31, 63, 255, 32, 64, 224])).toBe('PCP-ZZZ000');
});
