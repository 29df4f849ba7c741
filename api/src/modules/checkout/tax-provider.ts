/**
 * Where sales tax comes from. The shop's table (tax-rates.ts) answers by default; a real provider
 * (Stripe Tax, Avalara) implements the same call and is chosen by configuration (TAX_PROVIDER).
 */
export interface TaxQuestion {
  address: { country: string; region?: string | undefined; postalCode: string; city: string };
  /** Each line's price × quantity, in cents. */
  lines: number[];
  /** The shipping charged, in cents. */
  shipping: number;
}

export interface TaxAnswer {
  /** Each line's tax in cents, rounded per line. */
  lines: number[];
  /** The shipping's tax in cents (0 where the destination does not tax shipping). */
  shipping: number;
  /** The rate charged, in thousandths of a percent (6250 = 6.25 %), and where: the invoice names them. */
  rate: { rate: number; country: string; region?: string };
}

export interface TaxProvider {
  readonly name: string;
  taxFor(question: TaxQuestion): Promise<TaxAnswer>;
}

