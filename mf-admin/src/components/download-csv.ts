import { useCallback, useState } from 'react';
import { toast } from 'react-toastify';
import { downloadFile, errorMessage } from '@pcpp/contracts';
import type { ApiCallOptions } from '@pcpp/contracts/core';

/** The admin's CSV exports. */
type CsvPath = '/orders.csv' | '/tools.csv';

/** A Download button's state for an admin CSV export: busy while the file comes, a toast when it cannot. */
export function useCsvDownload() {
  const [downloading, setDownloading] = useState(false);
  const download = useCallback(async <P extends CsvPath>(path: P, options: ApiCallOptions<P, 'get'> & { filename: string }) => {
    setDownloading(true);
    try {
      await downloadFile(path, options);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setDownloading(false);
    }
  }, []);
  return { downloading, download };
}
