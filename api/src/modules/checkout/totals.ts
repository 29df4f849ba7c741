import {
  type CheckoutQuote,
  DELIVERY_BUSINESS_DAYS,
  SHIPPING_METHODS,
  type ShippingMethod,
  type ShippingOption,
  type ShippingRate,
  shippingAmount,
  shippingRateFor,
} from '@pcpp/contracts/core';
import type { PricedLines } from '../orders';
import type { TaxProvider, TaxQuestion } from './tax-provider';

/** The day `days` business days (Monday to Friday) after `from`, as YYYY-MM-DD (UTC). */
export function addBusinessDays(from: Date, days: number): string {
  const day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = days;
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() + 1);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return day.toISOString().slice(0, 10);
}

/**
 * Splits `amount` cents over lines in proportion to their weights (largest remainder): the shares
 * add up to the amount exactly, so a line refunded whole gives back its share and no cent is lost.
 */
export function splitByWeight(amount: number, weights: number[]): number[] {
  const whole = weights.reduce((sum, weight) => sum + weight, 0);
  if (weights.length === 0) return [];
  if (whole === 0) return weights.map((_, index) => (index === 0 ? amount : 0));
  const exact = weights.map((weight) => (amount * weight) / whole);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact.map((value, index) => ({ index, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

export interface PricedCheckout extends CheckoutQuote {
  delivery: ShippingOption;
  /** Per line, in the order given: its tax (its share of the shipping's tax included) and its share of the shipping. */
  lines: { taxAmount: number; shippingAmount: number }[];
  /** The tax rate charged and where (the invoice's tax line). */
  taxRate: { rate: number; country: string; region?: string };
}

export interface CheckoutPricing {
  /** Shipping and tax for lines (price × quantity each) going to an address by a method: the quote and the order alike. */
  price(input: { lineAmounts: number[]; address: TaxQuestion['address']; method?: ShippingMethod | undefined; now: Date }): Promise<PricedCheckout>;
  rates: readonly ShippingRate[];
}

export function createCheckoutPricing({ rates, tax }: { rates: readonly ShippingRate[]; tax: TaxProvider }): CheckoutPricing {
  function options(rate: ShippingRate, subtotal: number, now: Date): ShippingOption[] {
    return SHIPPING_METHODS.map((method) => ({
      method,
      amount: shippingAmount(rate, method, subtotal),
      deliveryFrom: addBusinessDays(now, DELIVERY_BUSINESS_DAYS[method][0]),
      deliveryTo: addBusinessDays(now, DELIVERY_BUSINESS_DAYS[method][1]),
    }));
  }

  return {
    rates,
    async price({ lineAmounts, address, method = 'standard', now }) {
      const rate = shippingRateFor(rates, address.country);
      // The table always has a '*' row (its schema says so); an empty table is a bug.
      if (!rate) throw new Error(`no shipping rate for ${address.country}`);
      const subtotal = lineAmounts.reduce((sum, amount) => sum + amount, 0);
      const shippingOptions = options(rate, subtotal, now);
      const delivery = shippingOptions.find((option) => option.method === method)!;
      const taxed = await tax.taxFor({ address, lines: lineAmounts, shipping: delivery.amount });
      const shippingShares = splitByWeight(delivery.amount, lineAmounts);
      const shippingTaxShares = splitByWeight(taxed.shipping, lineAmounts);
      const lines = lineAmounts.map((_, index) => ({
        taxAmount: taxed.lines[index]! + shippingTaxShares[index]!,
        shippingAmount: shippingShares[index]!,
      }));
      const taxTotal = lines.reduce((sum, line) => sum + line.taxAmount, 0);
      return {
        subtotal,
        shipping: delivery.amount,
        tax: taxTotal,
        total: subtotal + delivery.amount + taxTotal,
        shippingMethod: method,
        shippingOptions,
        ...(rate.standard.freeOver !== undefined ? { freeShippingOver: rate.standard.freeOver } : {}),
        delivery,
        lines,
        taxRate: taxed.rate,
      };
    },
  };
}

/** What an order stores of its pricing: the subtotal, the chosen delivery, each line's tax and shipping, the rate charged. */
export function pricedLinesOf(priced: PricedCheckout): PricedLines {
  return { subtotal: priced.subtotal, delivery: priced.delivery, lines: priced.lines, tax: priced.taxRate };
}

