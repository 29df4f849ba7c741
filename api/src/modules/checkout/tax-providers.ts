import type { TaxProvider } from './tax-provider';
import { tableTaxProvider } from './tax-rates';

/** The provider TAX_PROVIDER names (a real one, e.g. Stripe Tax, is added here). */
export function taxProviderFor(name: 'table'): TaxProvider {
  switch (name) {
    case 'table':
      return tableTaxProvider;
  }
}
