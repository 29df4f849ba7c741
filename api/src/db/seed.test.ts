import { CATEGORIES } from '@pcpp/contracts/core';
import { createTestApi, type TestApi } from '../../test/helpers';
import { seedDemoData } from './seed';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe('seedDemoData', () => {
  it('fills an empty catalog once', async () => {
    const { parts, reviews } = api.database.collections;
    const first = await seedDemoData(api.database.collections);
    expect(first.parts).toBeGreaterThanOrEqual(12);
    expect(first.reviews).toBeGreaterThanOrEqual(6);
    expect(await parts.countDocuments()).toBe(first.parts);
    expect(await reviews.countDocuments()).toBe(first.reviews);

    const stored = await parts.find({}).sort({ createdAt: 1 }).toArray();
    expect(new Set(stored.map((part) => part.category))).toEqual(new Set(CATEGORIES));
    // The newest six (the home page's "latest parts") cover every category too.
    expect(new Set(stored.slice(-6).map((part) => part.category))).toEqual(new Set(CATEGORIES));
    for (const part of stored) {
      expect(part.createdAt).toBeInstanceOf(Date);
      expect(Number.isInteger(part.price)).toBe(true);
      expect(part.img).toMatch(/^\/images\/parts\/.+\.svg$/);
    }

    const second = await seedDemoData(api.database.collections);
    expect(second).toEqual({ parts: 0, reviews: 0 });
    expect(await parts.countDocuments()).toBe(first.parts);
    expect(await reviews.countDocuments()).toBe(first.reviews);
  });
});
