import type { ApiCallOptions, ApiPath } from './api-call-types';
import { api } from './api-client';

/**
 * GET a file the api writes for a signed-in caller (an invoice, a CSV export) through the one
 * client, which carries the sign-in a plain link cannot, then hands it to the browser as a download
 * named as the api's Content-Disposition says (else `filename`).
 */
export async function downloadFile<P extends ApiPath<'get'>>(path: P, options: ApiCallOptions<P, 'get'> & { filename: string }): Promise<void> {
  const { data, headers } = await api.file(path, options);
  const name = /filename="([^"]+)"/.exec(String(headers['content-disposition'] ?? ''))?.[1] ?? options.filename;
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
