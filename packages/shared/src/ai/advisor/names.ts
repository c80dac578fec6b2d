import { CATEGORY_WORDS } from './category-words';
import { isOneEditApart, normalizeQuestion, sameWord, type Word } from './text';
import {
  GENERIC_MERCHANT_WORDS,
  GOAL_NOISE,
  KNOWN_WORDS,
  MERCHANT_ALIASES,
  MERCHANT_NOISE,
} from './vocabulary';

/**
 * The person's own names in a question: merchants from their history and their goals. Matching ignores
 * case, punctuation, plurals and possessives ("Trader Joe's" = "trader joes" = "trader joe"), takes the
 * first words of a longer name ("starbucks" → "Starbucks Coffee", "whole foods" → "Whole Foods Market"),
 * the start of a word ("chipot") and one-letter typos in long words ("starbuks").
 */

const nameWords = (name: string, noise: ReadonlySet<string>) =>
  normalizeQuestion(name)
    .split(' ')
    .filter((w) => w !== '' && !noise.has(w));

/** A word that can stand for a merchant on its own: not an everyday, category or generic shop word. */
const isDistinctive = (word: string) =>
  word.length >= 3 &&
  !KNOWN_WORDS.has(word) &&
  !CATEGORY_WORDS.has(word) &&
  !GENERIC_MERCHANT_WORDS.has(word);

type Candidate = { name: string; key: string; start: number; end: number; score: number };

/** How well a merchant's words match the question's from word i; null when they don't. */
function matchAt(words: readonly Word[], i: number, name: string, mwords: string[]): Candidate | null {
  // Every way of matching keeps the first letter (aliases too), so most merchants are ruled out at once.
  if (words[i]?.text[0] !== mwords[0]?.[0]) return null;
  let qi = i;
  let mj = 0;
  let isWeak = false;
  let usedAlias = false;
  while (mj < mwords.length && qi < words.length) {
    const word = words[qi];
    const m = mwords[mj] ?? '';
    if (!word || word.used) break;
    const q = word.text;
    const alias = MERCHANT_ALIASES[q]?.split(' ');
    if (alias?.every((a, k) => mwords[mj + k] === a)) {
      mj += alias.length;
      qi++;
      usedAlias = true;
    } else if (sameWord(q, m)) {
      mj++;
      qi++;
    } else if (q === 'and' && mj > 0) {
      qi++;
    } else if (q.length >= 6 && m.length >= 6 && isOneEditApart(q, m)) {
      mj++;
      qi++;
      isWeak = true;
    } else if (q.length >= 4 && m.startsWith(q) && isDistinctive(q)) {
      mj++;
      qi++;
      isWeak = true;
      break;
    } else break;
  }
  if (mj === 0) return null;
  const isFull = mj === mwords.length;
  const first = mwords[0] ?? '';
  // A one-word merchant named like an everyday word ("Budget", "Cash") would swallow the question.
  if (isFull && mwords.length === 1 && !usedAlias && KNOWN_WORDS.has(first)) return null;
  if (!isFull && mj < 2 && !usedAlias && !isDistinctive(first)) return null;
  const score = (isFull ? 1000 : 0) + 10 * mj - (isWeak ? 5 : 0);
  return { name, key: mwords.join(' '), start: i, end: qi, score };
}

type Prepared = { name: string; words: string[] };

/**
 * The merchants' names as words, by their first letter (every match keeps it), in the list's order: made
 * once per list, since the same list (up to 2,000 names) reads every question until the history changes.
 */
const preparedLists = new WeakMap<readonly string[], Map<string, Prepared[]>>();
function prepare(merchants: readonly string[]): Map<string, Prepared[]> {
  const known = preparedLists.get(merchants);
  if (known) return known;
  const byFirst = new Map<string, Prepared[]>();
  for (const name of merchants) {
    const words = nameWords(name, MERCHANT_NOISE);
    const first = words[0]?.[0];
    if (first === undefined) continue;
    const list = byFirst.get(first);
    if (list) list.push({ name, words });
    else byFirst.set(first, [{ name, words }]);
  }
  preparedLists.set(merchants, byFirst);
  return byFirst;
}

function bestMerchant(words: readonly Word[], merchants: ReadonlyMap<string, readonly Prepared[]>) {
  let best: Candidate[] = [];
  for (let i = 0; i < words.length; i++) {
    if (words[i]?.used) continue;
    for (const m of merchants.get(words[i]?.text[0] ?? '') ?? []) {
      const c = matchAt(words, i, m.name, m.words);
      if (!c) continue;
      if (best.length === 0 || c.score > (best[0]?.score ?? 0)) best = [c];
      else if (c.score === best[0]?.score) best.push(c);
    }
  }
  return best;
}

