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

function sentence(
  measure: 'Spending' | 'Income',
  pick: (f: CategoryFigures) => Cents,
  current: CategoryFigures[],
  previous: CategoryFigures[],
  against: string,
): string | null {
  const now = current.reduce((n, f) => n + pick(f), 0);
  const before = previous.reduce((n, f) => n + pick(f), 0);
  if (now === 0 && before === 0) return null;
  if (before === 0) return `${measure} was ${sentenceMoney(now)}, against none in ${against}.`;
  const change = now - before;
  if (change === 0) return `${measure} was the same as in ${against} (${sentenceMoney(now)}).`;
  const byCategory = new Map<number, Cents>();
  for (const f of current) byCategory.set(f.category, (byCategory.get(f.category) ?? 0) + pick(f));
  for (const f of previous) byCategory.set(f.category, (byCategory.get(f.category) ?? 0) - pick(f));
  const contributors = [...byCategory]
    .filter(([, delta]) => Math.sign(delta) === Math.sign(change))
    .sort(([a, x], [b, y]) => Math.abs(y) - Math.abs(x) || a - b)
    .slice(0, 2)
    .map(([category, delta]) => `${categoryName(category)} ${signedSentenceMoney(delta)}`);
  const percent = Math.round((Math.abs(change) / before) * 100);
  const head = `${measure} ${change > 0 ? 'rose' : 'fell'} ${sentenceMoney(change)} (${percent}%) against ${against}`;
  return contributors.length > 0 ? `${head}: ${contributors.join(', ')}.` : `${head}.`;
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
