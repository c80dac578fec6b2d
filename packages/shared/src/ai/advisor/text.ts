/**
 * A question as the interpreter reads it: lowercase words, each marked once a part of the interpreter
 * (a merchant, an amount, a date phrase, a category) has taken it, so nothing is read twice and whatever
 * is left over can be checked for words nobody understood.
 */

export type Word = { text: string; used: boolean };

/** Longer questions are cut: nobody asks about their money in more, and it bounds the work on any input. */
const MAX_QUESTION_CHARS = 500;

/**
 * Lowercase, accents and apostrophes dropped ("What's" → "whats", "McDonald's" → "mcdonalds"), thousands
 * separators dropped ("$1,200" → "$1200"), and only the punctuation that belongs to numbers kept: "$", a
 * decimal point, "3/15" and "2026-03-03".
 */
export function normalizeQuestion(question: string): string {
  return (
    question
      .slice(0, MAX_QUESTION_CHARS)
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[\u2018\u2019\u02bc`\u00b4']/g, '')
      .replace(/&/g, ' and ')
      .replace(/(\d),(?=\d{3}(?!\d))/g, '$1')
      .replace(/[^a-z0-9$./-]+/g, ' ')
      // Keep the hyphens of 2026-03-03; every other hyphen separates words ("year-to-date", "e-mail").
      .replace(/\b(\d{4})-(\d{2})-(\d{2})\b/g, '$1~$2~$3')
      .replace(/-/g, ' ')
      .replace(/~/g, '-')
      .replace(/(?<!\d)\.|\.(?!\d)/g, ' ')
      .replace(/(?<!\d)\/|\/(?!\d)/g, ' ')
      .replace(/\$ (?=\d)/g, '$')
      // "300$" and "1.2k$" as people sometimes write them.
      .replace(/(?<![\w.$])(\d+(?:\.\d+)?k?) ?\$/g, '$$$1')
      .replace(/\$(?!\d)/g, ' ')
      .replace(/(?<=[a-z0-9])\$/g, ' $')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

export function toWords(question: string): Word[] {
  const text = normalizeQuestion(question);
  return text === '' ? [] : text.split(' ').map((w) => ({ text: w, used: false }));
}

/** The words not yet taken, space-separated; taken ones read "_" so no phrase can span them. */
export function maskedText(words: readonly Word[]): string {
  return words.map((w) => (w.used ? '_' : w.text)).join(' ');
}

/** Where each word starts in maskedText. */
export function wordOffsets(words: readonly Word[]): number[] {
  const offsets: number[] = [];
  let at = 0;
  for (const w of words) {
    offsets.push(at);
    at += (w.used ? 1 : w.text.length) + 1;
  }
  return offsets;
}

export function useWords(words: Word[], start: number, end: number): void {
  for (let i = start; i < end; i++) {
    const w = words[i];
    if (w) w.used = true;
  }
}

export type Phrase = { start: number; end: number; match: RegExpMatchArray };

/** Every match of a pattern over whole words of maskedText, as word spans [start, end) with its groups. */
export function findPhrases(words: readonly Word[], pattern: RegExp): Phrase[] {
  const text = maskedText(words);
  const re = new RegExp(`(?<=^| )(?:${pattern.source})(?= |$)`, 'g');
  const found: Phrase[] = [];
  for (const match of text.matchAll(re)) {
    const start = countSpaces(text.slice(0, match.index));
    found.push({ start, end: start + countSpaces(match[0]) + 1, match });
  }
  return found;
}

/** Whether a pattern matches whole words of maskedText. */
export const hasPhrase = (words: readonly Word[], pattern: RegExp): boolean =>
  findPhrases(words, pattern).length > 0;

const countSpaces = (s: string) => s.split(' ').length - 1;

/**
 * The forms a word may take: itself, and without a plural or possessive "s" ("groceries" → "grocery",
 * "starbucks" → "starbuck", "joes" → "joe"). Two words are the same when their forms meet.
 */
export function wordForms(word: string): string[] {
  const forms = [word];
  if (word.length > 4 && word.endsWith('ies')) forms.push(`${word.slice(0, -3)}y`);
  if (word.length > 4 && word.endsWith('es')) forms.push(word.slice(0, -2));
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) forms.push(word.slice(0, -1));
  return forms;
}

export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const fa = wordForms(a);
  return wordForms(b).some((f) => fa.includes(f));
}

/** True when one insertion, deletion, substitution or swap of neighbours turns a into b. */
export function isOneEditApart(a: string, b: string): boolean {
  if (a === b) return false;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

const isSwap = (a: string, b: string) =>
  a.length === b.length && isOneEditApart(a, b) && [...a].sort().join('') === [...b].sort().join('');

/**
 * Fixes light typos ("restaurnts", "spendng", "yesterdy") to the one dictionary word a single edit away
 * with the same first letter. A short word is only unswapped ("mnay" → "many"): at four letters too many
 * real words are one edit from each other. `realWords` are words of their own, left as they are.
 */
export function correctTypos(
  words: Word[],
  dictionary: ReadonlySet<string>,
  realWords: ReadonlySet<string> = new Set(),
): void {
  for (const w of words) {
    if (w.used || w.text.length < 3 || dictionary.has(w.text) || realWords.has(w.text) || /\d/.test(w.text))
      continue;
    // A short word is mended only where two neighbours were swapped ("mnay", "hwo"), its letters all there.
    const short = w.text.length < 5;
    let match: string | null = null;
    let count = 0;
    let isPlural = false;
    for (const d of dictionary) {
      if (d[0] !== w.text[0]) continue;
      if (sameWord(w.text, d)) {
        isPlural = true;
        break;
      }
      if (short ? isSwap(w.text, d) : isOneEditApart(w.text, d)) {
        match = d;
        count++;
      }
    }
    if (!isPlural && count === 1 && match !== null) w.text = match;
  }
}
