import {
  addDays,
  type BudgetFacts,
  categoryGroup,
  categoryName,
  type Deposit,
  dailyRequired,
  type GoalFacts,
  goalStatus,
  type InsightFacts,
  isIncomeCategory,
  lastDayOfMonth,
  leftoverSoFar,
  merchantKey,
  missedDueDate,
  monthlyEquivalent,
  occurrencesBetween,
  periodLeftover,
  projectIncome,
  type SpendingBucket,
  type SubscriptionFacts,
  type SubscriptionFrequency,
} from '@tally/shared';
import type { Db } from '../../db/client';
import { activePeriodNow } from '../budgets';
import {
  cashBalance,
  firstTransactionDay,
  goalsWithSaved,
  moneyIn,
  spendingByWindow,
  trackedSubscriptionRows,
} from './ai.queries';

/** The windows the spending rules compare: the last 30 days against the 90 before them. */
const RECENT_DAYS = 30;
const BASELINE_DAYS = 90;

/**
 * Spending by category and by merchant in the recent and baseline windows (income categories left out), and
 * how many transactions each category has in the budget period (refunds too, as Transactions counts them): one
 * pass over the person's last 120 days and the period, grouped by category, merchant and window.
 */
async function spending(
  db: Db,
  windows: {
    userId: string;
    baselineStart: string;
    recentStart: string;
    today: string;
    period: { startDate: string; endDate: string } | null;
  },
) {
  const rows = await spendingByWindow(db, windows);
  const categories = new Map<string, SpendingBucket>();
  const merchants = new Map<string, SpendingBucket>();
  const merchantCategories = new Map<string, Set<number>>();
  const inPeriod = new Map<number, number>();
  const add = (
    map: Map<string, SpendingBucket>,
    key: string,
    make: () => SpendingBucket,
    isRecent: boolean,
    spent: number,
    count: number,
  ) => {
    const bucket = map.get(key) ?? make();
    if (isRecent) {
      bucket.recent += spent;
      bucket.recentCount += count;
    } else {
      bucket.baselineTotal += spent;
      bucket.baselineCount += count;
    }
    map.set(key, bucket);
  };
  const empty = { recent: 0, recentCount: 0, baselineTotal: 0, baselineCount: 0 };
  for (const r of rows) {
    if (r.inPeriod === true || String(r.inPeriod) === 'true') {
      inPeriod.set(r.category, (inPeriod.get(r.category) ?? 0) + r.count);
    }
    if (r.window === null || isIncomeCategory(r.category)) continue;
    const spent = Number(r.spent);
    const isRecent = r.window === 1;
    add(
      categories,
      String(r.category),
      () => ({
        key: String(r.category),
        label: categoryName(r.category),
        category: r.category,
        merchant: null,
        ...empty,
      }),
      isRecent,
      spent,
      r.count,
    );
    if (r.merchant) {
      const key = merchantKey(r.merchant, r.merchant);
      merchantCategories.set(key, new Set([...(merchantCategories.get(key) ?? []), r.category]));
      add(
        merchants,
        key,
        () => ({ key, label: r.merchant ?? key, category: null, merchant: r.merchant, ...empty }),
        isRecent,
        spent,
        r.count,
      );
    }
  }
  // A merchant whose spending is all in one category is read with it (a spike there is also the category's).
  for (const [key, bucket] of merchants) {
    const codes = [...(merchantCategories.get(key) ?? [])];
    if (codes.length === 1) bucket.category = codes[0] ?? null;
  }
  return { categories: [...categories.values()], merchants: [...merchants.values()], inPeriod };
}

/** Income deposits of the last 120 days, by payer, for the pay that is expected again. */
export async function deposits(
  db: Db,
  { userId, from, today }: { userId: string; from: string; today: string },
): Promise<Deposit[]> {
  const rows = await moneyIn(db, { userId, from, to: today });
  return rows.map((r) => ({
    source: merchantKey(r.merchant, r.description),
    label: r.merchant ?? r.description,
    date: r.date,
    amount: r.amount,
  }));
}

/** The person's goals with their progress and status on `today`. */
export async function goals(
  db: Db,
  { userId, today }: { userId: string; today: string },
): Promise<GoalFacts[]> {
  const rows = await goalsWithSaved(db, { userId });
  return rows.map(({ goal, saved }) => {
    const figures = {
      targetAmount: goal.targetAmount,
      currentAmount: Number(saved),
      targetDate: goal.targetDate,
      startDate: goal.startDate,
    };
    return {
      id: goal.id,
      name: goal.name,
      targetAmount: goal.targetAmount,
      currentAmount: figures.currentAmount,
      targetDate: goal.targetDate,
      startDate: goal.startDate,
      allocationPercentage: goal.allocationBasisPoints / 100,
      isActive: goal.isActive,
      isCompleted: figures.currentAmount >= goal.targetAmount,
      dailyRequired: dailyRequired(figures, today),
      status: goalStatus(figures, today),
    };
  });
}

