import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /user/export: everything the person owns as one ZIP, saved as a download. */
export function useExportData() {
  return useMutation({
    mutationFn: async () => {
      // The saving code loads with the first export, as the transactions' does.
      const { attachmentName, downloadFile } = await import('../../../lib/download');
      const res = await api.file('user/export', 'application/zip');
      downloadFile({ blob: await res.blob(), filename: attachmentName(res, 'tally-export.zip') });
    },
  });
}
