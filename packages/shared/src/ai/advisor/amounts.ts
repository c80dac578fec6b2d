import { type Cents, parseCents } from '../../money';
import { findPhrases, useWords, type Word } from './text';
import { readCount } from './vocabulary';

/**
 * Sums of money as people type them: "$1,200", "$1200.50", "1200 dollars", "300 bucks", "1.2k", "$2k",
 * "2 grand", "five hundred dollars". A bare number is not an amount here ("top 5", "the 15th") unless a
 * comparison comes before it; elsewhere the interpreter reads one only where nothing else can be meant.
 */

const DECIMAL = '(\\d+(?:\\.\\d+)?)';
const SCALE = '(?:(k|m)|(?: (thousand|grand|million)))';
const CURRENCY = '(?:dollars?|bucks|usd)';
const DIGIT_FORMS = [
  new RegExp(`\\$${DECIMAL}${SCALE}?(?: ${CURRENCY})?`),
  new RegExp(`${DECIMAL}${SCALE}? ${CURRENCY}`),
  new RegExp(`${DECIMAL}(?:(k)|(?: (grand)))`),
];
const WORD_FORM =
  /(a|an|one|two|three|four|five|six|seven|eight|nine|ten|twenty|fifty) (?:(hundred|thousand) (?:dollars?|bucks|usd)|(grand))/;

/**
 * A bare number right after a comparison ("purchases over 100 last month") is a sum of money when nothing
 * but a span or money words follow it: not "more than 3 coffees", "over 3 months", "over 10%", nor a year.
 */
const BARE_AFTER_COMPARISON =
  /(?:over|above|under|below|than|least|most|exceeding|between) (?!(?:19|20)\d\d\b)(\d+(?:\.\d+)?)(?=$| (?:this|last|in|on|at|for|during|since|so|today|yesterday|dollars?|bucks|usd|per|each|a|an|the|from|and|or|ytd)\b)/;

/** "Five dollars", "twenty bucks". */
const SMALL_WORD_FORM =
  /(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety) (?:dollars?|bucks)/;

const DIGITS_AFTER: Record<string, number> = { k: 3, thousand: 3, grand: 3, m: 6, million: 6 };

export type Amount = { start: number; end: number; cents: Cents };

/** Takes every amount from the words, in cents, in order; an amount too large to be real reads as 0. */
export function takeAmounts(words: Word[]): Amount[] {
  const amounts: Amount[] = [];
  for (const form of DIGIT_FORMS) {
    for (const { start, end, match } of findPhrases(words, form)) {
      const scale = match[2] ?? match[3];
      amounts.push({ start, end, cents: toCents(match[1] ?? '', scale ? (DIGITS_AFTER[scale] ?? 0) : 0) });
      useWords(words, start, end);
    }
  }
  for (const { end, match } of findPhrases(words, BARE_AFTER_COMPARISON)) {
    amounts.push({ start: end - 1, end, cents: toCents(match[1] ?? '', 0) });
    useWords(words, end - 1, end);
  }
  for (const { start, end, match } of findPhrases(words, WORD_FORM)) {
    const count = readCount(match[1] ?? '') ?? 0;
    amounts.push({ start, end, cents: count * (match[2] === 'hundred' ? 100 : 1000) * 100 });
    useWords(words, start, end);
  }
  for (const { start, end, match } of findPhrases(words, SMALL_WORD_FORM)) {
    amounts.push({ start, end, cents: (readCount(match[1] ?? '') ?? 0) * 100 });
    useWords(words, start, end);
  }
  return amounts.sort((a, b) => a.start - b.start);
}

/** No one asks whether they can afford more than a billion dollars; past it a figure means a typo. */
const MAX_CENTS = 100_000_000_000;

/** "1.25" with 3 more digits → 125000 cents, shifting the decimal point in the digits, never via floats. */
export function toCents(decimal: string, extraDigits: number): Cents {
  const [whole = '0', fraction = ''] = decimal.split('.');
  const shifted = `${whole}${fraction.padEnd(extraDigits, '0').slice(0, extraDigits)}.${fraction.slice(extraDigits)}`;
  try {
    const cents = parseCents(shifted.replace(/\.$/, ''));
    return cents > MAX_CENTS ? 0 : cents;
  } catch {
    return 0;
  }
}
