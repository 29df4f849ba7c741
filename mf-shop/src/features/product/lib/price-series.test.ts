import type { PriceChange } from '@pcpp/contracts/core';
import { lowestBeforeReduction, priceDrop, priceSeries } from './price-series';

const DAY = 86_400_000;
const now = Date.parse('2026-11-27T12:00:00.000Z');
const change = (daysAgo: number, from: number, to: number): PriceChange => ({
  from, to, changedAt: new Date(now - daysAgo * DAY).toISOString(),
});

describe('priceSeries', () => {
  it("starts at the window's start with the price then, then each change inside it, oldest first", () => {
    const changes = [change(5, 38000, 35000), change(20, 40000, 38000), change(120, 45000, 40000)];
    expect(priceSeries(changes, 35000, now)).toEqual([
      { at: now - 90 * DAY, price: 40000 },
      { at: now - 20 * DAY, price: 38000 },
      { at: now - 5 * DAY, price: 35000 },
    ]);
  });

  it("is today's price all along when nothing changed", () => {
    expect(priceSeries([], 1999, now)).toEqual([{ at: now - 90 * DAY, price: 1999 }]);
  });
});

describe('lowestBeforeReduction', () => {
  it('after two cuts: the lowest price of the 30 days before the current one', () => {
    expect(lowestBeforeReduction([change(1, 38000, 35000), change(2, 40000, 38000)], 35000, now)).toBe(38000);
  });

  it('counts a lower price that was raised again within the 30 days', () => {
    const changes = [change(1, 42000, 39000), change(10, 30000, 42000), change(15, 40000, 30000)];
    expect(lowestBeforeReduction(changes, 39000, now)).toBe(30000);
  });

  it('says nothing when the price is at its 30-day high, or never changed', () => {
    expect(lowestBeforeReduction([change(3, 30000, 35000)], 35000, now)).toBeNull();
    expect(lowestBeforeReduction([], 35000, now)).toBeNull();
    // A cut older than 30 days is not a reduction any more.
    expect(lowestBeforeReduction([change(40, 40000, 35000)], 35000, now)).toBeNull();
  });
});

describe('priceDrop', () => {
  it('announces the reduction from the 30-day lowest price, with the saving in whole percent', () => {
    expect(priceDrop([change(2, 1999, 1450)], 1450, now)).toEqual({ was: 1999, percent: 27 });
    expect(priceDrop([change(1, 38000, 35000), change(2, 40000, 38000)], 35000, now)).toEqual({ was: 38000, percent: 8 });
  });

  it('announces none when the 30 days held a price as low as today’s: no "was" below "now"', () => {
    const changes = [change(1, 42000, 39000), change(10, 30000, 42000), change(15, 40000, 30000)];
    expect(priceDrop(changes, 39000, now)).toBeNull();
    expect(priceDrop([change(3, 30000, 35000)], 35000, now)).toBeNull();
    expect(priceDrop([], 35000, now)).toBeNull();
    // Less than half a percent off is no saving to announce.
    expect(priceDrop([change(1, 100000, 99999)], 99999, now)).toBeNull();
  });
});
