import { apiClient } from './api-client';

/**
 * GET a file the api writes for a signed-in caller (an invoice, a CSV export) through the one
 * client, which carries the sign-in a plain link cannot, then hands it to the browser as a download
 * named as the api's Content-Disposition says (else `filename`).
 */
export async function downloadFile(path: string, { params, filename }: { params?: Record<string, string>; filename: string }): Promise<void> {
  const { data, headers } = await apiClient.get<Blob>(path, { params, responseType: 'blob' });
  const name = /filename="([^"]+)"/.exec(String(headers['content-disposition'] ?? ''))?.[1] ?? filename;
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
