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
    const { tools, reviews } = api.database.collections;
    const first = await seedDemoData(api.database.collections);
    expect(first.tools).toBeGreaterThanOrEqual(12);
    expect(first.reviews).toBeGreaterThanOrEqual(6);
    expect(await tools.countDocuments()).toBe(first.tools);
    expect(await reviews.countDocuments()).toBe(first.reviews);

    const stored = await tools.find({}).sort({ createdAt: 1 }).toArray();
    expect(new Set(stored.map((tool) => tool.category))).toEqual(new Set(CATEGORIES));
    // The newest six (the home page's "latest parts") cover every category too.
    expect(new Set(stored.slice(-6).map((tool) => tool.category))).toEqual(new Set(CATEGORIES));
    for (const tool of stored) {
      expect(tool.createdAt).toBeInstanceOf(Date);
      expect(Number.isInteger(tool.price)).toBe(true);
      expect(tool.img).toMatch(/^\/images\/parts\/.+\.svg$/);
    }

    const second = await seedDemoData(api.database.collections);
    expect(second).toEqual({ tools: 0, reviews: 0 });
    expect(await tools.countDocuments()).toBe(first.tools);
    expect(await reviews.countDocuments()).toBe(first.reviews);
  });
});
