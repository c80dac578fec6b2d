import type { Cents } from '../money';
import { categoryName } from '../transactions/categories';

/** A category's money in and out over a period (cents, both positive), transfers left out. */
export type CategoryFigures = { category: number; income: Cents; expenses: Cents };

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const withCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Dollars as a sentence says them: whole from $10 up ("$412"), to the cent below ("$4.50"). */
export function sentenceMoney(cents: Cents): string {
  const size = Math.abs(cents);
  return (size >= 1_000 ? wholeDollars : withCents).format(size / 100);
}

/** A change as a sentence says it: "+$260", "−$4.50". */
export const signedSentenceMoney = (cents: Cents) => `${cents < 0 ? '−' : '+'}${sentenceMoney(cents)}`;

/**
 * How a measure moved against the comparison, in one sentence naming the parts that moved most in the same
 * direction: "Spending rose $412 (18%) against the previous period: Dining Out +$260, Travel +$190." Null
 * when it was zero in both periods. `say` writes an amount (money by default, or a count).
 */
export function changeSentence({
  subject,
  now,
  before,
  parts,
  against,
  say = sentenceMoney,
}: {
  subject: string;
  now: number;
  before: number;
  /** Each part's name and its change. */
  parts: Array<[name: string, delta: number]>;
  against: string;
  say?: (amount: number) => string;
}): string | null {
  if (now === 0 && before === 0) return null;
  const signed = (n: number) => `${n < 0 ? '−' : ''}${say(Math.abs(n))}`;
  if (before === 0) return `${subject} was ${signed(now)}, against none in ${against}.`;
  const change = now - before;
  if (change === 0) return `${subject} was the same as in ${against} (${signed(now)}).`;
  const contributors = parts
    .filter(([, delta]) => Math.sign(delta) === Math.sign(change))
    .sort(([a, x], [b, y]) => Math.abs(y) - Math.abs(x) || a.localeCompare(b))
    .slice(0, 2)
    .map(([name, delta]) => `${name} ${delta < 0 ? '−' : '+'}${say(Math.abs(delta))}`);
  const percent = Math.round((Math.abs(change) / Math.abs(before)) * 100);
  const head = `${subject} ${change > 0 ? 'rose' : 'fell'} ${say(Math.abs(change))} (${percent}%) against ${against}`;
  return contributors.length > 0 ? `${head}: ${contributors.join(', ')}.` : `${head}.`;
}

function sentence(
  measure: 'Spending' | 'Income',
  pick: (f: CategoryFigures) => Cents,
  current: CategoryFigures[],
  previous: CategoryFigures[],
  against: string,
): string | null {
  const byCategory = new Map<number, Cents>();
  for (const f of current) byCategory.set(f.category, (byCategory.get(f.category) ?? 0) + pick(f));
  for (const f of previous) byCategory.set(f.category, (byCategory.get(f.category) ?? 0) - pick(f));
  return changeSentence({
    subject: measure,
    now: current.reduce((n, f) => n + pick(f), 0),
    before: previous.reduce((n, f) => n + pick(f), 0),
    parts: [...byCategory].map(([category, delta]) => [categoryName(category), delta]),
    against,
  });
}

/**
 * Why spending and income moved against the comparison period, in a sentence each, from the categories that
 * moved most in the same direction: "Spending rose $412 (18%) against the previous period: Dining Out +$260,
 * Travel +$190." Computed from the figures, never generated; nothing to say about a measure that was zero
 * in both periods.
 */
export function changeSentences(
  current: CategoryFigures[],
  previous: CategoryFigures[],
  against: string,
): string[] {
  return [
    sentence('Spending', (f) => f.expenses, current, previous, against),
    sentence('Income', (f) => f.income, current, previous, against),
  ].filter((s): s is string => s !== null);
}