/** Tracked subscriptions, with their schedule for the charges due by month end. */
export type Tracked = SubscriptionFacts & { frequency: SubscriptionFrequency; anchorDate: string };

export async function trackedSubscriptions(
  db: Db,
  { userId, today }: { userId: string; today: string },
): Promise<Tracked[]> {
  const rows = await trackedSubscriptionRows(db, { userId });
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    amount: s.amount,
    monthlyAmount: monthlyEquivalent(s.amount, s.frequency),
    status: s.status,
    nextDueDate: s.nextDueDate,
    lastChargeDate: s.lastChargeDate,
    priceChange:
      s.previousAmount !== null && s.priceChangedAt !== null
        ? { previousAmount: s.previousAmount, date: s.priceChangedAt }
        : null,
    missedDueDate: missedDueDate(s, today),
    frequency: s.frequency,
    anchorDate: s.anchorDate,
  }));
}

/** Everything the insight rules read for one person on their `today`. */
export async function gatherFacts(
  db: Db,
  { userId, today }: { userId: string; today: string },
): Promise<InsightFacts> {
  const recentStart = addDays(today, -(RECENT_DAYS - 1));
  const baselineEnd = addDays(recentStart, -1);
  const baselineStart = addDays(baselineEnd, -(BASELINE_DAYS - 1));
  const monthEnd = lastDayOfMonth(today);
  // The budget period first (rolled if due): the spending pass counts its transactions too.
  const current = await activePeriodNow(db, { userId, day: today });
  const [spent, historyStart, pay, goalFacts, subs, cash] = await Promise.all([
    spending(db, { userId, baselineStart, recentStart, today, period: current?.period ?? null }),
    firstTransactionDay(db, { userId }),
    deposits(db, { userId, from: baselineStart, today }),
    goals(db, { userId, today }),
    trackedSubscriptions(db, { userId, today }),
    cashBalance(db, { userId }),
  ]);

  let budget: BudgetFacts | null = null;
  let leftover: InsightFacts['leftover'] = null;
  if (current) {
    budget = {
      id: current.budget.id,
      name: current.budget.name,
      startDate: current.period.startDate,
      endDate: current.period.endDate,
      daysElapsed: current.elapsed,
      totalDays: current.days,
      categories: current.figures.map((f) => ({
        category: f.category,
        name: categoryName(f.category),
        allocated: f.allocated,
        spent: f.spent,
        transactionCount: spent.inPeriod.get(f.category) ?? 0,
        allowRollover: f.allowRollover,
      })),
    };
    leftover = {
      soFar: leftoverSoFar(current.figures, current.elapsed, current.days),
      ifNoMoreSpending: periodLeftover(current.figures),
      allocatedPercent: goalFacts
        .filter((g) => g.isActive && !g.isCompleted)
        .reduce((sum, g) => sum + g.allocationPercentage, 0),
      periodEnd: current.period.endDate,
    };
  }

  const tomorrow = addDays(today, 1);
  const upcomingCharges = subs
    .filter((s) => s.status === 0)
    .flatMap((s) =>
      occurrencesBetween(s.anchorDate, s.frequency, tomorrow, monthEnd)
        .filter((date) => date >= s.nextDueDate)
        .map((date) => ({ subscriptionId: s.id, name: s.name, amount: s.amount, date })),
    )
    .sort((a, b) => a.date.localeCompare(b.date));

  // Day-to-day spending: the variable categories over the recent window (bills come as tracked charges).
  const variable = spent.categories
    .filter((c) => c.category !== null && categoryGroup(c.category) === 'Variable Expenses')
    .reduce((sum, c) => sum + c.recent, 0);

  return {
    today,
    recentStart,
    baselineStart,
    baselineEnd,
    historyStart,
    categories: spent.categories,
    merchants: spent.merchants,
    budget,
    goals: goalFacts,
    leftover,
    cashBalance: cash,
    monthEnd,
    expectedIncome: projectIncome(pay, today, monthEnd),
    upcomingCharges,
    averageDailySpending: Math.max(0, Math.round(variable / RECENT_DAYS)),
    subscriptions: subs.map(({ frequency: _f, anchorDate: _a, ...s }) => s),
  };
}
