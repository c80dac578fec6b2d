import type { CsvMapping } from '@tally/shared';

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
