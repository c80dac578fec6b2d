import type { Cents } from '../../money';
import type { Amount } from './amounts';
import type { AccountKind } from './question';
import { findPhrases, useWords, type Word } from './text';

/**
 * Two filters of money that moved besides categories and merchants: the size of each transaction
 * ("purchases over $100", "charges under $20", "orders between $50 and $200") and the kind of account
 * ("on my credit card", "from checking"). Each reader takes the words it understood.
 */

export type Sizes = { minAmount?: Cents; maxAmount?: Cents };

/** One transaction, as the words before a size name it: a size bounds each one, not their total. */
const ITEM =
  /^(?:purchases?|transactions?|charges?|payments?|orders?|expenses?|items?|things?|ones?|anything|something|buys?|deposits?|paychecks?|bills?|rides?|trips?|meals?|shops|runs?|visits?|stops?|swipes?)$/;
const ABOVE = /^(?:over|above|exceeding|more than|greater than|bigger than|larger than|higher than)$/;
const AT_LEAST = /^(?:at least|minimum of)$/;
const BELOW = /^(?:under|below|less than|smaller than|cheaper than|lower than)$/;
const AT_MOST = /^(?:at most|up to|maximum of|no more than)$/;
/** Comparison words as they come before an amount, longest first. */
const BEFORE = [
  'no more than',
  'more than',
  'greater than',
  'bigger than',
  'larger than',
  'higher than',
  'less than',
  'smaller than',
  'cheaper than',
  'lower than',
  'at least',
  'at most',
  'up to',
  'minimum of',
  'maximum of',
  'over',
  'above',
  'exceeding',
  'under',
  'below',
  'between',
];
const AFTER =
  /^(?:or|and) (?:more|over|above|up|higher|bigger)$|^(?:or|and) (?:less|under|below|lower|smaller)$|^plus$/;

/** The comparison right before word `at` ("over", "more than"), with where it starts, or null. */
function comparisonBefore(words: readonly Word[], at: number): { word: string; start: number } | null {
  for (const phrase of BEFORE) {
    const n = phrase.split(' ').length;
    const start = at - n;
    if (start < 0) continue;
    const said = words
      .slice(start, at)
      .map((w) => w.text)
      .join(' ');
    if (said === phrase && words.slice(start, at).every((w) => !w.used)) return { word: phrase, start };
  }
  return null;
}

/** Whether an item word stands within a few words before `at` ("purchases of over", "anything above"). */
const itemBefore = (words: readonly Word[], at: number) =>
  words.slice(Math.max(0, at - 4), at).some((w) => ITEM.test(w.text));

/**
 * Reads the amounts that bound each transaction's size and takes their words; the rest stay amounts of
 * another kind ("more than $500 on groceries" asks about a total, not a size). "Over $100" is $100.01 and
 * up, "at least $100" $100 and up, as the Transactions screen's amount filter counts them.
 */
export function takeSizes(words: Word[], amounts: readonly Amount[]): { sizes: Sizes; rest: Amount[] } {
  const sizes: Sizes = {};
  const rest: Amount[] = [];
  for (let i = 0; i < amounts.length; i++) {
    const amount = amounts[i] as Amount;
    const before = comparisonBefore(words, amount.start);
    const next = amounts[i + 1];
    const after = words
      .slice(amount.end, amount.end + 2)
      .map((w) => w.text)
      .join(' ');
    const afterOne = words[amount.end]?.text ?? '';
    const tail = AFTER.test(after) ? after : AFTER.test(afterOne) ? afterOne : null;
    if (!itemBefore(words, before?.start ?? amount.start)) {
      rest.push(amount);
      continue;
    }
    if (
      before?.word === 'between' &&
      next &&
      words[amount.end]?.text === 'and' &&
      next.start === amount.end + 1
    ) {
      sizes.minAmount = amount.cents;
      sizes.maxAmount = next.cents;
      useWords(words, before.start, next.end);
      i++;
      continue;
    }
    if (before && before.word !== 'between') {
      if (ABOVE.test(before.word)) sizes.minAmount = amount.cents + 1;
      else if (AT_LEAST.test(before.word)) sizes.minAmount = amount.cents;
      else if (BELOW.test(before.word)) sizes.maxAmount = amount.cents - 1;
      else if (AT_MOST.test(before.word)) sizes.maxAmount = amount.cents;
      useWords(words, before.start, amount.end);
      continue;
    }
    if (tail) {
      if (/more|over|above|up|higher|bigger|plus/.test(tail)) sizes.minAmount = amount.cents;
      else sizes.maxAmount = amount.cents;
      useWords(words, amount.start, amount.end + tail.split(' ').length);
      continue;
    }
    rest.push(amount);
  }
  const bad =
    (sizes.maxAmount !== undefined && sizes.maxAmount < 1) ||
    (sizes.minAmount !== undefined && sizes.maxAmount !== undefined && sizes.minAmount > sizes.maxAmount);
  return bad ? { sizes: {}, rest: [...amounts] } : { sizes, rest };
}

/** "On my credit card", "from checking", "with my debit card": rows of one kind of account. */
const ACCOUNT_PHRASE =
  /(?:on|with|from|using|used|use|swiped?|through|via|by|out of|off|in|hit|hitting) (?:my |the |our )?(?:(credit ?cards?|cards?|visa|mastercard|amex)|(checking|debit ?cards?|debit)(?: account)?|(savings)(?: account)?)/;

/** "My credit card spending", "checking transactions": the kind said before what was counted. */
const ACCOUNT_BEFORE_NOUN =
  /(?:my |the |our )?(?:(credit ?cards?|visa|mastercard|amex)|(checking|debit ?cards?)(?: account)?|(savings account))(?= (?:spending|spend|purchases?|charges?|transactions?|expenses)\b)/;

/**
 * The kinds of account a question's words name as where money moved, with the words they took. A card
 * being paid ("paid off my credit card") is a transfer, not where purchases were made: not read.
 */
export function findAccountKinds(words: readonly Word[]): {
  kinds: AccountKind[];
  spans: [number, number][];
} {
  const kinds: AccountKind[] = [];
  const spans: [number, number][] = [];
  const found = [
    ...findPhrases(words as Word[], ACCOUNT_PHRASE),
    ...findPhrases(words as Word[], ACCOUNT_BEFORE_NOUN),
  ].sort((a, b) => a.start - b.start);
  for (const { start, end, match } of found) {
    const verb = words[start - 1]?.text ?? '';
    // "Paid off my card" pays the card; "paid with my card" is where the purchase was made.
    const by = /^(?:with|using|used|use|via|by|swiped?)$/.test(words[start]?.text ?? '');
    if (!by && /^(?:pay|paid|paying|pays|payment|payments|owe|owed|off|balance)$/.test(verb)) continue;
    const kind: AccountKind = match[1] ? 'credit' : match[2] ? 'checking' : 'savings';
    if (!kinds.includes(kind)) kinds.push(kind);
    spans.push([start, end]);
  }
  return { kinds, spans };
}

/** Takes the words of the account phrases found. */
export function takeAccountWords(words: Word[], spans: readonly [number, number][]): void {
  for (const [start, end] of spans) useWords(words, start, end);
}
