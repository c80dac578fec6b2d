import { DecimalVote, parseLabelledAmount } from './amounts';
import { fullYear, toDay } from './days';
import { type QifDayOrder as DayOrder, MAX_IMPORT_ROWS } from './imports.schema';
import {
  cleanOptional,
  ImportFileError,
  type ParsedRow,
  type RowError,
  refuseLongLines,
  tooManyRows,
} from './parsed-file';

/*
 * QIF is line based: a '!Type:' line opens a section, each record is a run of lines whose first character says
 * what the rest is (D date, T amount, P payee…), and '^' ends the record. Only bank-like sections hold
 * transactions; others (!Account, !Type:Cat, !Type:Class, !Type:Memorized) hold lists and are skipped.
 */

/** Sections whose records are transactions of a cash-like account. */
const TRANSACTION_TYPES = new Set(['bank', 'ccard', 'cash', 'oth a', 'oth l']);
const INVESTMENT_TYPES = new Set(['invst', 'port']);
/** The type's words are trimmed after: `\s*` before `(.*)` could try every split of a long run of spaces. */
const HEADER = /^!type:(.*)$/is;
const ACCOUNT_HEADER = /^!account/i;

/** A QIF day: month and day in either order, '/', '-' or '.' between, and '/' or an apostrophe before the year. */
const SLASHED_DAY = /^(\d{1,2})[/.-](\d{1,2})(?:[/.-](\d{2}|\d{4})|'(\d{1,4}))$/;
const ISO_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const SPACES = /\s+/g;

type QifRecord = {
  line: number;
  date?: string;
  amount?: string;
  payee?: string;
  memo?: string;
  category?: string;
  firstSplitCategory?: string;
};

/**
 * Quicken writes 'MM/DD/YY', 'MM/DD'YY' (the apostrophe marks years from 2000, often space-padded as "1/ 5' 4"),
 * or 'MM/DD/YYYY'; other programs write day-first. Null when it is not a real day.
 */
function qifDay(text: string, order: DayOrder): string | null {
  const s = text.replace(SPACES, '');
  const iso = ISO_DAY.exec(s);
  if (iso) return toDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const m = SLASHED_DAY.exec(s);
  if (!m) return null;
  const [a, b] = [Number(m[1]), Number(m[2])];
  let year: number;
  if (m[3] !== undefined) year = fullYear(m[3]);
  else {
    const digits = m[4] ?? '';
    year = digits.length === 4 ? Number(digits) : 2000 + Number(digits);
  }
  return order === 'MDY' ? toDay(year, a, b) : toDay(year, b, a);
}

/** What the file's own days say about the order of their month and day. */
type DayOrderEvidence = {
  /** The order its days show (a day above 12 in one position, the other a month), null when they do not. */
  shown: DayOrder | null;
  /** Reading the file in the other order would change some of its days. */
  matters: boolean;
};

/**
 * A day's first number from 13 to 31 (its second a month) shows day-first; its second number from 13 to 31 shows
 * month-first (Quicken's own order). The side more days show wins; none, or as many each way, shows nothing.
 * Days whose numbers are both 12 or under and differ read as other days in the other order.
 */
function dayOrderOf(records: readonly QifRecord[]): DayOrderEvidence {
  let dmy = 0;
  let mdy = 0;
  let swappable = false;
  for (const r of records) {
    if (!r.date) continue;
    const m = SLASHED_DAY.exec(r.date.replace(SPACES, ''));
    if (!m) continue;
    const [a, b] = [Number(m[1]), Number(m[2])];
    if (a > 12 && a <= 31 && b >= 1 && b <= 12) dmy += 1;
    else if (b > 12 && b <= 31 && a >= 1 && a <= 12) mdy += 1;
    else if (a !== b && a >= 1 && a <= 12 && b >= 1 && b <= 12) swappable = true;
  }
  const shown = dmy > mdy ? 'DMY' : mdy > dmy ? 'MDY' : null;
  return { shown, matters: swappable || dmy + mdy > 0 };
}

function readRecords(content: string): QifRecord[] {
  refuseLongLines(content);
  const records: QifRecord[] = [];
  let inTransactions = false;
  let sawInvestments = false;
  let record: QifRecord | null = null;

  const push = (done: QifRecord) => {
    if (records.length >= MAX_IMPORT_ROWS) throw tooManyRows();
    records.push(done);
  };
  // Line by line without splitting: a file of millions of empty lines never becomes millions of strings.
  for (let i = 0, from = 0; from <= content.length; i++) {
    const lf = content.indexOf('\n', from);
    const raw = content.slice(from, lf === -1 ? content.length : lf);
    from = lf === -1 ? content.length + 1 : lf + 1;
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (text.trim() === '') continue;
    const code = text.charAt(0);
    const value = text.slice(1).trim();

    if (code === '!') {
      if (record) push(record);
      record = null;
      const header = HEADER.exec(text.trim());
      if (header) {
        const type = (header[1] ?? '').trim().toLowerCase().replace(SPACES, ' ');
        inTransactions = TRANSACTION_TYPES.has(type);
        if (INVESTMENT_TYPES.has(type)) sawInvestments = true;
      } else if (ACCOUNT_HEADER.test(text)) {
        // An account list: its records are accounts until the next !Type.
        inTransactions = false;
      }
      // !Option:AutoSwitch and !Clear:AutoSwitch change nothing for reading.
      continue;
    }
    if (!inTransactions) continue;
    if (code === '^') {
      if (record) push(record);
      record = null;
      continue;
    }
    record ??= { line: i + 1 };
    switch (code) {
      case 'D':
        record.date ??= value;
        break;
      case 'T':
        record.amount = value;
        break;
      case 'U':
        // U repeats T in newer Quicken exports; T wins when both are there.
        record.amount ??= value;
        break;
      case 'P':
        record.payee ??= value;
        break;
      case 'M':
        record.memo ??= value;
        break;
      case 'L':
        record.category ??= value;
        break;
      case 'S':
        record.firstSplitCategory ??= value;
        break;
      // N number, C cleared, A address, E/$/% split memo, amount, share: the T total is the transaction.
    }
  }
  if (record) push(record);
  if (records.length === 0) {
    throw new ImportFileError(
      sawInvestments ? 'Investment QIF files cannot be imported' : 'The QIF file has no transactions',
    );
  }
  return records;
}

export type QifFile = {
  rows: ParsedRow[];
  errors: RowError[];
  /** The order of month and day the slashed dates were read in. */
  dayOrder: DayOrder;
  /** The file's days proved that order: some day is above 12 in one position. */
  dayOrderConfident: boolean;
  /** Reading the file in the other order would change some of its days (false when all are ISO, or like 5/5). */
  dayOrderMatters: boolean;
};

/**
 * Reads a QIF file's bank, cash, credit card and other asset/liability transactions. Slashed dates are read in
 * the order the file's days show; when they show none, in `options.dayOrder` (the person's choice, or the one
 * remembered for the account), else month first as Quicken writes them. A file that shows the other order wins
 * over the one given: its days would not be days otherwise.
 */
export function parseQif(content: string, options: { dayOrder?: DayOrder } = {}): QifFile {
  const records = readRecords(content);
  const evidence = dayOrderOf(records);
  const order = evidence.shown ?? options.dayOrder ?? 'MDY';
  const orderWords = order === 'MDY' ? 'MM/DD/YYYY' : 'DD/MM/YYYY';
  const decimals = new DecimalVote();
  for (const r of records) if (r.amount) decimals.add(r.amount);
  const separator = decimals.result() ?? '.';

  const rows: ParsedRow[] = [];
  const errors: RowError[] = [];
  for (const r of records) {
    const reasons: string[] = [];
    const date = r.date ? qifDay(r.date, order) : null;
    if (!r.date) reasons.push('the transaction has no date (D line)');
    else if (date === null) reasons.push(`date "${r.date}" is not a valid ${orderWords} date`);

    let amount: number | null = null;
    if (!r.amount) reasons.push('the transaction has no amount (T line)');
    else {
      try {
        amount = parseLabelledAmount(r.amount, separator, 'amount');
      } catch (error) {
        reasons.push((error as RangeError).message);
      }
    }

    const payee = cleanOptional(r.payee);
    const memo = cleanOptional(r.memo);
    const description = payee ?? memo;
    if (!description) reasons.push('the description is empty (no P payee or M memo)');

    if (reasons.length > 0 || date === null || amount === null || !description) {
      errors.push({ line: r.line, reason: reasons.join('; ') });
      continue;
    }
    rows.push({
      line: r.line,
      date,
      description,
      merchantName: null,
      amount,
      fitId: null,
      category: cleanOptional(r.category) ?? cleanOptional(r.firstSplitCategory),
      note: payee && memo !== payee ? memo : null,
    });
  }
  return {
    rows,
    errors,
    dayOrder: order,
    dayOrderConfident: evidence.shown !== null,
    dayOrderMatters: evidence.matters,
  };
}
