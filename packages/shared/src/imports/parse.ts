import { parseCsv } from './csv';
import type { CsvMapping, ImportFormat, QifDayOrder } from './imports.schema';
import { parseOfx } from './ofx';
import { ImportFileError, type ParsedFile } from './parsed-file';
import { parseQif } from './qif';

export { type DecimalSeparator, parseDecimalAmount } from './amounts';
export { type CsvDetection, detectCsvMapping } from './csv';
export { parseDay } from './days';
export { ImportFileError, type ParsedFile, type ParsedRow, type RowError } from './parsed-file';

/** How far into a file its kind is looked for. */
const HEAD_CHARS = 4096;
const OFX_HEAD = /^\s*(?:OFXHEADER\s*:|DATA\s*:\s*OFXSGML|<OFX>|<\?OFX\b)/i;
const XML_DECLARATION = /^\s*<\?xml\b/i;
const OFX_IN_XML = /<\?OFX\b|<OFX>/i;
/** Intuit's sign-on fields make an OFX file a QFX (Quicken Web Connect) file. */
const INTUIT_MARKER = /<INTU\.(?:BID|USERID)>/i;
const QIF_HEAD = /^\s*!(?:type|account|option|clear)\b/i;
const BYTE_ORDER_MARK = '\uFEFF';

const withoutBom = (content: string) => (content.startsWith(BYTE_ORDER_MARK) ? content.slice(1) : content);

/**
 * The file's kind from its content, never its name: OFX (SGML 'OFXHEADER:100' or XML '<?OFX'/'<OFX>'), QFX (OFX
 * carrying Intuit's INTU.BID or INTU.USERID), QIF (a '!Type:' header), else CSV. Never throws.
 */
export function detectFormat(content: string): ImportFormat {
  const head = withoutBom(content.slice(0, HEAD_CHARS + 1));
  const isOfx = OFX_HEAD.test(head) || (XML_DECLARATION.test(head) && OFX_IN_XML.test(head));
  if (isOfx) return INTUIT_MARKER.test(content) ? 'qfx' : 'ofx';
  if (QIF_HEAD.test(head)) return 'qif';
  return 'csv';
}

/** Statements saved in a form that is not text, with what to do instead. */
function refuseNonText(content: string): void {
  const head = content.slice(0, HEAD_CHARS);
  if (head.startsWith('%PDF')) {
    throw new ImportFileError(
      'PDF statements cannot be imported: download a CSV, OFX, QFX or QIF file from your bank',
    );
  }
  if (head.startsWith('PK\u0003\u0004') || head.startsWith('\u00d0\u00cf\u0011\u00e0')) {
    throw new ImportFileError('Spreadsheet files cannot be imported: save the sheet as CSV and import that');
  }
  if (head.includes('\u0000')) {
    throw new ImportFileError('This is not a text file: choose a CSV, OFX, QFX or QIF statement');
  }
}

/** What a format without day-order questions answers for them. */
const NO_DAY_ORDER = { dayOrder: null, dayOrderConfident: null, dayOrderMatters: null } as const;

/**
 * Reads a statement file: its kind from the content, then every transaction as a row or, when it cannot be read,
 * a row error with its line and the reason. CSV uses `options.mapping` when given, else a detected one. QIF reads
 * its dates in the order its days show, else in `options.dayOrder`, else month first (see parseQif). Throws
 * ImportFileError when the file as a whole cannot be read.
 */
export function parseImportFile(
  content: string,
  options: { mapping?: CsvMapping; dayOrder?: QifDayOrder } = {},
): ParsedFile {
  const text = withoutBom(content);
  if (text.trim() === '') throw new ImportFileError('The file is empty');
  refuseNonText(text);
  const format = detectFormat(text);
  if (format === 'ofx' || format === 'qfx') {
    const { rows, errors } = parseOfx(text, format === 'qfx' ? 'QFX' : 'OFX');
    return {
      format,
      rows,
      errors,
      columns: [],
      sampleRows: [],
      mapping: null,
      needsMapping: false,
      ...NO_DAY_ORDER,
    };
  }
  if (format === 'qif') {
    const qif = parseQif(text, { dayOrder: options.dayOrder });
    return { format, columns: [], sampleRows: [], mapping: null, needsMapping: false, ...qif };
  }
  const csv = parseCsv(text, options.mapping);
  return {
    format,
    rows: csv.rows,
    errors: csv.errors,
    columns: csv.columns,
    sampleRows: csv.sampleRows,
    mapping: csv.mapping,
    needsMapping: options.mapping === undefined && !csv.confident,
    ...NO_DAY_ORDER,
  };
}
