import { existsSync } from 'node:fs';
import path from 'node:path';
import { CATEGORIES, specsInputSchemas } from '@pcpp/contracts/core';
import { publicDir } from '../public-dir';
import { seedParts } from './seed-data';
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

  it('is a catalog a PC builder can use: 48+ parts, 8+ per category, every one with valid specs and a picture', () => {
    expect(seedParts.length).toBeGreaterThanOrEqual(48);
    for (const category of CATEGORIES) expect(seedParts.filter((part) => part.category === category).length).toBeGreaterThanOrEqual(8);
    for (const part of seedParts) {
      expect({ name: part.name, specs: specsInputSchemas[part.category].safeParse(part.specs).success }).toEqual({ name: part.name, specs: true });
      expect({ name: part.name, picture: existsSync(path.join(publicDir(), part.img)) }).toEqual({ name: part.name, picture: true });
    }
    expect(new Set(seedParts.map((part) => part.name)).size).toBe(seedParts.length);
    // Every socket and both DDR generations have boards; each socket has a cooler.
    const boards = seedParts.filter((part) => part.category === 'Motherboard').map((part) => part.specs as { socket: string; memoryType: string });
    expect(new Set(boards.map((board) => board.socket))).toEqual(new Set(['AM4', 'AM5', 'LGA1700', 'LGA1851']));
    expect(new Set(boards.map((board) => board.memoryType))).toEqual(new Set(['DDR4', 'DDR5']));
  });

  it('sells consumer parts one at a time; a few bulk packs keep a higher minimum order (the spec’s rule)', () => {
    const bulk = seedParts.filter((part) => part.min_quantity > 1);
    expect(bulk.length).toBeGreaterThanOrEqual(1);
    expect(bulk.length).toBeLessThanOrEqual(4);
    for (const part of bulk) expect(part.description).toMatch(/pack/i);
  });
});
