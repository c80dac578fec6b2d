import { addDays, addMonths, dayOfWeek, daysBetween, startOfMonth } from '../dates';

/** Budget periods by their API number (SPEC §3): Weekly 0, BiWeekly 1, Monthly 2, Quarterly 3, Yearly 4. */
export const BUDGET_PERIODS = ['Weekly', 'BiWeekly', 'Monthly', 'Quarterly', 'Yearly'] as const;
export type BudgetPeriod = 0 | 1 | 2 | 3 | 4;

/** A period's first and last day (both included), as days in the person's time zone. */
export type PeriodBounds = { startDate: string; endDate: string };

/** How long each period is: a number of days, or of calendar months. */
const LENGTH: Record<BudgetPeriod, { days: number } | { months: number }> = {
  0: { days: 7 },
  1: { days: 14 },
  2: { months: 1 },
  3: { months: 3 },
  4: { months: 12 },
};

/** The first day of the period `index` periods after the one starting on `anchor` (index 0). */
function startOf(period: BudgetPeriod, anchor: string, index: number): string {
  const length = LENGTH[period];
  return 'days' in length ? addDays(anchor, index * length.days) : addMonths(anchor, index * length.months);
}

/**
 * The `index`th period of a budget whose first period starts on `anchor`. Months count from the anchor, not
 * from the previous period: a budget started on Jan 31 runs Jan 31–Feb 27, Feb 28–Mar 30, Mar 31–Apr 29…,
 * so periods never drift off the month's end and always meet without a gap.
 */
export function periodAt(period: BudgetPeriod, anchor: string, index = 0): PeriodBounds {
  return {
    startDate: startOf(period, anchor, index),
    endDate: addDays(startOf(period, anchor, index + 1), -1),
  };
}

/** The period that holds `day` (on or after the anchor), and its index. */
export function periodContaining(
  period: BudgetPeriod,
  anchor: string,
  day: string,
): PeriodBounds & { index: number } {
  if (day < anchor) throw new RangeError(`${day} is before the budget's first day, ${anchor}`);
  const length = LENGTH[period];
  // An estimate from the average length, then a step either way: calendar months vary by a few days.
  const days = 'days' in length ? length.days : length.months * 30.436875;
  let index = Math.floor(daysBetween(anchor, day) / days);
  while (index > 0 && startOf(period, anchor, index) > day) index -= 1;
  while (startOf(period, anchor, index + 1) <= day) index += 1;
  return { ...periodAt(period, anchor, index), index };
}

/** The period after this one. */
export function nextPeriod(period: BudgetPeriod, anchor: string, current: PeriodBounds): PeriodBounds {
  return periodAt(period, anchor, periodContaining(period, anchor, current.startDate).index + 1);
}

/** Days in the period, both ends included. */
export const totalDays = ({ startDate, endDate }: PeriodBounds) => daysBetween(startDate, endDate) + 1;

/** Days of the period that have begun by `today` (today included): 0 before it, all of them after it. */
export function daysElapsed(bounds: PeriodBounds, today: string): number {
  if (today < bounds.startDate) return 0;
  if (today > bounds.endDate) return totalDays(bounds);
  return daysBetween(bounds.startDate, today) + 1;
}

/**
 * Where a new budget's periods count from when the person does not say: the start of the calendar week
 * (Sunday), month, quarter or year holding today; a bi-weekly budget starts today (paydays vary).
 */
export function defaultBudgetStart(period: BudgetPeriod, today: string): string {
  switch (period) {
    case 0:
      return addDays(today, -dayOfWeek(today));
    case 1:
      return today;
    case 2:
      return startOfMonth(today);
    case 3: {
      const month = Number(today.slice(5, 7));
      return `${today.slice(0, 4)}-${String(month - ((month - 1) % 3)).padStart(2, '0')}-01`;
    }
    case 4:
      return `${today.slice(0, 4)}-01-01`;
  }
}
