import {
  addDays,
  type Cents,
  type Contribution,
  daysBetween,
  formatMoney,
  type GoalProgressView,
  type SavingsGoal,
} from '@tally/shared';
import { formatDay } from '../../lib/format';

const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/** 'Oct 1 – Oct 31, 2026'; across a new year both years show: 'Dec 29, 2026 – Jan 4, 2027'. */
export function formatDayRange(start: string, end: string): string {
  if (start.slice(0, 4) !== end.slice(0, 4)) return `${formatDay(start)} – ${formatDay(end)}`;
  return `${monthDay.format(utc(start))} – ${formatDay(end)}`;
}

/** The achieved message of a completed goal (SPEC §2). */
export function achievedMessage(goal: Pick<SavingsGoal, 'currentAmount' | 'completedDate'>): string {
  const when = goal.completedDate ? ` on ${formatDay(goal.completedDate)}` : '';
  return `Goal achieved${when}! You saved ${formatMoney(goal.currentAmount)}.`;
}

/** A ledger row's heading and the line under it: where the money came from (its note, if it has one). */
export function contributionText(c: Contribution): { title: string; detail: string | null } {
  if (c.source === 'period') {
    const period =
      c.periodStartDate && c.periodEndDate
        ? `Leftover of ${formatDayRange(c.periodStartDate, c.periodEndDate)}`
        : 'Leftover of a budget period';
    return { title: 'Period share', detail: period };
  }
  return { title: 'Added by hand', detail: c.note };
}

export type BalancePoint = { date: string; label: string; total: Cents };

/** The chart draws at most about this many points; a longer history is sampled (its last day kept). */
const MAX_POINTS = 370;

/**
 * The balance day by day from the first entry to today, each day carrying the last known total, so the
 * chart's x axis is true time (the API lists only the days the balance changed).
 */
export function balanceSeries(history: GoalProgressView['history'], today: string): BalancePoint[] {
  const first = history[0];
  if (!first) return [];
  const sorted = [...history].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const lastDay = sorted[sorted.length - 1]?.date ?? first.date;
  const end = lastDay > today ? lastDay : today;
  const span = daysBetween(first.date, end);
  const step = Math.max(1, Math.ceil((span + 1) / MAX_POINTS));
  const points: BalancePoint[] = [];
  let next = 0;
  let total = 0;
  for (let offset = 0; offset <= span; offset += 1) {
    const day = addDays(first.date, offset);
    while (next < sorted.length && (sorted[next]?.date ?? '') <= day) {
      total = sorted[next]?.total ?? total;
      next += 1;
    }
    if (offset % step === 0 || offset === span)
      points.push({ date: day, label: monthDay.format(utc(day)), total });
  }
  return points;
}

/** What the chart shows, in words, for screen readers. */
export function historySummary(view: GoalProgressView): string {
  const { goal, contributions } = view;
  const first = view.history[0];
  const count = contributions.length;
  const since = first ? ` since ${formatDay(first.date)}` : '';
  return `${formatMoney(goal.currentAmount)} saved toward ${formatMoney(goal.targetAmount)}${since}, in ${count} contribution${
    count === 1 ? '' : 's'
  }.`;
}
