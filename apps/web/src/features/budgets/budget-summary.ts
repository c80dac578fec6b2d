import {
  type Budget,
  type BudgetPeriod,
  type Cents,
  type CountUpResponse,
  type CountUpStatusResponse,
  formatMoney,
} from '@tally/shared';

const PERIOD_LABELS: Record<BudgetPeriod, string> = {
  0: 'Weekly',
  1: 'Bi-weekly',
  2: 'Monthly',
  3: 'Quarterly',
  4: 'Yearly',
};

/** The period as the form and the summary name it: 'Bi-weekly'. */
export const periodLabel = (period: BudgetPeriod) => PERIOD_LABELS[period];

/** The period as a word inside a sentence: 'Your bi-weekly budget…'. */
export const periodWord = (period: BudgetPeriod) => PERIOD_LABELS[period].toLowerCase();

/** What one period is called in a sentence: 'this month', 'this week'. */
export function thisPeriod(period: BudgetPeriod): string {
  return ['this week', 'these two weeks', 'this month', 'this quarter', 'this year'][period] ?? 'this period';
}

export type UsageColor = 'red' | 'orange' | 'brand';

/** SPEC §9: a budget category's bar is red at 100% or more, orange at 80% or more, else green. */
export function categoryUsageColor(percentUsed: number): UsageColor {
  if (percentUsed >= 100) return 'red';
  if (percentUsed >= 80) return 'orange';
  return 'brand';
}

/** SPEC §9: the overall bar turns orange above 80%. */
export const overallUsageColor = (percentUsed: number): UsageColor => (percentUsed > 80 ? 'orange' : 'brand');

/** A percentage as the badges show it: whole numbers, one decimal under 10 so 0.4% is not '0%'. */
export function formatPercent(percent: number): string {
  if (percent > 0 && percent < 10) return `${Math.round(percent * 10) / 10}%`;
  return `${Math.round(percent)}%`;
}

export type BudgetTotals = {
  income: Cents;
  /** Sum of the categories' allocations. */
  allocated: Cents;
  spent: Cents;
  /** Allocated less spent: negative when the categories together are overspent. */
  remaining: Cents;
  /** Income not given to any category. */
  unallocated: Cents;
  /** Spent as a share of what was allocated. */
  percentUsed: number;
};

/** The summary card's figures. */
export function budgetTotals(budget: Pick<Budget, 'totalIncome' | 'categories'>): BudgetTotals {
  const income = budget.totalIncome;
  let allocated = 0;
  let spent = 0;
  for (const c of budget.categories) {
    allocated += c.allocatedAmount;
    spent += c.spentAmount;
  }
  return {
    income,
    allocated,
    spent,
    remaining: allocated - spent,
    unallocated: income - allocated,
    percentUsed: allocated > 0 ? (spent / allocated) * 100 : spent > 0 ? 100 : 0,
  };
}

export type BudgetStatus = 'Active' | 'Upcoming' | 'Ended' | 'Archived';

/**
 * Archived once another budget replaced it; Ended when its last period is over and it does not start a new
 * one; Upcoming before its first day; else Active.
 */
export function budgetStatus(
  budget: Pick<Budget, 'isActive' | 'today' | 'startDate' | 'endDate'>,
): BudgetStatus {
  if (!budget.isActive) return 'Archived';
  if (budget.today > budget.endDate) return 'Ended';
  if (budget.today < budget.startDate) return 'Upcoming';
  return 'Active';
}

const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const monthDayYear = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/** 'Nov 1 – Nov 30, 2026'; the year on both ends only when they differ. */
export function formatDateRange(startDate: string, endDate: string): string {
  const sameYear = startDate.slice(0, 4) === endDate.slice(0, 4);
  const start = sameYear ? monthDay.format(utc(startDate)) : monthDayYear.format(utc(startDate));
  return `${start} – ${monthDayYear.format(utc(endDate))}`;
}

/** 'Nov 3', for chart axes. */
export const formatShortDay = (day: string) => monthDay.format(utc(day));

export type CountUpTotals = {
  /** What the enabled categories earn together each day. */
  dailyEarnings: Cents;
  /** What they hold now: earned plus rollover, less spent. */
  totalAvailable: Cents;
  earnedToDate: Cents;
  spent: Cents;
  enabled: number;
};

/** The count-up summary: only the categories counting up add to it. */
export function countUpTotals(countUp: Pick<CountUpResponse, 'categories'>): CountUpTotals {
  const totals: CountUpTotals = {
    dailyEarnings: 0,
    totalAvailable: 0,
    earnedToDate: 0,
    spent: 0,
    enabled: 0,
  };
  for (const c of countUp.categories) {
    if (!c.countUpEnabled) continue;
    totals.dailyEarnings += c.dailyAllowance;
    totals.totalAvailable += c.availableBalance;
    totals.earnedToDate += c.earnedToDate;
    totals.spent += c.actualSpent;
    totals.enabled += 1;
  }
  return totals;
}

/** SPEC §2: the first three achievements are shown, the rest counted. */
export function visibleAchievements<T>(achievements: readonly T[], max = 3) {
  return { shown: achievements.slice(0, max), more: Math.max(0, achievements.length - max) };
}

export type PacePoint = {
  date: string;
  label: string;
  /** Earned by the end of the day. */
  earned: Cents;
  /** Spent from the first day to the end of this one. */
  spent: Cents;
};

/**
 * The pace chart's points. Each day of the API's `days` already holds the spending to date (the server
 * sums it: its last day equals `actualSpent`) next to what had been earned by then.
 */
export function paceSeries(days: CountUpStatusResponse['days']): PacePoint[] {
  return days.map((day) => ({
    date: day.date,
    label: formatShortDay(day.date),
    earned: day.earned,
    spent: day.spent,
  }));
}

/** The chart in words, for screen readers and as its caption. */
export function paceSummary(
  status: Pick<
    CountUpStatusResponse,
    'categoryName' | 'daysElapsed' | 'totalDays' | 'earnedToDate' | 'actualSpent'
  >,
): string {
  const earned = status.earnedToDate;
  const spent = status.actualSpent;
  const gap = earned - spent;
  const verdict =
    gap === 0
      ? 'exactly on pace'
      : gap > 0
        ? `${formatMoney(gap)} under pace`
        : `${formatMoney(-gap)} over pace`;
  return `${status.categoryName} by day ${status.daysElapsed} of ${status.totalDays}: earned ${formatMoney(earned)}, spent ${formatMoney(spent)}, ${verdict}.`;
}
