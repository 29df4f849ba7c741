import { brand, countryName, formatCents, type OrderDetail, totalsText, US_STATES } from '@pcpp/contracts/core';
import PDFDocument from 'pdfkit';

/** The seller as the invoice names it (the shop's own details; SHOP_URL is where customers reach it). */
export interface Seller {
  name: string;
  address: string;
  url: string;
}

const dateText = (iso: string | Date) => new Date(iso).toISOString().slice(0, 10);

/**
 * Whether an order ships to the United States: its checkout's country, or for the spec's single
 * order (one free-text line) "USA", "United States" or a state and ZIP code ("TX 78701") in it.
 */
export function shipsToUs(order: Pick<OrderDetail, 'address' | 'taxRate'>): boolean {
  if (order.taxRate) return order.taxRate.country === 'US';
  return /\b(USA|U\.S\.A\.?|United States)\b/i.test(order.address) || /\b[A-Z]{2}\s+\d{5}(-\d{4})?\b/.test(order.address);
}

/** US Letter for an address in the United States (the paper there), A4 elsewhere. */
export const paperFor = (order: Pick<OrderDetail, 'address' | 'taxRate'>): 'LETTER' | 'A4' => (shipsToUs(order) ? 'LETTER' : 'A4');

/** The tax line's words: the rate and the state or country it was charged for. */
export function taxLineOf(order: Pick<OrderDetail, 'taxRate'>): string {
  const rate = order.taxRate;
  if (!rate) return totalsText.taxLine(undefined);
  const state = rate.country === 'US' ? US_STATES.find(([code]) => code === rate.region)?.[1] : undefined;
  return totalsText.taxLine({ rate: rate.rate, country: rate.country, place: state ?? countryName(rate.country) });
}

/**
 * A numbered invoice for a paid order as a PDF, on US Letter for the United States and A4 elsewhere:
 * the seller, the buyer and where it ships, each line with its quantity, unit price and amount, the
 * tax with its rate and the state or country, the total, the payment, and every refund as a credit
 * line. Made with pdfkit's own fonts (Helvetica), so it needs no font files; uncompressed (a few KB),
 * so its text can be read back by the tests.
 */
export function invoicePdf(order: OrderDetail, invoice: { number: string; issuedAt: Date }, seller: Seller): Promise<Buffer> {
  const doc = new PDFDocument({ size: paperFor(order), margin: 50, compress: false, info: { Title: `Invoice ${invoice.number}`, Author: seller.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).text(`Invoice ${invoice.number}`);
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  doc.text(`Date: ${dateText(invoice.issuedAt)}`);
  doc.text(`Order: ${order.number} (placed ${dateText(order.placedAt)})`);
  doc.moveDown();

  const top = doc.y;
  doc.font('Helvetica-Bold').text('Seller', 50, top);
  doc.font('Helvetica').text(seller.name).text(seller.address).text(seller.url);
  doc.font('Helvetica-Bold').text('Billed and shipped to', 300, top);
  doc.font('Helvetica').text(order.name, 300).text(order.email, 300).text(order.address, 300, undefined, { width: 245 }).text(order.phone, 300);
  doc.x = 50;
  doc.moveDown(2);

  const columns = { item: 50, quantity: 330, unit: 390, amount: 470 };
  const row = (item: string, quantity: string, unit: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(item, columns.item, y, { width: 270 });
    const after = doc.y;
    doc.text(quantity, columns.quantity, y, { width: 50, align: 'right' });
    doc.text(unit, columns.unit, y, { width: 70, align: 'right' });
    doc.text(amount, columns.amount, y, { width: 75, align: 'right' });
    doc.x = 50;
    doc.y = Math.max(after, doc.y) + 4;
  };
  row('Item', 'Qty', 'Unit price', 'Amount', true);
  for (const line of order.lines) row(line.productName, String(line.quantity), formatCents(line.unitPrice), formatCents(line.total));
  for (const refund of order.refunds) row(`Credit: ${refund.reason} (${dateText(refund.at)})`, '', '', `-${formatCents(refund.amount)}`);
  doc.moveDown();
  row(totalsText.subtotal, '', '', formatCents(order.totals.subtotal), true);
  const method = order.delivery ? ` (${totalsText.method[order.delivery.method]})` : '';
  row(`${totalsText.shipping}${method}`, '', '', formatCents(order.totals.shipping));
  row(taxLineOf(order), '', '', formatCents(order.totals.tax));
  row(totalsText.total, '', '', formatCents(order.totals.total), true);
  row('Paid by card', '', '', formatCents(order.totals.paid));
  if (order.totals.refunded > 0) row('Refunded', '', '', `-${formatCents(order.totals.refunded)}`);
  row('Net paid', '', '', formatCents(order.totals.paid - order.totals.refunded), true);
  doc.moveDown();
  if (order.transactionId) doc.font('Helvetica').text(`Payment reference: ${order.transactionId}`);
  doc.text(`Thank you for shopping with ${brand.full}.`);
  doc.end();
  return done;
}
