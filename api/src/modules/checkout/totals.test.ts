import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { shippingAmount, shippingRateFor, totalsText } from '@pcpp/contracts/core';
import { DEFAULT_SHIPPING_RATES, loadShippingRates } from './shipping-rates';
import { rateFor, tableTaxProvider, taxOn } from './tax-rates';
import { assertCardPayable } from '../orders';
import { addBusinessDays, createCheckoutPricing, splitByWeight } from './totals';

const california = { country: 'US', region: 'CA', postalCode: '94103', city: 'San Francisco' };

describe('taxOn and the rate table', () => {
  it('rounds half up to the cent, in integers', () => {
    expect(taxOn(32_999, 7_250)).toBe(2_392); // 2,392.4275
    expect(taxOn(200, 7_250)).toBe(15); // 14.5 → 15
    expect(taxOn(799, 4_000)).toBe(32); // 31.96
    expect(taxOn(0, 25_500)).toBe(0);
  });

  it('knows a US state by its code, EU VAT by country, and collects nothing elsewhere', () => {
    expect(rateFor(california)).toEqual({ rate: 7_250, taxesShipping: false });
    expect(rateFor({ country: 'US', region: 'ny' })).toEqual({ rate: 4_000, taxesShipping: true });
    expect(rateFor({ country: 'US', region: 'OR' })).toEqual({ rate: 0, taxesShipping: false });
    expect(rateFor({ country: 'DE' })).toEqual({ rate: 19_000, taxesShipping: true });
    expect(rateFor({ country: 'FI' })).toEqual({ rate: 25_500, taxesShipping: true });
    expect(rateFor({ country: 'GB' })).toEqual({ rate: 0, taxesShipping: false });
    expect(rateFor({ country: 'CH' })).toEqual({ rate: 0, taxesShipping: false });
  });

  it('taxes each line on its own (rounded per line), and shipping only where the destination taxes it', async () => {
    await expect(tableTaxProvider.taxFor({ address: california, lines: [32_999, 12_999, 8_999], shipping: 2_499 })).resolves.toEqual({ lines: [2_392, 942, 652], shipping: 0, rate: { rate: 7250, country: 'US', region: 'CA' } });
    await expect(tableTaxProvider.taxFor({ address: { ...california, region: 'NY' }, lines: [32_999], shipping: 2_499 })).resolves.toEqual({ lines: [1_320], shipping: 100, rate: { rate: 4000, country: 'US', region: 'NY' } });
  });
});

describe('splitByWeight', () => {
  it('shares an amount out by weight to exactly the amount, never below zero', () => {
    expect(splitByWeight(2_499, [32_999, 12_999, 8_999])).toEqual([1_499, 591, 409]);
    expect(splitByWeight(10, [0, 0])).toEqual([10, 0]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 20 }), (amount, weights) => {
        const shares = splitByWeight(amount, weights);
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(amount);
        expect(shares.every((share) => Number.isInteger(share) && share >= 0)).toBe(true);
      }),
    );
  });
});

describe('addBusinessDays', () => {
  it('skips Saturdays and Sundays', () => {
    // Friday 27 November 2026.
    const friday = new Date('2026-11-27T15:00:00Z');
    expect(addBusinessDays(friday, 1)).toBe('2026-11-30');
    expect(addBusinessDays(friday, 3)).toBe('2026-12-02');
    expect(addBusinessDays(friday, 5)).toBe('2026-12-04');
    expect(addBusinessDays(new Date('2026-11-28T10:00:00Z'), 1)).toBe('2026-11-30');
  });
});

describe('the shipping table', () => {
  it('makes Standard free from its threshold on; Express always costs its rate; other countries take the * row', () => {
    const us = shippingRateFor(DEFAULT_SHIPPING_RATES, 'US')!;
    expect([shippingAmount(us, 'standard', 9_899), shippingAmount(us, 'standard', 9_900), shippingAmount(us, 'express', 50_000)]).toEqual([799, 0, 2_499]);
    expect(shippingRateFor(DEFAULT_SHIPPING_RATES, 'JP')!.country).toBe('*');
  });

  it('reads a SHIPPING_RATES file, and refuses one without a * row or with a bad amount, naming the file and the field', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rates-'));
    const file = (name: string, json: unknown) => {
      const at = path.join(dir, name);
      writeFileSync(at, JSON.stringify(json));
      return at;
    };
    const own = [{ country: 'US', standard: { amount: 500 }, express: { amount: 1500 } }, { country: '*', standard: { amount: 2500 }, express: { amount: 6000 } }];
    expect(loadShippingRates(file('good.json', { rates: own }))).toEqual(own);
    expect(() => loadShippingRates(file('no-star.json', { rates: own.slice(0, 1) }))).toThrow(/no-star\.json: rates: the table needs a \* row/);
    expect(() => loadShippingRates(file('cents.json', { rates: [{ ...own[1], standard: { amount: 2.5 } }] }))).toThrow(/cents\.json: rates\.0\.standard\.amount/);
    expect(() => loadShippingRates(path.join(dir, 'missing.json'))).toThrow(/SHIPPING_RATES: cannot read/);
    expect(loadShippingRates(undefined)).toBe(DEFAULT_SHIPPING_RATES);
  });
});

describe('createCheckoutPricing', () => {
  const pricing = createCheckoutPricing({ rates: DEFAULT_SHIPPING_RATES, tax: tableTaxProvider });
  const now = new Date('2026-11-27T15:00:00Z');

  it('prices a three-part build to California: both methods with dates, tax per line, the shares adding up', async () => {
    const priced = await pricing.price({ lineAmounts: [32_999, 12_999, 8_999], address: california, method: 'express', now });
    expect(priced).toMatchObject({ subtotal: 54_997, shipping: 2_499, tax: 3_986, total: 54_997 + 2_499 + 3_986, shippingMethod: 'express', freeShippingOver: 9_900 });
    expect(priced.shippingOptions).toEqual([
      { method: 'standard', amount: 0, deliveryFrom: '2026-12-03', deliveryTo: '2026-12-11' },
      { method: 'express', amount: 2_499, deliveryFrom: '2026-12-01', deliveryTo: '2026-12-08' },
    ]);
    expect(priced.lines).toEqual([
      { taxAmount: 2_392, shippingAmount: 1_499 },
      { taxAmount: 942, shippingAmount: 591 },
      { taxAmount: 652, shippingAmount: 409 },
    ]);
  });

  it('puts the shipping’s tax on the lines where the destination taxes shipping', async () => {
    const priced = await pricing.price({ lineAmounts: [3_000, 1_000], address: { ...california, region: 'NY' }, now });
    // Under the free threshold: Standard costs 7.99, taxed 4 % like the parts.
    expect(priced).toMatchObject({ subtotal: 4_000, shipping: 799, tax: 120 + 40 + 32, total: 4_000 + 799 + 192 });
    expect(priced.lines.reduce((sum, line) => sum + line.taxAmount, 0)).toBe(192);
  });

  it('refuses parts under the card minimum with the sentence', () => {
    expect(() => assertCardPayable(10)).toThrow(totalsText.cardMinimum);
    expect(() => assertCardPayable(50)).not.toThrow();
  });
});
