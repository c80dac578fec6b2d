import { MAX_MANUAL_AMOUNT } from '../manual-accounts/manual-accounts.schema';
import { type Cents, parseCents } from '../money';

export type DecimalSeparator = '.' | ',';

/** A file's amounts are held to the same bound as a hand-entered one. */
const MAX_CENTS = MAX_MANUAL_AMOUNT * 100;
/** Longer than any amount a bank writes; also keeps the scanning below cheap on garbage cells. */
const MAX_AMOUNT_CHARS = 48;

const CURRENCY_SYMBOLS = new Set('$€£¥₹₩₽₺₪฿₫¢₴₦₱');
/** Currency words written before or after a number besides ISO codes (USD) and prefixes (US$, R$). */
const CURRENCY_WORDS = new Set(['kr', 'kr.', 'zł', 'kč', 'fr', 'fr.', 'sfr', 'lei', 'ft']);
const CURRENCY_CODE = /^[A-Z]{1,3}$/;
const MINUS = new Set(['-', '−', '–']);
/** Spaces and apostrophes group thousands in some locales (1 234,56; 1'234.56). */
const GROUPING_CHARS = /[\s'’]/g;
const DOT_DECIMAL = /^(?:\d{1,3}(?:,\d{3})+|\d*)(?:\.\d*)?$/;
const COMMA_DECIMAL = /^(?:\d{1,3}(?:\.\d{3})+|\d*)(?:,\d*)?$/;
const HAS_DIGIT = /\d/;
const CREDIT_DEBIT = /(CR|DR)\.?$/i;

const isLetter = (c: string) => c.toLowerCase() !== c.toUpperCase();
const isSpace = (c: string) => c.trim() === '';

function isCurrencyWord(word: string): boolean {
  if (CURRENCY_CODE.test(word)) return true;
  return CURRENCY_WORDS.has(word.toLowerCase());
}

/**
 * Reads the characters around the digits: signs (leading or trailing), parentheses, currency symbols and codes.
 * Returns null when something else is there.
 */
function peelEdges(
  s: string,
): { start: number; end: number; negative: boolean; signs: number; parens: number } | null {
  let negative = false;
  let signs = 0;
  let parens = 0;
  let start = 0;
  let end = s.length;
  while (start < end) {
    const c = s.charAt(start);
    if (c >= '0' && c <= '9') break;
    if (c === '.' || c === ',') break;
    if (c === '(') parens += 1;
    else if (c === '+') signs += 1;
    else if (MINUS.has(c)) {
      signs += 1;
      negative = true;
    } else if (isLetter(c)) {
      let stop = start;
      while (stop < end && (isLetter(s.charAt(stop)) || s.charAt(stop) === '.')) stop += 1;
      if (!isCurrencyWord(s.slice(start, stop))) return null;
      start = stop;
      continue;
    } else if (!isSpace(c) && !CURRENCY_SYMBOLS.has(c)) return null;
    start += 1;
  }
  while (end > start) {
    const c = s.charAt(end - 1);
    if (c >= '0' && c <= '9') break;
    if (c === ')') parens -= 1;
    else if (c === '+') signs += 1;
    else if (MINUS.has(c)) {
      signs += 1;
      negative = true;
    } else if (isLetter(c) || (c === '.' && end - 1 > start && isLetter(s.charAt(end - 2)))) {
      let from = end - 1;
      while (from > start && (isLetter(s.charAt(from - 1)) || s.charAt(from - 1) === '.')) from -= 1;
      if (!isCurrencyWord(s.slice(from, end))) return null;
      end = from;
      continue;
    } else if (c === '.' || c === ',') break;
    else if (!isSpace(c) && !CURRENCY_SYMBOLS.has(c)) return null;
    end -= 1;
  }
  return { start, end, negative, signs, parens };
}

/** Why a cell is not an amount, before it is worded for a person. */
type Failure = 'empty' | 'not a number' | 'too large' | 'fraction of a cent';

/** The usual shapes ('-12.34', '1,234.56', '1.234,56', '12'), read without the general scan below. */
const PLAIN_DOT = /^([-+]?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;
const PLAIN_COMMA = /^([-+]?)(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/;

function centsOf(whole: string, fraction: string, negative: boolean): Cents | Failure {
  // '12.340' is 12.34; '12.345' is no amount a bank account holds, and rounding it would be a guess.
  if (fraction.length > 2 && /[1-9]/.test(fraction.slice(2))) return 'fraction of a cent';
  let cents: Cents;
  try {
    cents = parseCents(`${whole === '' ? '0' : whole}.${fraction}`);
  } catch {
    return 'too large';
  }
  if (cents > MAX_CENTS) return 'too large';
  return negative && cents !== 0 ? -cents : cents;
}

/** The amount in cents, or why not. Never throws: column detection tries many cells that are not amounts. */
export function readAmount(text: string, separator: DecimalSeparator): Cents | Failure {
  let s = text.trim();
  if (s === '') return 'empty';
  if (s.length > MAX_AMOUNT_CHARS) return 'not a number';

  const plain = (separator === '.' ? PLAIN_DOT : PLAIN_COMMA).exec(s);
  if (plain) {
    const group = separator === '.' ? ',' : '.';
    const whole = plain[2] ?? '';
    return centsOf(
      whole.includes(group) ? whole.split(group).join('') : whole,
      plain[3] ?? '',
      plain[1] === '-',
    );
  }

  // Statements mark credits and debits with a trailing CR or DR instead of a sign.
  let debit = false;
  const marker = CREDIT_DEBIT.exec(s);
  if (marker && (marker.index === 0 || !isLetter(s.charAt(marker.index - 1)))) {
    debit = marker[1]?.toUpperCase() === 'DR';
    s = s.slice(0, marker.index);
  }

  const edges = peelEdges(s);
  if (!edges || edges.signs > 1 || edges.parens !== 0) return 'not a number';
  const hasParens = s.includes('(');
  const digits = s.slice(edges.start, edges.end).replace(GROUPING_CHARS, '');
  if (!HAS_DIGIT.test(digits)) return 'not a number';
  const shape = separator === '.' ? DOT_DECIMAL : COMMA_DECIMAL;
  if (!shape.test(digits)) return 'not a number';

  const group = separator === '.' ? ',' : '.';
  const [whole = '', fraction = ''] = digits.split(group).join('').split(separator);
  return centsOf(whole, fraction, edges.negative || hasParens || debit);
}

/**
 * A bank's amount text to cents, parsed as a decimal string (never through floats):
 * '1.234,56' (with ','), '(12.00)', '-$1,234.56', '$-5', '12.00 CR', '45.10 DR', '1 234,56 €', 'USD 12', '12-'.
 * Parentheses, a minus (leading or trailing) and DR make it negative. Throws a RangeError whose message is
 * user-facing, e.g. 'amount "abc" is not a number'.
 */
export function parseDecimalAmount(text: string, decimalSeparator: DecimalSeparator): Cents {
  return parseLabelledAmount(text, decimalSeparator, 'amount');
}

/** parseDecimalAmount with the column's name in the error ('debit "x" is not a number'). */
export function parseLabelledAmount(text: string, decimalSeparator: DecimalSeparator, label: string): Cents {
  const result = readAmount(text, decimalSeparator);
  if (typeof result === 'number') return result;
  throw new RangeError(amountProblem(result, text, decimalSeparator, label));
}

/** The user-facing reason for a Failure, e.g. 'debit "abc" is not a number'. */
export function amountProblem(
  failure: Failure,
  text: string,
  separator: DecimalSeparator,
  label: string,
): string {
  const shown = text.trim().length > 24 ? `${text.trim().slice(0, 24)}…` : text.trim();
  if (failure === 'empty') return `the ${label} is empty`;
  if (failure === 'too large') return `${label} "${shown}" is larger than $100,000,000`;
  if (failure === 'fraction of a cent') return `${label} "${shown}" has a fraction of a cent`;
  // Say which separator was expected when the other would have read it.
  const other: DecimalSeparator = separator === '.' ? ',' : '.';
  const hint =
    typeof readAmount(text, other) === 'number' ? ` with "${separator}" as the decimal separator` : '';
  return `${label} "${shown}" is not a number${hint}`;
}

/**
 * Which decimal separator a column of amounts uses, from the values themselves: the last of '.' and ',' when both
 * appear, a single separator followed by one or two digits, or repeated separators (always thousands).
 * Three digits after a lone separator ('1.234') says nothing. Null when no value decides.
 */
export class DecimalVote {
  private dot = 0;
  private comma = 0;

  /** How many values have voted: past a few hundred, more rows only confirm. */
  get decided(): number {
    return this.dot + this.comma;
  }

  add(text: string): void {
    const lastDot = text.lastIndexOf('.');
    const lastComma = text.lastIndexOf(',');
    if (lastDot === -1 && lastComma === -1) return;
    if (lastDot !== -1 && lastComma !== -1) {
      if (lastDot > lastComma) this.dot += 1;
      else this.comma += 1;
      return;
    }
    const sep = lastDot !== -1 ? '.' : ',';
    const at = lastDot !== -1 ? lastDot : lastComma;
    if (text.indexOf(sep) !== at) {
      // Repeated: a thousands separator, so the decimal separator is the other one.
      if (sep === '.') this.comma += 1;
      else this.dot += 1;
      return;
    }
    let digitsAfter = 0;
    while (at + 1 + digitsAfter < text.length && isDigit(text.charCodeAt(at + 1 + digitsAfter)))
      digitsAfter += 1;
    if (digitsAfter === 3) return;
    if (sep === '.') this.dot += 1;
    else this.comma += 1;
  }

  result(): DecimalSeparator | null {
    if (this.dot === 0 && this.comma === 0) return null;
    return this.comma > this.dot ? ',' : '.';
  }
}

const isDigit = (code: number) => code >= 48 && code <= 57;
