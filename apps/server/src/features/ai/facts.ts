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
import { and, eq, gte, isNull, lte, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  bankAccounts,
  savingsContributions,
  savingsGoals,
  subscriptions,
  transactions,
} from '../../db/schema';
import { activePeriodNow } from '../budgets';

/** The windows the spending rules compare: the last 30 days against the 90 before them. */
const RECENT_DAYS = 30;
const BASELINE_DAYS = 90;

/** Transactions the facts count: the person's, not deleted, not moves between their own accounts. */
const counted = (userId: string, from: string, to: string) =>
  and(
    eq(transactions.userId, userId),
    isNull(transactions.deletedAt),
    eq(transactions.isTransfer, false),
    gte(transactions.date, from),
    lte(transactions.date, to),
  );

/**
 * Spending by category and by merchant in the recent and baseline windows, in one pass over the person's
 * last 120 days grouped by category, merchant and window; income categories left out.
 */
async function spending(
  db: Db,
  userId: string,
  windows: { baselineStart: string; recentStart: string; today: string },
) {
  const t = transactions;
  const recent = sql<boolean>`${t.date} >= ${windows.recentStart}`;
  const rows = await db
    .select({
      category: t.category,
      merchant: t.merchantName,
      recent,
      spent: sql<string>`-sum(${t.amount})`,
      // Every row, refunds too, as the Transactions screen counts them with the same filters.
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(t)
    .where(counted(userId, windows.baselineStart, windows.today))
    // By position: the window test is a parameterised expression, which GROUP BY cannot match by value.
    .groupBy(sql`1`, sql`2`, sql`3`);
  const categories = new Map<string, SpendingBucket>();
  const merchants = new Map<string, SpendingBucket>();
  const merchantCategories = new Map<string, Set<number>>();
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
    if (isIncomeCategory(r.category)) continue;
    const spent = Number(r.spent);
    const isRecent = r.recent === true || String(r.recent) === 'true';
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
  return { categories: [...categories.values()], merchants: [...merchants.values()] };
}

/** Income deposits of the last 120 days, by payer, for the pay that is expected again. */
export async function deposits(db: Db, userId: string, from: string, today: string): Promise<Deposit[]> {
  const t = transactions;
  const rows = await db
    .select({
      date: t.date,
      amount: t.amount,
      merchant: t.merchantName,
      description: t.description,
      category: t.category,
    })
    .from(t)
    .where(and(counted(userId, from, today), sql`${t.amount} > 0`));
  return rows
    .filter((r) => isIncomeCategory(r.category))
    .map((r) => ({
      source: merchantKey(r.merchant, r.description),
      label: r.merchant ?? r.description,
      date: r.date,
      amount: r.amount,
    }));
}

export async function goals(db: Db, userId: string, today: string): Promise<GoalFacts[]> {
  const rows = await db
    .select({
      goal: savingsGoals,
      saved: sql<string>`coalesce(sum(${savingsContributions.amount}), 0)`,
    })
    .from(savingsGoals)
    .leftJoin(savingsContributions, eq(savingsContributions.goalId, savingsGoals.id))
    .where(eq(savingsGoals.userId, userId))
    .groupBy(savingsGoals.id);
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

export async function trackedSubscriptions(db: Db, userId: string, today: string): Promise<Tracked[]> {
  const rows = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
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

/** How many of each budget category's transactions the period has (refunds too, as Transactions counts). */
async function periodCounts(db: Db, userId: string, startDate: string, endDate: string) {
  const t = transactions;
  const rows = await db
    .select({ category: t.category, count: sql<number>`count(*)`.mapWith(Number) })
    .from(t)
    .where(counted(userId, startDate, endDate))
    .groupBy(t.category);
  return new Map(rows.map((r) => [r.category, r.count]));
}

/** Cash now: the balances of the person's depository accounts (cents). */
export async function cashBalance(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${bankAccounts.currentBalance}), 0)` })
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.userId, userId),
        eq(bankAccounts.isActive, true),
        eq(bankAccounts.type, 0),
        isNull(bankAccounts.hiddenAt),
      ),
    );
  return Number(row?.total ?? 0);
}

/** Everything the insight rules read for one person on their `today`. */
export async function gatherFacts(db: Db, userId: string, today: string): Promise<InsightFacts> {
  const recentStart = addDays(today, -(RECENT_DAYS - 1));
  const baselineEnd = addDays(recentStart, -1);
  const baselineStart = addDays(baselineEnd, -(BASELINE_DAYS - 1));
  const monthEnd = lastDayOfMonth(today);
  const [spent, history, pay, goalFacts, subs, current, cash] = await Promise.all([
    spending(db, userId, { baselineStart, recentStart, today }),
    db
      .select({ first: min(transactions.date) })
      .from(transactions)
      .where(and(eq(transactions.userId, userId), isNull(transactions.deletedAt))),
    deposits(db, userId, baselineStart, today),
    goals(db, userId, today),
    trackedSubscriptions(db, userId, today),
    activePeriodNow(db, userId, today),
    cashBalance(db, userId),
  ]);

  let budget: BudgetFacts | null = null;
  let leftover: InsightFacts['leftover'] = null;
  if (current) {
    const counts = await periodCounts(db, userId, current.period.startDate, current.period.endDate);
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
        transactionCount: counts.get(f.category) ?? 0,
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
    historyStart: history[0]?.first ?? null,
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
