import { daysElapsed, periodAt, rollover, totalDays } from '@tally/shared';
import type { Db } from '../../db/client';
import { found } from '../../lib/errors';
import {
  type BudgetRow,
  getActiveBudget,
  insertPeriod,
  insertPeriodCategories,
  latestPeriod,
  lockBudget,
  type PeriodCategory,
  type PeriodRow,
  spentByCategory,
  updateBudgetRow,
} from './budgets.queries';

/** Budget periods as budgets and savings both need them: rolled forward when due, and the current one. */

type Current = { period: PeriodRow; categories: PeriodCategory[] };

/**
 * Opens the periods a budget is due (each when the one before has ended by `today`), with the same
 * income and allocations plus what rolling-over categories carry. Idempotent and safe with several
 * processes: the budget row is locked, and a period's (budget, index) is unique.
 */
export async function rollBudget(db: Db, { budgetId, today }: { budgetId: string; today: string }) {
  return db.transaction(async (tx) => {
    const budget = await lockBudget(tx, { budgetId });
    if (!budget?.isActive || !budget.autoReset || budget.currentPeriodEnd >= today) return 0;
    const { userId } = budget;
    let current: Current | null = await latestPeriod(tx, { userId, budgetId });
    if (!current) return 0;
    let opened = 0;
    while (current.period.endDate < today) {
      const { period, categories }: Current = current;
      const rolling = categories.filter((c) => c.allowRollover);
      const spent = rolling.length
        ? await spentByCategory(tx, { userId, startDate: period.startDate, endDate: period.endDate })
        : new Map<number, number>();
      const bounds = periodAt(budget.period, budget.anchorDate, period.index + 1);
      const next = await insertPeriod(tx, {
        userId,
        budgetId,
        index: period.index + 1,
        ...bounds,
        totalIncome: period.totalIncome,
      });
      const carried: PeriodCategory[] = categories.map((c) => ({
        ...c,
        rolledOver: c.allowRollover
          ? rollover({ allocated: c.allocated, spent: spent.get(c.category) ?? 0, rolledOver: c.rolledOver })
          : 0,
      }));
      await insertPeriodCategories(
        tx,
        carried.map((c) => ({
          userId,
          periodId: next.id,
          categoryId: c.id,
          allocated: c.allocated,
          rolledOver: c.rolledOver,
        })),
      );
      current = { period: next, categories: carried };
      opened += 1;
    }
    await updateBudgetRow(tx, { budgetId, set: { currentPeriodEnd: current.period.endDate } });
    return opened;
  });
}

/** The budget's newest period, rolled forward first if it is due (the job may not have run yet). */
export async function currentOf(db: Db, { budget, day }: { budget: BudgetRow; day: string }) {
  if (budget.isActive && budget.autoReset && budget.currentPeriodEnd < day) {
    await rollBudget(db, { budgetId: budget.id, today: day });
  }
  const current = await latestPeriod(db, { userId: budget.userId, budgetId: budget.id });
  return found(current, 'Budget not found');
}

/**
 * The person's active budget now: its current period (rolled first if due), each category's figures for
 * the leftover rules (savings/allocation.ts) with the category code, and the period's days; null without one.
 */
export async function activePeriodNow(db: Db, { userId, day }: { userId: string; day: string }) {
  const budget = await getActiveBudget(db, { userId });
  if (!budget) return null;
  const { period, categories } = await currentOf(db, { budget, day });
  const spent = await spentByCategory(db, { userId, startDate: period.startDate, endDate: period.endDate });
  const figures = categories.map((c) => ({
    category: c.category,
    allocated: c.allocated,
    spent: spent.get(c.category) ?? 0,
    allowRollover: c.allowRollover,
  }));
  return { budget, period, figures, elapsed: daysElapsed(period, day), days: totalDays(period) };
}
