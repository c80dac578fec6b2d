import { api } from '../../../lib/api';
import type { CsvFile } from '../../../lib/download';

export { downloadFile } from '../../../lib/download';

const FILENAME = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i;

/** GET /transactions/export: the CSV of the given filters (a file, so the response is read here). */
export async function exportTransactionsCsv(query: string): Promise<CsvFile> {
  const res = await api.file(`transactions/export${query ? `?${query}` : ''}`, 'text/csv');
  const header = res.headers.get('content-disposition') ?? '';
  const filename = decodeURIComponent(FILENAME.exec(header)?.[1] ?? 'transactions.csv');
  return { blob: await res.blob(), filename };
}
