import type { OrderDetail } from '@pcpp/contracts/core';
import { pdfText } from '../../../../test/pdf-text';
import { invoicePdf, paperFor, shipsToUs, taxLineOf } from './invoice-pdf';

// The invoice's paper and tax line (issue 42): US Letter for an address in the United States, A4
// elsewhere; the tax line names the rate and the state or country it was charged for.

const SELLER = { name: 'PC PART PICKER', address: '1 Parts Way, Austin, TX 78701, United States', url: 'https://shop.example' };
const LETTER = '/MediaBox [0 0 612 792]';
const A4 = '/MediaBox [0 0 595.28 841.89]';

/** The fields of an order the invoice prints; the rest of OrderDetail it never reads. */
function order(destination: Pick<OrderDetail, 'address' | 'taxRate'>, tax: number): OrderDetail {
  const subtotal = 10_000;
  const detail = {
    number: 'PCPP-000042',
    placedAt: '2026-11-20T10:00:00.000Z',
    name: 'Pat Buyer',
    email: 'pat@example.com',
    phone: '+1 555 010 0100',
    lines: [{ productName: 'Quiet Tower Cooler', quantity: 2, unitPrice: 5_000, total: subtotal }],
    refunds: [],
    totals: { subtotal, shipping: 900, tax, total: subtotal + 900 + tax, paid: subtotal + 900 + tax, refunded: 0 },
    transactionId: 'pi_invoice_test',
    ...destination,
  };
  return detail as unknown as OrderDetail;
}

const texas = { address: 'Pat Buyer, 1 Main Street, Austin, TX 78701, United States', taxRate: { rate: 8_250, country: 'US', region: 'TX' } };
const germany = { address: 'Pat Buyer, Hauptstraße 1, 10115 Berlin, Germany', taxRate: { rate: 19_000, country: 'DE' } };

describe('the paper', () => {
  it('is US Letter for the United States and A4 elsewhere, by the checkout’s country', () => {
    expect(paperFor(texas)).toBe('LETTER');
    expect(paperFor(germany)).toBe('A4');
    expect(paperFor({ address: '10 Downing Street, London SW1A 2AA', taxRate: { rate: 0, country: 'GB' } })).toBe('A4');
  });

  it('reads a spec single order’s free-text address: "USA", "United States" or a state and ZIP code', () => {
    expect(shipsToUs({ address: '1 Main Street, Austin, TX 78701' })).toBe(true);
    expect(shipsToUs({ address: '500 Pine St, Seattle, WA 98101-1234' })).toBe(true);
    expect(shipsToUs({ address: '12 Elm Road, Springfield, USA' })).toBe(true);
    expect(shipsToUs({ address: 'Hauptstraße 1, 10115 Berlin, Germany' })).toBe(false);
    expect(shipsToUs({ address: '221B Baker Street, London NW1 6XE' })).toBe(false);
  });
});

describe('the tax line', () => {
  it('names the rate and the state for the United States, the rate and the country elsewhere', () => {
    expect(taxLineOf(texas)).toBe('Sales tax (8.25 %, Texas)');
    expect(taxLineOf({ taxRate: { rate: 6_250, country: 'US', region: 'MA' } })).toBe('Sales tax (6.25 %, Massachusetts)');
    expect(taxLineOf(germany)).toBe('VAT (19 %, Germany)');
    expect(taxLineOf({ taxRate: { rate: 0, country: 'GB' } })).toBe('Tax (0 %, United Kingdom)');
    expect(taxLineOf({})).toBe('Tax (none charged on this order)');
  });
});

describe('the printed invoice', () => {
  const issued = { number: 'INV-000042', issuedAt: new Date('2026-11-21T09:00:00.000Z') };

  it('prints a Texas order on US Letter with its state’s sales tax', async () => {
    const pdf = await invoicePdf(order(texas, 825), issued, SELLER);
    expect(pdf.toString('latin1')).toContain(LETTER);
    expect(pdf.toString('latin1')).not.toContain(A4);
    const text = pdfText(pdf);
    expect(text).toContain('Invoice INV-000042');
    expect(text).toContain('Sales tax (8.25 %, Texas)');
    expect(text).toContain('$8.25');
    expect(text).toContain('$117.25');
  });

  it('prints a German order on A4 with the country’s VAT', async () => {
    const pdf = await invoicePdf(order(germany, 1_900), issued, SELLER);
    expect(pdf.toString('latin1')).toContain(A4);
    expect(pdf.toString('latin1')).not.toContain(LETTER);
    expect(pdfText(pdf)).toContain('VAT (19 %, Germany)');
  });
});
