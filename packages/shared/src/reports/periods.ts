import { addDays, addMonths, daysBetween, lastDayOfMonth, startOfMonth, startOfWeek } from '../dates';
import type { PeriodRange } from '../transactions/dashboard-periods';

/** The reports' period picker, in the order it shows. Month counts end with the person's current month. */
export const REPORT_PERIODS = [
  { value: 'this_month', label: 'This month' },
  { value: 'last_3_months', label: 'Last 3 months' },
  { value: 'last_6_months', label: 'Last 6 months' },
  { value: 'last_12_months', label: 'Last 12 months' },
  { value: 'this_year', label: 'This year' },
  { value: 'last_year', label: 'Last year' },
  { value: 'custom', label: 'Custom' },
] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number]['value'];
export const REPORT_PERIOD_VALUES = REPORT_PERIODS.map((p) => p.value) as [ReportPeriod, ...ReportPeriod[]];

export const REPORT_COMPARISONS = [
  { value: 'previous', label: 'Previous period' },
  { value: 'year_ago', label: 'Same period last year' },
  { value: 'none', label: 'No comparison' },
] as const;
export type ReportComparison = (typeof REPORT_COMPARISONS)[number]['value'];
export const REPORT_COMPARISON_VALUES = REPORT_COMPARISONS.map((c) => c.value) as [
  ReportComparison,
  ...ReportComparison[],
];

/** How a sentence names a comparison: "previous period", "same period last year". */
export const comparisonLabel = (compare: ReportComparison) =>
  (REPORT_COMPARISONS.find((c) => c.value === compare)?.label ?? '').toLowerCase();

export const REPORT_INTERVALS = [
  { value: 'month', label: 'Monthly' },
  { value: 'week', label: 'Weekly' },
] as const;
export type ReportInterval = (typeof REPORT_INTERVALS)[number]['value'];

/** A custom period spans at most this many days (ten years); weeks are offered up to two years. */
export const MAX_REPORT_DAYS = 3_653;
export const MAX_WEEKLY_REPORT_DAYS = 731;

/** Calendar months each preset spans, ending with the current month (this year: January to now). */
function presetMonths(period: Exclude<ReportPeriod, 'custom'>, today: string): number {
  switch (period) {
    case 'this_month':
      return 1;
    case 'last_3_months':
      return 3;
    case 'last_6_months':
      return 6;
    case 'last_12_months':
    case 'last_year':
      return 12;
    case 'this_year':
      return Number(today.slice(5, 7));
  }
}

/**
 * The days a period covers in the person's calendar. Periods that include this month end today (a payment
 * dated ahead does not count yet); last year is January to December; custom is the days given.
 */
export function reportRange(period: ReportPeriod, today: string, custom?: Partial<PeriodRange>): PeriodRange {
  if (period === 'custom') {
    if (!custom?.startDate || !custom.endDate) throw new Error('a custom period needs both days');
    return { startDate: custom.startDate, endDate: custom.endDate };
  }
  if (period === 'last_year') {
    const year = Number(today.slice(0, 4)) - 1;
    return { startDate: `${year}-01-01`, endDate: `${year}-12-31` };
  }
  const months = presetMonths(period, today);
  return { startDate: addMonths(startOfMonth(today), 1 - months), endDate: today };
}

/** Months a range covers when it runs from a month's first day, else null (a custom run of days). */
function monthSpan({ startDate, endDate }: PeriodRange): number | null {
  if (!startDate.endsWith('-01')) return null;
  const months =
    (Number(endDate.slice(0, 4)) - Number(startDate.slice(0, 4))) * 12 +
    Number(endDate.slice(5, 7)) -
    Number(startDate.slice(5, 7)) +
    1;
  return months > 0 ? months : null;
}

/** The range moved back whole months; an end on a month's last day stays on its month's last day. */
function monthsBack({ startDate, endDate }: PeriodRange, months: number): PeriodRange {
  const end = addMonths(endDate, -months);
  return {
    startDate: addMonths(startDate, -months),
    endDate: endDate === lastDayOfMonth(endDate) ? lastDayOfMonth(end) : end,
  };
}

/**
 * What a range is compared with. The previous period is as long and ends just before it, month for month
 * when the range starts on a month's first day (this month to date: last month to the same day), day for
 * day otherwise. A year ago is the same days a year earlier.
 */
export function comparisonRange(range: PeriodRange, compare: ReportComparison): PeriodRange | null {
  if (compare === 'none') return null;
  if (compare === 'year_ago') return monthsBack(range, 12);
  const months = monthSpan(range);
  if (months !== null) return monthsBack(range, months);
  const days = daysBetween(range.startDate, range.endDate) + 1;
  return { startDate: addDays(range.startDate, -days), endDate: addDays(range.startDate, -1) };
}

/** The first day of the month or week (Monday, as ISO weeks start) a day falls in. */
export function bucketStart(day: string, interval: ReportInterval): string {
  return interval === 'month' ? startOfMonth(day) : startOfWeek(day);
}

/** Every month or week a range touches, in order, each clipped to the range. */
export function rangeBuckets(
  range: PeriodRange,
  interval: ReportInterval,
): Array<PeriodRange & { start: string }> {
  const buckets: Array<PeriodRange & { start: string }> = [];
  for (let start = bucketStart(range.startDate, interval); start <= range.endDate; ) {
    const next = interval === 'month' ? addMonths(start, 1) : addDays(start, 7);
    const last = addDays(next, -1);
    buckets.push({
      start,
      startDate: start < range.startDate ? range.startDate : start,
      endDate: last > range.endDate ? range.endDate : last,
    });
    start = next;
  }
  return buckets;
}
