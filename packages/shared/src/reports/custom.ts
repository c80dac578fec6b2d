import { daysBetween } from '../dates';
import type { Cents } from '../money';
import { categoryName } from '../transactions/categories';
import type { PeriodRange } from '../transactions/dashboard-periods';
import { changeSentence, sentenceMoney } from './change';
import { comparisonLabel, type ReportComparison, type ReportInterval, rangeBuckets } from './periods';
import type {
  CustomAmount,
  CustomFigures,
  CustomGrouping,
  CustomMeasure,
  CustomReport,
  CustomReportQuery,
} from './reports.schema';

/**
 * Money in and out (cents, both positive) and the count of one group, or of one part of it, as the database
 * sums them: `group` is a category code, an account id, a merchant as spelled in lower case, a month's or
 * week's first day, or an ISO day of the week (1 Monday to 7 Sunday); `split` what a stacked chart splits
 * it by (a category code, or a month's first day when grouped by category), null otherwise.
 */
export type CustomTotals = {
  group: string;
  /** The group's name where the key is not one (a merchant as the person's rows spell it). */
  name?: string;
  split: string | null;
  isTransfer: boolean;
  count: number;
  income: Cents;
  expenses: Cents;
};

/** Merchants shown at most; the rest are counted in `more`. */
export const MAX_CUSTOM_GROUPS = 20;
/** Categories a stacked chart names apart; the rest stack as one. */
export const MAX_STACKED_SERIES = 6;
const OTHER = 'other';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const TIME_GROUPINGS: readonly CustomGrouping[] = ['month', 'week', 'weekday'];
export const isTimeGrouping = (groupBy: CustomGrouping) => TIME_GROUPINGS.includes(groupBy);

const monthName = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const utc = (day: string) => new Date(`${day}T00:00:00Z`);
/** "Nov 2026" for a month, "Week of Nov 2" for a week. */
export const bucketName = (start: string, interval: ReportInterval) =>
  interval === 'month' ? monthName.format(utc(start)) : `Week of ${shortDay.format(utc(start))}`;

/** How many of the range's days fall on an ISO day of the week (1 Monday … 7 Sunday). */
function weekdaysIn({ startDate, endDate }: PeriodRange, isoWeekday: number): number {
  const first = ((utc(startDate).getUTCDay() + 6) % 7) + 1;
  const offset = (isoWeekday - first + 7) % 7;
  const days = daysBetween(startDate, endDate) + 1;
  return offset >= days ? 0 : Math.floor((days - 1 - offset) / 7) + 1;
}

type Sum = { count: number; income: Cents; expenses: Cents };
const empty = (): Sum => ({ count: 0, income: 0, expenses: 0 });
function add(sum: Sum, row: CustomTotals) {
  sum.count += row.count;
  if (row.isTransfer) return;
  sum.income += row.income;
  sum.expenses += row.expenses;
}

function amountOf(sum: Sum, amount: CustomAmount): Cents {
  if (amount === 'spending') return sum.expenses;
  if (amount === 'income') return sum.income;
  return sum.income - sum.expenses;
}

/** Every measure of a sum over so many days: the total, the count, the total per day (to the cent). */
function figures(sum: Sum, amount: CustomAmount, days: number): CustomFigures {
  const total = amountOf(sum, amount);
  return { total, count: sum.count, average: days > 0 ? Math.round(total / days) : 0 };
}

/** The figure a measure shows. */
export const measureOf = (f: CustomFigures, measure: CustomMeasure): number => f[measure];

/** Sums rows by a key. */
function sumBy(rows: CustomTotals[], keyOf: (row: CustomTotals) => string | null) {
  const sums = new Map<string, Sum>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key === null) continue;
    const sum = sums.get(key) ?? empty();
    add(sum, row);
    sums.set(key, sum);
  }
  return sums;
}

const SUBJECTS: Record<CustomMeasure, Record<CustomAmount, string>> = {
  total: { spending: 'Spending', income: 'Income', net: 'Net' },
  count: { spending: 'Transactions', income: 'Transactions', net: 'Transactions' },
  average: { spending: 'Daily spending', income: 'Daily income', net: 'Daily net' },
};
const sayCount = (n: number) => n.toLocaleString('en-US');

/**
 * A custom report from the database's sums: its groups in order with every measure and the filters that
 * open each one's transactions, the parts of a stacked chart, the period's totals against the comparison's,
 * and why the measure changed in a sentence naming the groups that moved it most.
 */
