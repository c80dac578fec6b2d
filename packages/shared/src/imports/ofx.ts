import { parseLabelledAmount } from './amounts';
import { toDay } from './days';
import { MAX_IMPORT_ROWS } from './imports.schema';
import { cleanOptional, ImportFileError, type ParsedRow, type RowError } from './parsed-file';

/*
 * OFX comes in two shapes: 1.x is SGML, where leaf elements are usually left unclosed (`<TRNAMT>-12.00` then the
 * next tag) and aggregates are closed; 2.x is XML, where everything is closed. One small scanner reads both: it
 * walks the tags in order, and inside each STMTTRN takes an element followed by text as a leaf. An element with
 * no text is an empty leaf unless it is one of the few aggregates a STMTTRN can hold, which is what an SGML
 * reader would know from the DTD; that keeps an empty unclosed `<MEMO>` from swallowing the `<NAME>` after it.
 */

/** Aggregates a STMTTRN may contain (OFX 2.2 §11.4.4.1); their leaves are read as e.g. PAYEE.NAME. */
const TRANSACTION_AGGREGATES = new Set([
  'PAYEE',
  'BANKACCTTO',
  'CCACCTTO',
  'CURRENCY',
  'ORIGCURRENCY',
  'IMAGEDATA',
]);
const ENTITY = /&(?:(amp|lt|gt|quot|apos|nbsp)|#(\d{1,7})|#x([0-9a-f]{1,6}));/gi;
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};
/** YYYYMMDD, then an optional time, fraction and [offset:zone]: only the day part is kept, as the bank wrote it. */
const OFX_DATE = /^(\d{4})(\d{2})(\d{2})/;
const OFX_START = /<OFX[\s>]/i;

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    ENTITY,
    (whole, named: string | undefined, dec: string | undefined, hex: string | undefined) => {
      if (named) return NAMED_ENTITIES[named.toLowerCase()] ?? whole;
      const code = dec ? Number(dec) : Number.parseInt(hex ?? '', 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    },
  );
}

type Fields = Map<string, string>;

/**
 * How deep aggregates may nest inside a STMTTRN: the specification nests them one deep (PAYEE.NAME), a few
 * banks two. Deeper is no statement, and an unbounded path made every field's key longer than the last.
 */
export const MAX_OFX_DEPTH = 8;
/** Elements one STMTTRN may hold: the specification defines about thirty; a bank writes a dozen. */
export const MAX_OFX_FIELDS = 100;
/** OFX element names are at most 32 characters; a longer one names nothing we read. */
const MAX_TAG_NAME = 32;

const notAStatement = (what: string) =>
  new ImportFileError(`The file ${what}: it does not look like a bank statement`);

/**
 * The STMTTRN aggregates of an OFX document, each as its leaf fields (FITID, NAME, PAYEE.NAME…), in order.
 * One pass over the text; each field's key is built from at most MAX_OFX_DEPTH aggregate names, so the work
 * and what is kept grow with the file, never faster. Throws ImportFileError past MAX_OFX_DEPTH,
 * MAX_OFX_FIELDS or MAX_IMPORT_ROWS transactions.
 */
export function readOfxTransactions(content: string): Fields[] {
  const found = OFX_START.exec(content);
  const n = content.length;
  let i = found ? found.index : 0;
  const transactions: Fields[] = [];
  let current: Fields | null = null;
  let elements = 0;
  const path: string[] = [];
  /** path joined with '.' and ending in '.', or '' at the STMTTRN's own level. */
  let prefix = '';
  let leaf: string | null = null;

  const setPath = (length: number) => {
    path.length = length;
    prefix = length > 0 ? `${path.join('.')}.` : '';
  };
  const close = () => {
    if (current) transactions.push(current);
    current = null;
    setPath(0);
    leaf = null;
  };
  const keep = (text: string) => {
    const fields = current;
    if (!fields || leaf === null || text === '') return;
    const key = prefix + leaf;
    if (!fields.has(key)) fields.set(key, text);
    leaf = null;
  };

  while (i < n) {
    const lt = content.indexOf('<', i);
    const textEnd = lt === -1 ? n : lt;
    if (current && leaf !== null && textEnd > i) {
      const text = content.slice(i, textEnd).trim();
      if (text !== '') keep(decodeEntities(text));
    }
    if (lt === -1) break;

    if (content.startsWith('<!--', lt)) {
      const end = content.indexOf('-->', lt + 4);
      i = end === -1 ? n : end + 3;
      continue;
    }
    if (content.startsWith('<![CDATA[', lt)) {
      const end = content.indexOf(']]>', lt + 9);
      const stop = end === -1 ? n : end;
      if (current && leaf !== null) keep(content.slice(lt + 9, stop).trim());
      i = end === -1 ? n : end + 3;
      continue;
    }
    const gt = content.indexOf('>', lt + 1);
    if (gt === -1) break;
    i = gt + 1;
    // Only the name is looked at: a tag's attributes (XML) are read past, never copied.
    let start = lt + 1;
    while (start < gt && isSpace(content.charCodeAt(start))) start += 1;
    const first = content.charAt(start);
    if (first === '?' || first === '!' || start === gt) continue;
    const closing = first === '/';
    if (closing) {
      start += 1;
      while (start < gt && isSpace(content.charCodeAt(start))) start += 1;
    }
    let stop = start;
    while (stop < gt && stop - start <= MAX_TAG_NAME && !endsName(content.charCodeAt(stop))) stop += 1;
    const name = content.slice(start, stop).toUpperCase();
    let last = gt - 1;
    while (last > stop && isSpace(content.charCodeAt(last))) last -= 1;
    const selfClosing = !closing && content.charCodeAt(last) === SLASH;

    if (closing) {
      leaf = null;
      if (name === 'STMTTRN' || name === 'BANKTRANLIST') close();
      else if (current) {
        const at = path.lastIndexOf(name);
        if (at !== -1) setPath(at);
      }
      continue;
    }
    if (name === 'STMTTRN') {
      close();
      if (transactions.length >= MAX_IMPORT_ROWS) {
        throw new ImportFileError(
          `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} transactions: import it in parts (a year at a time)`,
        );
      }
      current = new Map();
      elements = 0;
      continue;
    }
    if (!current) continue;
    elements += 1;
    if (elements > MAX_OFX_FIELDS) {
      throw notAStatement(`has a transaction with more than ${MAX_OFX_FIELDS} fields`);
    }
    if (stop - start > MAX_TAG_NAME) {
      // No element of the specification is named so; its text is nobody's field.
      leaf = null;
      continue;
    }
    if (TRANSACTION_AGGREGATES.has(name)) {
      leaf = null;
      if (selfClosing) continue;
      if (path.length >= MAX_OFX_DEPTH) {
        throw notAStatement(`nests a transaction's parts more than ${MAX_OFX_DEPTH} deep`);
      }
      path.push(name);
      setPath(path.length);
    } else {
      leaf = selfClosing ? null : name;
    }
  }
  close();
  return transactions;
}

