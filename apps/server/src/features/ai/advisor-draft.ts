// What the built-in advisor's answers are built from: a draft of words, figures and actions, and totals.
import type { CategoryCode } from '@tally/shared';
import {
  type AdvisorAction,
  type DayRange,
  figureSourceOf,
  formatMoney,
  type InsightFigure,
  spanLabel,
} from '@tally/shared';
import type { Db } from '../../db/client';
import { findSearchKeys, totalsStatements } from '../transactions';

/** What an answer is built of before it leaves: words, figures in cents, proposals. */

export type Draft = {
  response: string;
  figures: (Omit<InsightFigure, 'amount'> & { amount: number })[];
  actions: AdvisorAction[];
};

/** What the built-in advisor can answer, said when it declines. */
export const CAN_ANSWER =
  'I can answer questions about your own money in Tally: what you spent or earned (totals, counts, averages, ' +
  'the largest purchase, shares, one period against another, by category, merchant or period, with or ' +
  'without some of them), your savings rate, your balances, what is left in your budget, your subscriptions ' +
  'and what is due, your goals, whether you can afford something by a date, and where you could save.';

export const money = formatMoney;

/** A part of a whole in percent to one decimal, without a trailing ".0": "41.3", "50"; null of nothing. */
export const percentOf = (part: number, whole: number): string | null =>
  whole === 0 ? null : String(Math.round((1000 * part) / whole) / 10);

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Where a figure comes from (the insights' own helper). */
export const src = figureSourceOf;

/** "last month (Oct 1 – Oct 31, 2026)". */
export const rangeText = (r: DayRange) => {
  const days = spanLabel(r.startDate, r.endDate);
  // A span named by its days ("from October 1 to October 31") needs them only once.
  if (/^(?:from|between) /.test(r.label)) return `from ${days.replace(' – ', ' to ')}`;
  return r.startDate === r.endDate ? `${r.label} (${days.split(' – ')[1]})` : `${r.label} (${days})`;
};

/**
 * Money in and out over a range as the Transactions screen totals it with the same filters (transfers
 * left out), so a figure and its link always agree.
 */
export async function totals(
  db: Db,
  {
    userId,
    filters,
  }: {
    userId: string;
    filters: { startDate: string; endDate: string; category?: CategoryCode; searchTerm?: string };
  },
) {
  const found = await findSearchKeys(db, userId, filters);
  const parts = await Promise.all(totalsStatements(db, { userId, filters: found }));
  let income = 0;
  let expenses = 0;
  let count = 0;
  const byCategory = new Map<number, { income: number; expenses: number; count: number }>();
  for (const row of parts.flat()) {
    if (row.isTransfer) continue;
    income += Number(row.income);
    expenses += Number(row.expenses);
    count += Number(row.count);
    const c = byCategory.get(row.category) ?? { income: 0, expenses: 0, count: 0 };
    c.income += Number(row.income);
    c.expenses += Number(row.expenses);
    c.count += Number(row.count);
    byCategory.set(row.category, c);
  }
  return { income, expenses, count, byCategory };
}
