import { type CsvMapping, csvMapping, type DateFormat, dateFormat } from '@tally/shared';

/** A CSV's money is in one signed column, or split into debit (out) and credit (in) columns. */
export type AmountMode = 'single' | 'split';

export const amountMode = (mapping: CsvMapping): AmountMode => (mapping.amount !== null ? 'single' : 'split');

const EXAMPLE_DAY: Record<DateFormat, string> = {
  'YYYY-MM-DD': '2024-01-31',
  'MM/DD/YYYY': '01/31/2024',
  'DD/MM/YYYY': '31/01/2024',
  'DD.MM.YYYY': '31.01.2024',
  YYYYMMDD: '20240131',
};

export const DATE_FORMAT_OPTIONS = dateFormat.options.map((format) => ({
  value: format,
  label: `${format} (${EXAMPLE_DAY[format]})`,
}));

export const DECIMAL_OPTIONS: { value: CsvMapping['decimalSeparator']; label: string }[] = [
  { value: '.', label: 'Point: 1,234.56' },
  { value: ',', label: 'Comma: 1.234,56' },
];

export const DELIMITER_OPTIONS: { value: CsvMapping['delimiter']; label: string }[] = [
  { value: ',', label: 'Comma ( , )' },
  { value: ';', label: 'Semicolon ( ; )' },
  { value: '\t', label: 'Tab' },
  { value: '|', label: 'Pipe ( | )' },
];

const SAMPLE_LENGTH = 24;

/**
 * The column selects' options: each column by its header (or 'Column N') with the first row's value, so
 * a person can tell 'Column 3 (−12,50)' from 'Column 4 (Coffee)'.
 */
export function columnOptions(
  columns: readonly string[],
  sampleRows: readonly (readonly string[])[],
): { value: string; label: string }[] {
  return columns.map((name, index) => {
    const sample = sampleRows.map((row) => row[index]?.trim() ?? '').find((cell) => cell !== '');
    const shown = sample && sample.length > SAMPLE_LENGTH ? `${sample.slice(0, SAMPLE_LENGTH - 1)}…` : sample;
    return {
      value: String(index),
      label:
        shown && shown !== name
          ? `${name || `Column ${index + 1}`} (${shown})`
          : name || `Column ${index + 1}`,
    };
  });
}

const guess = (columns: readonly string[], pattern: RegExp, taken: readonly (number | null)[]) => {
  const index = columns.findIndex((c, i) => pattern.test(c) && !taken.includes(i));
  return index === -1 ? null : index;
};

/**
 * The mapping after the person switches between one amount column and debit + credit columns. Columns
 * already chosen carry over (the amount becomes the debit and back), else a header that names the role
 * is taken; a negated single amount means nothing for split columns, so that switch goes off.
 */
export function withAmountMode(
  mapping: CsvMapping,
  mode: AmountMode,
  columns: readonly string[],
): CsvMapping {
  if (mode === amountMode(mapping)) return mapping;
  const taken = [mapping.date, mapping.description, mapping.category, mapping.notes];
  if (mode === 'single') {
    const amount =
      mapping.debit ?? mapping.credit ?? guess(columns, /amount|betrag|montant|importe|sum/i, taken) ?? 0;
    return { ...mapping, amount, debit: null, credit: null };
  }
  const debit = mapping.amount ?? guess(columns, /debit|withdraw|paid out|money out|soll|ausgang/i, taken);
  const credit = guess(columns, /credit|deposit|paid in|money in|haben|eingang/i, [...taken, debit]);
  return { ...mapping, amount: null, debit, credit, negateAmount: false };
}

/** An optional column select's value: a column (its index as text), or none (anything else). */
export const optionalColumn = (value: string | null): number | null =>
  value !== null && /^\d+$/.test(value) ? Number(value) : null;

/** Why the mapping cannot be previewed yet, in the schema's words; null when it can. */
export function mappingProblem(mapping: CsvMapping): string | null {
  const used = [
    ['Date', mapping.date],
    ['Description', mapping.description],
    ['Amount', mapping.amount],
    ['Debit', mapping.debit],
    ['Credit', mapping.credit],
  ] as const;
  for (const [i, [name, column]] of used.entries()) {
    const clash = used.slice(i + 1).find(([, other]) => column !== null && other === column);
    if (clash) return `${name} and ${clash[0]} are the same column; choose different ones`;
  }
  const result = csvMapping.safeParse(mapping);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Choose the columns');
}

/** A starting mapping when the server had none to offer: the first columns in the usual order. */
export function fallbackMapping(columns: readonly string[]): CsvMapping {
  return {
    delimiter: ',',
    hasHeader: true,
    date: 0,
    description: columns.length > 1 ? 1 : 0,
    amount: columns.length > 2 ? 2 : 0,
    debit: null,
    credit: null,
    category: null,
    notes: null,
    dateFormat: 'YYYY-MM-DD',
    decimalSeparator: '.',
    negateAmount: false,
  };
}
