import { z } from 'zod';
import { money } from '../money';

/** The formats a file is recognised as, from its content (never its extension). */
export const importFormat = z.enum(['csv', 'ofx', 'qfx', 'qif']);
export type ImportFormat = z.infer<typeof importFormat>;

/** How a CSV's day column is written. */
export const dateFormat = z.enum(['YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY', 'DD.MM.YYYY', 'YYYYMMDD']);
export type DateFormat = z.infer<typeof dateFormat>;

/**
 * How a QIF's slashed dates are written: month first (MM/DD, Quicken's own) or day first (DD/MM). A file whose
 * days never go past the 12th cannot show which.
 */
export const qifDayOrder = z.enum(['MDY', 'DMY'], {
  error: "Say how the file's dates are written: 'MDY' (month first) or 'DMY' (day first)",
});
export type QifDayOrder = z.infer<typeof qifDayOrder>;

/** The largest file accepted, in characters (a 50,000-row statement is ~4 MB). */
export const MAX_IMPORT_FILE_CHARS = 20_000_000;
/**
 * The most rows (CSV or QIF lines with something on them, OFX transactions) a file may have: five times the
 * 50,000-row statement the app is measured with, and what a 20 MB CSV of full rows holds. More is refused with
 * a message rather than read.
 */
export const MAX_IMPORT_ROWS = 250_000;
/** The longest line a CSV or QIF may have: a statement's lines are a few hundred characters. */
export const MAX_IMPORT_LINE_CHARS = 100_000;
/** The widest CSV read: real statements have a dozen columns; a wider file is refused before any work per column. */
export const MAX_CSV_COLUMNS = 100;
const column = z
  .number()
  .int()
  .min(0)
  .max(MAX_CSV_COLUMNS - 1, `A statement has at most ${MAX_CSV_COLUMNS} columns`);
/** How many rows a preview shows. */
export const PREVIEW_ROWS = 20;

/**
 * Which CSV column (0-based) holds what. Either `amount` (signed, money in positive unless `negateAmount`)
 * or `debit` and/or `credit` (sizes: debit is money out, credit money in).
 */
export const csvMapping = z
  .object({
    delimiter: z.enum([',', ';', '\t', '|']),
    hasHeader: z.boolean(),
    date: column,
    description: column,
    amount: column.nullable(),
    debit: column.nullable(),
    credit: column.nullable(),
    category: column.nullable(),
    notes: column.nullable(),
    dateFormat,
    decimalSeparator: z.enum(['.', ',']),
    /** Some banks write spending as positive numbers in a single amount column. */
    negateAmount: z.boolean(),
  })
  .refine((m) => m.amount !== null || m.debit !== null || m.credit !== null, {
    message: 'Choose the amount column, or the debit and credit columns',
    path: ['amount'],
  })
  .refine(
    (m) => {
      const chosen = [m.date, m.description, m.amount, m.debit, m.credit].filter((c) => c !== null);
      return new Set(chosen).size === chosen.length;
    },
    { message: 'Choose a different column for the date, the description and each amount', path: ['amount'] },
  );
export type CsvMapping = z.infer<typeof csvMapping>;

/** POST /imports/preview and POST /imports: the file's text and where it goes. */
export const importBody = z.object({
  accountId: z.uuid('Choose an account'),
  content: z
    .string({ error: 'Choose a file' })
    .min(1, 'The file is empty')
    .max(MAX_IMPORT_FILE_CHARS, 'The file is too large (at most 20 MB)'),
  fileName: z.string().max(255).optional(),
  /** CSV only; without it the account's remembered mapping is used, else one is detected. */
  mapping: csvMapping.optional(),
  /**
   * QIF only: the order its dates are written in, for a file whose days do not show it; without it the
   * account's remembered one is used, else month first. A file whose days show the other order is read in that.
   */
  qifDayOrder: qifDayOrder.optional(),
  /** Store the valid rows and leave out the invalid ones; without it one invalid row refuses the file. */
  skipInvalid: z.boolean().default(false),
});
export type ImportBody = z.infer<typeof importBody>;

/**
 * What becomes of a row: new; a duplicate of one already imported from a file (same FITID, or same
 * fingerprint); matched to a bank or hand-entered transaction of the account on that day with that amount
 * (flagged, not stored twice); or invalid.
 */
export const importRowStatus = z.enum(['new', 'duplicate', 'matched', 'invalid']);
export type ImportRowStatus = z.infer<typeof importRowStatus>;

export const importPreviewRow = z.object({
  /** 1-based line (CSV/QIF) or transaction number (OFX) in the file. */
  line: z.number(),
  status: importRowStatus,
  /** Null when invalid. */
  date: z.string().nullable(),
  description: z.string(),
  merchantName: z.string().nullable(),
  /** Positive = money in; null when invalid. */
  amount: money.nullable(),
  category: z.number(),
  categoryName: z.string(),
  note: z.string().nullable(),
  /** Why an invalid row is invalid. */
  error: z.string().nullable(),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRow>;

export const importCounts = z.object({
  total: z.number(),
  new: z.number(),
  duplicate: z.number(),
  matched: z.number(),
  invalid: z.number(),
});
export type ImportCounts = z.infer<typeof importCounts>;

export const importPreview = z.object({
  format: importFormat,
  /** CSV: the header cells (or "Column 1"… without a header) and the first rows' raw cells for the mapping step. */
  columns: z.array(z.string()),
  sampleRows: z.array(z.array(z.string())),
  /** CSV: the mapping used (remembered, given or detected); null for other formats. */
  mapping: csvMapping.nullable(),
  /** True when the mapping came from the account's last import. */
  mappingRemembered: z.boolean(),
  /** CSV: the mapping could not be detected with confidence, so the person must confirm it. */
  needsMapping: z.boolean(),
  /** QIF: the order its dates were read in; null for other formats. */
  dayOrder: qifDayOrder.nullable(),
  /**
   * QIF: what decided the order: the file's days ('file', a day above 12 shows it), the account's last QIF
   * ('remembered'), the request's qifDayOrder ('chosen'), else month first ('default'); null for other formats.
   */
  dayOrderSource: z.enum(['file', 'remembered', 'chosen', 'default']).nullable(),
  /**
   * QIF: the file's days do not show their order, reading them the other way changes them, and the account
   * remembers none: the person should confirm it (and stays asked while choosing, qifDayOrder given or not).
   */
  needsDayOrder: z.boolean(),
  rows: z.array(importPreviewRow),
  counts: importCounts,
  /** The first invalid rows (up to 50), to show why. */
  invalidRows: z.array(z.object({ line: z.number(), reason: z.string() })),
});
export type ImportPreview = z.infer<typeof importPreview>;

export const importResult = z.object({
  format: importFormat,
  imported: z.number(),
  duplicates: z.number(),
  matched: z.number(),
  skippedInvalid: z.number(),
  /** The date range of the stored rows; null when nothing was stored. */
  fromDate: z.string().nullable(),
  toDate: z.string().nullable(),
});
export type ImportResult = z.infer<typeof importResult>;