/**
 * Takes the merchants named in the words. Two merchants whose names read the same ("Amazon",
 * "Amazon.com") are one: the first listed wins, as the list comes most used first. `isAmbiguous` when the
 * words fit different merchants equally well ("amazon" with only "Amazon Prime" and "Amazon Fresh").
 */
export function takeMerchants(
  words: Word[],
  merchants: readonly string[],
): {
  names: string[];
  isAmbiguous: boolean;
  /** Where each name was read, words [start, end), in the order of `names`' first reading. */
  spans: { name: string; start: number; end: number }[];
  /** When ambiguous: the names the words fit equally, and where. */
  candidates: { names: string[]; start: number; end: number } | null;
} {
  const prepared = prepare(merchants);
  const names: string[] = [];
  const spans: { name: string; start: number; end: number }[] = [];
  let isAmbiguous = false;
  let candidates: { names: string[]; start: number; end: number } | null = null;
  for (;;) {
    const best = bestMerchant(words, prepared);
    const top = best[0];
    if (!top) break;
    // Names read at other words are other merchants ("costco and target"); at the same words, rivals.
    const rivals = best.filter((c) => c.start < top.end && top.start < c.end);
    if (rivals.some((c) => c.key !== top.key)) {
      isAmbiguous = true;
      const distinct = [...new Map(rivals.map((c) => [c.key, c.name])).values()];
      candidates ??= { names: distinct, start: top.start, end: top.end };
    }
    spans.push({ name: top.name, start: top.start, end: top.end });
    for (let i = top.start; i < top.end; i++) (words[i] as Word).used = true;
    // "Starbucks coffee", "Shell gas", "Netflix bill": what follows the name is still the merchant.
    const next = words[top.end];
    if (next && !next.used && (GENERIC_MERCHANT_WORDS.has(next.text) || /^bills?$/.test(next.text))) {
      next.used = true;
    }
    if (!names.includes(top.name)) names.push(top.name);
  }
  return { names, isAmbiguous, spans, candidates };
}

/**
 * A name said whole, its words one after another and none read as something else ("the Rewards Visa"),
 * the longest when several fit; null when none is.
 */
export function findWholeName(
  words: readonly Word[],
  names: readonly string[],
): { name: string; start: number; end: number } | null {
  let best: { name: string; start: number; end: number } | null = null;
  for (const name of names) {
    const wanted = nameWords(name, new Set());
    if (wanted.length === 0 || (best && wanted.length <= best.end - best.start)) continue;
    for (let i = 0; i + wanted.length <= words.length; i++) {
      const fits = wanted.every((g, k) => {
        const w = words[i + k];
        return w !== undefined && !w.used && sameWord(w.text, g);
      });
      if (fits) {
        best = { name, start: i, end: i + wanted.length };
        break;
      }
    }
  }
  return best;
}

/**
 * The goal the words name, by the words that tell goals apart ("emergency" in "Emergency Fund", "japan"
 * in "Japan Trip"). `goal` is null when none or several fit equally; `taken` are the words that matched.
 */
export function findGoal(
  words: readonly Word[],
  goals: readonly string[],
): { goal: string | null; taken: number[]; whole?: boolean } {
  let best: { goal: string; taken: number[]; score: number; whole: boolean }[] = [];
  for (const goal of goals) {
    const all = nameWords(goal, new Set());
    const significant = all.filter((w) => !GOAL_NOISE.has(w));
    const wanted = significant.length > 0 ? significant : all;
    const taken: number[] = [];
    for (const g of wanted) {
      const i = words.findIndex(
        (w, k) =>
          !taken.includes(k) &&
          (sameWord(w.text, g) || (w.text.length >= 6 && g.length >= 6 && isOneEditApart(w.text, g))),
      );
      if (i >= 0) taken.push(i);
    }
    if (taken.length === 0) continue;
    // One everyday word ("payment") doesn't name a goal unless it is all of its name; two do ("down payment").
    const isNamed =
      taken.length === wanted.length ||
      taken.length >= 2 ||
      taken.some((i) => !KNOWN_WORDS.has(words[i]?.text ?? ''));
    if (!isNamed) continue;
    const score = taken.length / wanted.length + taken.length;
    const whole = taken.length === wanted.length;
    if (best.length === 0 || score > (best[0]?.score ?? 0)) best = [{ goal, taken, score, whole }];
    else if (score === best[0]?.score) best.push({ goal, taken, score, whole });
  }
  const first = best[0];
  if (!first) return { goal: null, taken: [] };
  return {
    goal: best.length === 1 ? first.goal : null,
    taken: [...new Set(best.flatMap((b) => b.taken))],
    whole: best.length === 1 && first.whole,
  };
}
