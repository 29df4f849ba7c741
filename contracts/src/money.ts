/** Money is integer cents everywhere; only the UI turns it into dollars. */
const dollarFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
});

/** The shop's one currency (ISO 4217), as structured data and link previews say it. */
export const CURRENCY = 'USD';

/** `12.50` for 1250: the plain decimal that schema.org and Open Graph prices take. */
export function centsToDecimal(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function formatCents(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  return dollarFormat.format(cents / 100);
}

/** Parses "12", "12.5" or "12.50" dollars into cents; null when it is not a money amount. */
export function parseDollarsToCents(input: string): number | null {
  const match = /^\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(input);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

export function lineTotalCents(unitCents: number, quantity: number): number {
  if (!Number.isInteger(unitCents) || !Number.isInteger(quantity)) {
    throw new RangeError('Money and quantities must be whole numbers');
  }
  return unitCents * quantity;
}

/**
 * What an order line costs the customer, in cents: its parts, their tax and its share of the
 * shipping (lines placed before shipping and tax were charged have neither). Its card payment is
 * for this amount, and refunds share it out.
 */
export function lineChargeCents(line: { totalAmount: number; taxAmount?: number; shippingAmount?: number }): number {
  return line.totalAmount + (line.taxAmount ?? 0) + (line.shippingAmount ?? 0);
}
