import type { Cents } from '../money';
import {
  type CsvMapping,
  type ImportFormat,
  MAX_IMPORT_LINE_CHARS,
  MAX_IMPORT_ROWS,
  type QifDayOrder,
} from './imports.schema';

/** One transaction read from a statement file. */
export type ParsedRow = {
  /** 1-based line in the file (CSV/QIF: the row's first line; OFX: the STMTTRN's ordinal, 1-based). */
  line: number;
  /** YYYY-MM-DD. */
  date: string;
  /** Trimmed, runs of whitespace made one space, never empty (OFX: NAME, or MEMO if no NAME; QIF: P payee, else M memo). */
  description: string;
  /** OFX NAME when the longer MEMO is the description; else null. */
  merchantName: string | null;
  /** App sign: positive is money in. */
  amount: Cents;
  /** OFX FITID. */
  fitId: string | null;
  /** The file's own category text (CSV category column, QIF L line), raw. */
  category: string | null;
  /** CSV notes column, OFX MEMO (when NAME is the description), QIF M memo (when P is the description). */
  note: string | null;
};

/** A row that could not be read, and why in words a person understands. */
export type RowError = { line: number; reason: string };

export type ParsedFile = {
  format: ImportFormat;
  /** Valid rows, in file order. */
  rows: ParsedRow[];
  /** Invalid rows, in file order. */
  errors: RowError[];
  /** CSV headers (or 'Column 1'…); [] otherwise. */
  columns: string[];
  /** CSV: the first 5 data rows' raw cells; [] otherwise. */
  sampleRows: string[][];
  /** CSV: the mapping used. */
  mapping: CsvMapping | null;
  /** CSV: true when no mapping was given and detection was not confident. */
  needsMapping: boolean;
  /** QIF: the order of month and day its slashed dates were read in; null for other formats. */
  dayOrder: QifDayOrder | null;
  /** QIF: the file's days proved that order (some day above 12 in one position); null for other formats. */
  dayOrderConfident: boolean | null;
  /** QIF: reading the file in the other order would change some of its days; null for other formats. */
  dayOrderMatters: boolean | null;
};

/** The file as a whole cannot be read (binary, no rows, OFX without transactions…). The message is user-facing. */
export class ImportFileError extends Error {
  override name = 'ImportFileError';
}

/** The longest description or note kept from a file; a bank's are far shorter, the rest is cut. */
export const MAX_FILE_TEXT = 500;

/** Runs of whitespace (newlines and tabs too) made one space, trimmed, at most MAX_FILE_TEXT characters. */
export function cleanText(text: string): string {
  const trimmed = text.trim();
  const clean = UNCLEAN_SPACE.test(trimmed) ? trimmed.replace(WHITESPACE, ' ') : trimmed;
  return clean.length > MAX_FILE_TEXT ? clean.slice(0, MAX_FILE_TEXT).trimEnd() : clean;
}
const WHITESPACE = /\s+/g;
/** Two whitespace characters in a row, or one that is not a plain space. */
const UNCLEAN_SPACE = /\s\s|[^\S ]/;

/** cleanText, with an empty result as null. */
export function cleanOptional(text: string | undefined): string | null {
  if (text === undefined) return null;
  const cleaned = cleanText(text);
  return cleaned === '' ? null : cleaned;
}

/** The refusal of a file with more than MAX_IMPORT_ROWS rows. */
export const tooManyRows = () =>
  new ImportFileError(
    `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows: import it in parts (a year at a time)`,
  );

/**
 * Refuses a line-based file (CSV, QIF) with a line longer than MAX_IMPORT_LINE_CHARS: no statement has one,
 * and a single line of millions of delimiters would make millions of cells before any other check. One pass.
 */
export function refuseLongLines(content: string): void {
  let line = 1;
  let from = 0;
  while (from <= content.length) {
    const lf = content.indexOf('\n', from);
    const end = lf === -1 ? content.length : lf;
    if (end - from > MAX_IMPORT_LINE_CHARS) {
      // Old Macs end lines with a carriage return alone: count those lines too.
      let at = from;
      while (at < end) {
        const cr = content.indexOf('\r', at);
        const stop = cr === -1 || cr > end ? end : cr;
        if (stop - at > MAX_IMPORT_LINE_CHARS) {
          throw new ImportFileError(
            `Line ${line} is longer than ${MAX_IMPORT_LINE_CHARS.toLocaleString('en-US')} characters: the file does not look like a bank statement`,
          );
        }
        if (stop < end) line += 1;
        at = stop + 1;
      }
      // The segment's own line was counted once per carriage return inside it; the line feed adds the next.
      if (content.charCodeAt(end - 1) === 0x0d) line -= 1;
    }
    if (lf === -1) break;
    line += 1;
    from = lf + 1;
  }
}
