import { api } from '../../../lib/api';
import { attachmentName, type CsvFile } from '../../../lib/download';

export { downloadFile } from '../../../lib/download';

/** GET /transactions/export: the CSV of the given filters (a file, so the response is read here). */
export async function exportTransactionsCsv(query: string): Promise<CsvFile> {
  const res = await api.file(`transactions/export${query ? `?${query}` : ''}`, 'text/csv');
  return { blob: await res.blob(), filename: attachmentName(res, 'transactions.csv') };
}
