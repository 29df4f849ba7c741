import { centsToDecimal, formatCents, lineChargeCents, lineTotalCents, parseDollarsToCents } from './money';

describe('money helper (integer cents)', () => {
  it('formats cents as dollars', () => {
    expect(formatCents(18999)).toBe('$189.99');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(123456700)).toBe('$1,234,567.00');
  });

  it('refuses fractional cents', () => {
    expect(() => formatCents(10.5)).toThrow(RangeError);
  });

  it('parses dollar input into cents without floating-point drift', () => {
    expect(parseDollarsToCents('0.29')).toBe(29);
    expect(parseDollarsToCents('19.9')).toBe(1990);
    expect(parseDollarsToCents('1005')).toBe(100500);
    expect(parseDollarsToCents('1.234')).toBeNull();
    expect(parseDollarsToCents('-3')).toBeNull();
    expect(parseDollarsToCents('abc')).toBeNull();
  });

  it('multiplies a unit price by a quantity', () => {
    expect(lineTotalCents(1999, 3)).toBe(5997);
    expect(() => lineTotalCents(1999, 1.5)).toThrow(RangeError);
  });

  it('charges a line its parts, its tax and its share of the shipping; a line without them its parts', () => {
    expect(lineChargeCents({ totalAmount: 21999, taxAmount: 1595, shippingAmount: 2499 })).toBe(26093);
    expect(lineChargeCents({ totalAmount: 21999 })).toBe(21999);
  });
});

describe('centsToDecimal', () => {
  it('writes the plain decimal that structured data takes', () => {
    expect(centsToDecimal(4999)).toBe('49.99');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(120000)).toBe('1200.00');
    expect(centsToDecimal(-250)).toBe('-2.50');
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
  });
});
