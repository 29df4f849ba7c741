import { apiClient } from '@pcpp/contracts';

/**
 * GET /orders/{number}/invoice.pdf through the one client (it carries the sign-in), then hands the
 * PDF to the browser as a download.
 */
export async function downloadInvoice(number: string): Promise<void> {
  const { data, headers } = await apiClient.get<Blob>(`/orders/${encodeURIComponent(number)}/invoice.pdf`, { responseType: 'blob' });
  const name = /filename="([^"]+)"/.exec(String(headers['content-disposition'] ?? ''))?.[1] ?? `invoice-${number}.pdf`;
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
