import { readFileSync } from 'node:fs';
import { type ShippingRate, shippingRatesSchema } from '@pcpp/contracts/core';

const EU = ['IE', 'DE', 'FR', 'NL', 'BE', 'LU', 'AT', 'IT', 'ES', 'PT', 'DK', 'SE', 'FI', 'PL', 'CZ'];

/**
 * The shop's shipping table when SHIPPING_RATES names no file: cents per order, by destination.
 * Standard is free from `freeOver` on; Express always costs its rate. '*' is every other country.
 */
export const DEFAULT_SHIPPING_RATES: ShippingRate[] = [
  { country: 'US', standard: { amount: 799, freeOver: 9_900 }, express: { amount: 2_499 } },
  { country: 'CA', standard: { amount: 1_499, freeOver: 19_900 }, express: { amount: 3_999 } },
  { country: 'GB', standard: { amount: 999, freeOver: 14_900 }, express: { amount: 2_999 } },
  ...EU.map((country) => ({ country, standard: { amount: 1_299, freeOver: 14_900 }, express: { amount: 3_499 } })),
  { country: '*', standard: { amount: 1_999 }, express: { amount: 4_999 } },
];

/**
 * The table from a SHIPPING_RATES JSON file ({"rates": [...]}, as GET /shipping-rates answers), or
 * the defaults. A file that does not parse stops the api at start, with the reason.
 */
export function loadShippingRates(file: string | undefined): ShippingRate[] {
  if (!file) return DEFAULT_SHIPPING_RATES;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`SHIPPING_RATES: cannot read ${file} as JSON (${(error as Error).message})`, { cause: error });
  }
  const parsed = shippingRatesSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`SHIPPING_RATES: ${file}: ${issue.path.join('.') || 'rates'}: ${issue.message}`);
  }
  return parsed.data.rates;
}
