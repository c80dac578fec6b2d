import { api } from '../../../lib/api';

export type CsvFile = { blob: Blob; filename: string };

const FILENAME = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i;

/** GET /transactions/export: the CSV of the given filters (a file, so the response is read here). */
export async function exportTransactionsCsv(query: string): Promise<CsvFile> {
  const res = await api.file(`transactions/export${query ? `?${query}` : ''}`, 'text/csv');
  const header = res.headers.get('content-disposition') ?? '';
  const filename = decodeURIComponent(FILENAME.exec(header)?.[1] ?? 'transactions.csv');
  return { blob: await res.blob(), filename };
}

/** Saves a file through a temporary link, the one way browsers allow without a dialog API. */
export function downloadFile({ blob, filename }: CsvFile) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start the download only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
