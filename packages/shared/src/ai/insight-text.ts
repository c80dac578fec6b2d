import { addDays, dayOfWeek } from '../dates';
import type { FigureSource } from './ai.schema';

/**
 * What every insight rule shares: how days, spans and percents read in a message, how sure a rule may
 * say it is, and the shape of a figure's source. Internal to the rules; the engine exports the rules.
 */

const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const monthDayYear = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });
const monthYear = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** "Oct 2026": the month a day is in. */
export const monthYearLabel = (day: string): string => monthYear.format(asDate(day));
/** "Oct 4". */
export const shortDayLabel = (day: string): string => monthDay.format(asDate(day));

/** "Nov 30" in today's year, "Jan 5, 2027" in another: a day is a day, so no time zone shifts it. */
export function dayLabel(day: string, today: string): string {
  return (day.slice(0, 4) === today.slice(0, 4) ? monthDay : monthDayYear).format(asDate(day));
}

/** "Oct 28 – Nov 26, 2026", or "Dec 28, 2025 – Jan 26, 2026" across a new year. */
export function spanLabel(startDate: string, endDate: string): string {
  const start = (startDate.slice(0, 4) === endDate.slice(0, 4) ? monthDay : monthDayYear).format(
    asDate(startDate),
  );
  return `${start} – ${monthDayYear.format(asDate(endDate))}`;
}

/** "November". */
export const monthLabel = (day: string): string => monthName.format(asDate(day));

/** A part of a whole in whole percent, as messages quote it. */
export const wholePercent = (part: number, whole: number): number => Math.round((part * 100) / whole);

/** A percent the person set (12.5), as they set it: no rounding a 99.5 up to a 100 that isn't so. */
export const setPercent = (percent: number): string => `${Math.round(percent * 100) / 100}%`;

/** "1 day", "12 days". */
export const count = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * No rule is ever certain of what comes next, and none is worth showing below a tenth: confidence stays in
 * [0.1, 0.99], to two decimals so the same facts always print the same number.
 */
export function confidence(score: number): number {
  return Math.round(Math.min(0.99, Math.max(0.1, score)) * 100) / 100;
}

/** How far a value has gone from `from` to `to`, as 0..1 (0 at or below from, 1 at or above to). */
export function scale(value: number, from: number, to: number): number {
  if (to <= from) return value >= to ? 1 : 0;
  return Math.min(1, Math.max(0, (value - from) / (to - from)));
}

/** Where a figure comes from; unset filters stay null (the Transactions screen ignores them). */
export function source(
  description: string,
  filter: Partial<Omit<FigureSource, 'description'>> = {},
): FigureSource {
  return {
    description,
    startDate: filter.startDate ?? null,
    endDate: filter.endDate ?? null,
    category: filter.category ?? null,
    merchant: filter.merchant ?? null,
    ...(filter.searchTerm ? { searchTerm: filter.searchTerm } : {}),
    ...(filter.kind ? { kind: filter.kind } : {}),
    ...(filter.accountId ? { accountId: filter.accountId } : {}),
    ...(typeof filter.minAmount === 'number' ? { minAmount: filter.minAmount } : {}),
    ...(typeof filter.maxAmount === 'number' ? { maxAmount: filter.maxAmount } : {}),
    transactionCount: filter.transactionCount ?? null,
  };
}

/** The Monday of the day's week: findings that stand for a while are keyed on it, not on the day. */
export function weekStart(day: string): string {
  return addDays(day, -((dayOfWeek(day) + 6) % 7));
}
