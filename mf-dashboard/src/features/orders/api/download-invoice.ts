import { downloadFile } from '@pcpp/contracts';

/** GET /orders/{number}/invoice.pdf, handed to the browser as a download. */
export function downloadInvoice(number: string): Promise<void> {
  return downloadFile('/orders/{number}/invoice.pdf', { params: { number }, filename: `invoice-${number}.pdf` });
}
