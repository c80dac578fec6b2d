import type { Cents } from '../money';
import type { CsvMapping, ImportFormat, QifDayOrder } from './imports.schema';

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
