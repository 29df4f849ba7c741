import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, orderKeys } from '@pcpp/contracts';
import { orderDetailSchema } from '@pcpp/contracts/core';

/** GET /orders/{number}: everything about one order (its lines, parcels, refunds, returns, totals). */
export function getOrder(number: string, signal?: AbortSignal) {
  return api.get('/orders/{number}', { params: { number }, signal, answer: orderDetailSchema });
}

export const orderQuery = (number: string) => queryOptions({ queryKey: orderKeys.whole(number), queryFn: ({ signal }) => getOrder(number, signal) });

export const useOrder = (number: string) => useQuery(orderQuery(number));

/**
 * GET /orders/{number}/invoice.pdf through the one api client (it adds the bearer token, so a
 * plain link would not do), as a file the browser saves.
 */
export async function downloadInvoice(number: string): Promise<void> {
  const { data } = await api.file('/orders/{number}/invoice.pdf', { params: { number } });
  const url = URL.createObjectURL(data);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `invoice-${number}.pdf`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}
