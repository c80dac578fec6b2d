import type { CsvMapping, ImportPreview } from '@tally/shared';

/**
 * A CSV statement's columns as a German bank writes them (Buchungstag;Verwendungszweck;Betrag): the date, the
 * text and one amount column, separated by semicolons. Override what a test is about.
 */
export const aCsvMapping = (patch: Partial<CsvMapping> = {}): CsvMapping => ({
  delimiter: ';',
  hasHeader: true,
  date: 0,
  description: 1,
  amount: 2,
  debit: null,
  credit: null,
  category: null,
  notes: null,
  dateFormat: 'DD.MM.YYYY',
  decimalSeparator: '.',
  negateAmount: false,
  ...patch,
});

/**
 * The server's preview of an OFX statement of three transactions, one of them imported before; no rows are
 * listed. Override what a test is about.
 */
export const anImportPreview = (patch: Partial<ImportPreview> = {}): ImportPreview => ({
  format: 'ofx',
  columns: [],
  sampleRows: [],
  mapping: null,
  mappingRemembered: false,
  needsMapping: false,
  dayOrder: null,
  dayOrderSource: null,
  needsDayOrder: false,
  rows: [],
  counts: { total: 3, new: 2, duplicate: 1, matched: 0, invalid: 0 },
  invalidRows: [],
  ...patch,
});
