import { useCallback, useState } from 'react';
import { toast } from 'react-toastify';
import { downloadFile, errorMessage } from '@pcpp/contracts';

/** A Download button's state for an admin CSV export: busy while the file comes, a toast when it cannot. */
export function useCsvDownload() {
  const [downloading, setDownloading] = useState(false);
  const download = useCallback(async (path: string, params: Record<string, string>, filename: string) => {
    setDownloading(true);
    try {
      await downloadFile(path, { params, filename });
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setDownloading(false);
    }
  }, []);
  return { downloading, download };
}