const SLASH = 0x2f;
/** Whitespace as XML and SGML separate a tag's name from what follows. */
const isSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
const endsName = (code: number) => isSpace(code) || code === SLASH;

function ofxDay(text: string): string | null {
  const m = OFX_DATE.exec(text.trim());
  return m ? toDay(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/** Whether `long` is `short` continued: banks cut NAME at 32 characters and give the whole text in MEMO. */
function continues(long: string, short: string): boolean {
  return long.length > short.length && long.toLowerCase().startsWith(short.toLowerCase());
}

/**
 * Some banks write TRNAMT with a decimal comma. An amount ending in a separator and one or two digits says which
 * it uses; one that does not ('1,000', '3') follows the file: ',' when some amount ends in a comma and one or two
 * digits and none in a point and one or two digits, else '.'. So '1,000' beside '12.50' is a thousand.
 */
function fileSeparator(amounts: readonly string[]): '.' | ',' {
  const comma = amounts.some((a) => COMMA_DECIMAL.test(a.trim()));
  const point = amounts.some((a) => POINT_DECIMAL.test(a.trim()));
  return comma && !point ? ',' : '.';
}
const COMMA_DECIMAL = /,\d{1,2}$/;
function separatorOf(amount: string, file: '.' | ','): '.' | ',' {
  const text = amount.trim();
  if (COMMA_DECIMAL.test(text)) return ',';
  if (POINT_DECIMAL.test(text)) return '.';
  return file;
}
const POINT_DECIMAL = /\.\d{1,2}$/;

/** Reads an OFX or QFX statement (bank or credit card). */
export function parseOfx(content: string, label: 'OFX' | 'QFX'): { rows: ParsedRow[]; errors: RowError[] } {
  const transactions = readOfxTransactions(content);
  if (transactions.length === 0) {
    throw new ImportFileError(`The ${label} file has no transactions`);
  }
  const rows: ParsedRow[] = [];
  const errors: RowError[] = [];
  const separator = fileSeparator(transactions.map((fields) => fields.get('TRNAMT') ?? ''));
  transactions.forEach((fields, index) => {
    const line = index + 1;
    const reasons: string[] = [];

    const posted = fields.get('DTPOSTED') ?? fields.get('DTUSER');
    const date = posted === undefined ? null : ofxDay(posted);
    if (posted === undefined) reasons.push('the transaction has no DTPOSTED date');
    else if (date === null) reasons.push(`DTPOSTED "${posted}" is not a valid date`);

    const amountText = fields.get('TRNAMT');
    let amount: number | null = null;
    if (amountText === undefined) reasons.push('the transaction has no TRNAMT amount');
    else {
      try {
        amount = parseLabelledAmount(amountText, separatorOf(amountText, separator), 'amount');
      } catch (error) {
        reasons.push((error as RangeError).message);
      }
    }

    const name = cleanOptional(fields.get('NAME') ?? fields.get('PAYEE.NAME') ?? fields.get('EXTDNAME'));
    const memo = cleanOptional(fields.get('MEMO'));
    let description: string | null = name;
    let merchantName: string | null = null;
    let note: string | null = memo === name ? null : memo;
    if (name && memo && continues(memo, name)) {
      description = memo;
      merchantName = name;
      note = null;
    } else if (!name) {
      description = memo;
      note = null;
    }
    if (!description) reasons.push('the transaction has no NAME or MEMO');

    if (reasons.length > 0 || date === null || amount === null || !description) {
      errors.push({ line, reason: reasons.join('; ') });
      return;
    }
    rows.push({
      line,
      date,
      description,
      merchantName,
      amount,
      fitId: cleanOptional(fields.get('FITID')),
      category: null,
      note,
    });
  });
  return { rows, errors };
}