export function customReportOf({
  query,
  range,
  rows,
  accountNames,
  comparison,
}: {
  query: Pick<CustomReportQuery, 'measure' | 'amount' | 'groupBy' | 'chart'>;
  range: PeriodRange;
  rows: CustomTotals[];
  /** The person's accounts by id (a removed one is named as such). */
  accountNames: ReadonlyMap<string, string>;
  comparison: { range: PeriodRange; compare: ReportComparison; rows: CustomTotals[] } | null;
}): CustomReport {
  const { measure, amount, groupBy, chart } = query;
  const days = daysBetween(range.startDate, range.endDate) + 1;
  const sums = sumBy(rows, (r) => r.group);
  const names = new Map(
    [...rows, ...(comparison?.rows ?? [])].filter((r) => r.name).map((r) => [r.group, r.name as string]),
  );
  const labelOf = (key: string) =>
    groupBy === 'category'
      ? categoryName(Number(key))
      : groupBy === 'account'
        ? (accountNames.get(key) ?? 'Removed account')
        : (names.get(key) ?? key);

  type Slot = { key: string; label: string; drill: CustomReport['groups'][number]['drill']; days: number };
  const whole = { ...range, category: null, accountId: null, merchant: null };
  let slots: Slot[];
  if (groupBy === 'month' || groupBy === 'week') {
    slots = rangeBuckets(range, groupBy).map((b) => ({
      key: b.start,
      label: bucketName(b.start, groupBy),
      drill: { ...whole, startDate: b.startDate, endDate: b.endDate },
      days: daysBetween(b.startDate, b.endDate) + 1,
    }));
  } else if (groupBy === 'weekday') {
    slots = WEEKDAYS.map((label, i) => ({
      key: String(i + 1),
      label,
      drill: null,
      days: weekdaysIn(range, i + 1),
    }));
  } else {
    slots = [...sums].map(([key]) => ({
      key,
      label: labelOf(key),
      drill: {
        ...whole,
        category: groupBy === 'category' ? Number(key) : null,
        accountId: groupBy === 'account' ? key : null,
        merchant: groupBy === 'merchant' ? (names.get(key) ?? key) : null,
      },
      days,
    }));
  }

  // Stacked: by month when grouped by category, else by the categories that weigh most (the rest as one).
  let series: CustomReport['series'] = [];
  let splitOf = (row: CustomTotals): string | null => row.split;
  if (chart === 'stacked') {
    if (groupBy === 'category') {
      series = rangeBuckets(range, 'month').map((b) => ({
        key: b.start,
        label: bucketName(b.start, 'month'),
        category: null,
      }));
    } else {
      const weights = [...sumBy(rows, (r) => r.split)]
        .map(([key, sum]) => ({ key, weight: Math.abs(measureOf(figures(sum, amount, 1), measure)) }))
        .sort((a, b) => b.weight - a.weight || Number(a.key) - Number(b.key));
      // Categories that weigh nothing over the period (transactions of another amount, a net that evens
      // out) still have parts: they stack with the rest, so every group's parts add up to it.
      const room = weights.length > MAX_STACKED_SERIES ? MAX_STACKED_SERIES - 1 : MAX_STACKED_SERIES;
      const named = weights.filter((s) => s.weight > 0).slice(0, room);
      const apart = new Set(named.map((s) => s.key));
      series = named.map((s) => ({
        key: s.key,
        label: categoryName(Number(s.key)),
        category: Number(s.key),
      }));
      if (weights.length > named.length)
        series.push({ key: OTHER, label: 'Other categories', category: null });
      splitOf = (row) => (row.split === null ? null : apart.has(row.split) ? row.split : OTHER);
    }
  }
  const partSums = sumBy(rows, (r) => {
    const split = splitOf(r);
    return split === null ? null : `${r.group}|${split}`;
  });

  const before = comparison && sumBy(comparison.rows, (r) => r.group);
  const comparedDays = comparison ? daysBetween(comparison.range.startDate, comparison.range.endDate) + 1 : 0;
  let groups = slots.map((slot) => {
    const sum = sums.get(slot.key) ?? empty();
    return {
      key: slot.key,
      label: slot.label,
      ...figures(sum, amount, slot.days),
      previous:
        before && !isTimeGrouping(groupBy)
          ? figures(before.get(slot.key) ?? empty(), amount, comparedDays)
          : null,
      drill: slot.drill,
      parts: series.map((s) => figures(partSums.get(`${slot.key}|${s.key}`) ?? empty(), amount, slot.days)),
    };
  });
  let more = 0;
  if (!isTimeGrouping(groupBy)) {
    // A group shows when it has what is measured: money of the amount chosen, or transactions to count.
    groups = groups
      .filter((g) => (measure === 'count' ? g.count > 0 : g.total !== 0))
      .sort(
        (a, b) =>
          Math.abs(measureOf(b, measure)) - Math.abs(measureOf(a, measure)) || a.label.localeCompare(b.label),
      );
    if (groupBy === 'merchant' && groups.length > MAX_CUSTOM_GROUPS) {
      more = groups.length - MAX_CUSTOM_GROUPS;
      groups = groups.slice(0, MAX_CUSTOM_GROUPS);
    }
  }

  // Every group of either period: one that is gone moved the measure too.
  const groupChanges = (): Array<[string, number]> =>
    [...new Set([...sums.keys(), ...(before?.keys() ?? [])])].map((key) => [
      labelOf(key),
      measureOf(figures(sums.get(key) ?? empty(), amount, days), measure) -
        measureOf(figures(before?.get(key) ?? empty(), amount, comparedDays), measure),
    ]);
  const totals = figures(sumBy(rows, () => 'all').get('all') ?? empty(), amount, days);
  const previous = comparison
    ? figures(sumBy(comparison.rows, () => 'all').get('all') ?? empty(), amount, comparedDays)
    : null;
  const label = comparison ? comparisonLabel(comparison.compare) : '';
  const changed =
    previous &&
    changeSentence({
      subject: SUBJECTS[measure][amount],
      now: measureOf(totals, measure),
      before: measureOf(previous, measure),
      // Time groups are other days than the comparison's: only categories, merchants and accounts compare.
      parts: isTimeGrouping(groupBy) || !before ? [] : groupChanges(),
      against: `the ${label}`,
      say: measure === 'count' ? sayCount : sentenceMoney,
    });
  return {
    ...range,
    measure,
    amount,
    groupBy,
    chart,
    comparison: comparison && { ...comparison.range, label },
    groups,
    more,
    series,
    totals,
    previous,
    changes: changed ? [changed] : [],
  };
}
