import { useMutation } from '@tanstack/react-query';

/**
 * Downloads the CSV of the given filters. The file code (export-transactions) loads on the first export, so
 * the Transactions page's first JavaScript stays within its budget.
 */
export function useExportTransactions() {
  return useMutation({
    mutationFn: async (query: string) => {
      const { downloadFile, exportTransactionsCsv } = await import('./export-transactions');
      downloadFile(await exportTransactionsCsv(query));
    },
  });
}
