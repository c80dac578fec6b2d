export type CsvFile = { blob: Blob; filename: string };

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

const FILENAME = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i;

/** The file name an answer's Content-Disposition gives, else `fallback`. */
export function attachmentName(res: Response, fallback: string): string {
  const header = res.headers.get('content-disposition') ?? '';
  return decodeURIComponent(FILENAME.exec(header)?.[1] ?? fallback);
}
