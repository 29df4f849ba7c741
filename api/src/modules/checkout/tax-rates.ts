import type { TaxProvider, TaxQuestion, TaxAnswer } from './tax-provider';

/**
 * The shop's own sales tax table: rates in thousandths of a percent (7.25 % = 7250), so that every
 * rate is a whole number and tax is integer arithmetic on cents.
 *
 * US: each state's base sales tax rate, without local (county and city) rates. Source: Tax
 * Foundation, "State and Local Sales Tax Rates, Midyear 2024" (state rate column). Shipping is
 * taxed where the state taxes separately stated delivery charges by a common carrier. Source:
 * TaxJar, "Sales tax on shipping: a state-by-state guide" (2024), simplified to yes or no.
 *
 * EU: each member state's standard VAT rate, on the parts and on the shipping (delivery follows the
 * goods). Source: European Commission, "VAT rates applied in the Member States of the European
 * Union", situation at 1 January 2025 (Finland 25.5 % from 1 September 2024).
 *
 * Elsewhere: none (the shop does not collect the destination's taxes; the customer may owe import
 * duties on delivery).
 */
export const TAX_TABLE_SOURCE = 'Tax Foundation (US state rates, midyear 2024), TaxJar (shipping, 2024), European Commission (VAT, 1 Jan 2025)';

export const US_STATE_RATES: Record<string, number> = {
  AL: 4000, AK: 0, AZ: 5600, AR: 6500, CA: 7250, CO: 2900, CT: 6350, DE: 0, DC: 6000, FL: 6000,
  GA: 4000, HI: 4000, ID: 6000, IL: 6250, IN: 7000, IA: 6000, KS: 6500, KY: 6000, LA: 4450, ME: 5500,
  MD: 6000, MA: 6250, MI: 6000, MN: 6875, MS: 7000, MO: 4225, MT: 0, NE: 5500, NV: 6850, NH: 0,
  NJ: 6625, NM: 4875, NY: 4000, NC: 4750, ND: 5000, OH: 5750, OK: 4500, OR: 0, PA: 6000, RI: 7000,
  SC: 6000, SD: 4200, TN: 7000, TX: 6250, UT: 6100, VT: 6000, VA: 5300, WA: 6500, WV: 6000, WI: 5000,
  WY: 4000,
};

/** States that tax separately stated shipping charges. */
export const US_STATES_TAXING_SHIPPING = new Set([
  'AR', 'CT', 'DC', 'GA', 'HI', 'IN', 'KS', 'KY', 'MI', 'MN', 'MS', 'NE', 'NJ', 'NM', 'NY', 'NC', 'ND',
  'OH', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'VT', 'WA', 'WV', 'WI',
]);

export const EU_VAT_RATES: Record<string, number> = {
  AT: 20000, BE: 21000, CZ: 21000, DE: 19000, DK: 25000, ES: 21000, FI: 25500, FR: 20000,
  IE: 23000, IT: 22000, LU: 17000, NL: 21000, PL: 23000, PT: 23000, SE: 25000,
};

const RATE_SCALE = 100_000;

/** cents × rate, rounded half up to a whole cent, in integers. */
export function taxOn(cents: number, rate: number): number {
  return Math.floor((cents * rate + RATE_SCALE / 2) / RATE_SCALE);
}

/** The destination's rate and whether it taxes shipping; rate 0 where the shop collects none. */
export function rateFor(address: { country: string; region?: string | undefined }): { rate: number; taxesShipping: boolean } {
  if (address.country === 'US') {
    const state = (address.region ?? '').toUpperCase();
    return { rate: US_STATE_RATES[state] ?? 0, taxesShipping: US_STATES_TAXING_SHIPPING.has(state) };
  }
  const vat = EU_VAT_RATES[address.country];
  return vat === undefined ? { rate: 0, taxesShipping: false } : { rate: vat, taxesShipping: true };
}

/** The table above as a TaxProvider: each line rounded on its own, shipping apart. */
export const tableTaxProvider: TaxProvider = {
  name: 'table',
  async taxFor({ address, lines, shipping }: TaxQuestion): Promise<TaxAnswer> {
    const { rate, taxesShipping } = rateFor(address);
    const where = address.country === 'US' && address.region ? { country: 'US', region: address.region.toUpperCase() } : { country: address.country };
    return { lines: lines.map((amount) => taxOn(amount, rate)), shipping: taxesShipping ? taxOn(shipping, rate) : 0, rate: { rate, ...where } };
  },
};
