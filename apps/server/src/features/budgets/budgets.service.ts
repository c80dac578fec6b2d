import {
  ACHIEVEMENTS,
  type AchievementTitle,
  addDays,
  BUDGETABLE_CATEGORIES,
  type Budget,
  type BudgetCategory,
  type budgetBody,
  type CountUpResponse,
  categoryName,
  categoryUsage,
  countUp,
  daysBetween,
  daysElapsed,
  defaultBudgetStart,
  dollarsToCents,
  earnedThrough,
  periodAt,
  periodContaining,
  todayIn,
  totalDays,
} from '@tally/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { badRequest, found, notFound } from '../../lib/errors';
import { currentOf } from './budget-periods';
import {
  archiveActiveBudget,
  type BudgetRow,
  type CategoryRow,
  dailySpent,
  deleteBudgetRow,
  getBudget,
  getCategory,
  insertBudget,
  insertPeriod,
  type PeriodCategory,
  periodAchievements,
  saveAchievements,
  saveAllocations,
  setAllocation,
  setPeriodIncome,
  spentByCategory,
  updateBudgetRow,
  updateCategoryRow,
} from './budgets.queries';

export type BudgetDeps = { db: Db; now: () => Date };
type Body = z.output<typeof budgetBody>;

const today = (deps: BudgetDeps, viewer: Viewer) => todayIn(viewer.timeZone, deps.now());

/** How far from today a new budget may start: a year either way keeps catch-up rolls small. */
const MAX_START_DISTANCE_DAYS = 366;

const order = (code: number) => BUDGETABLE_CATEGORIES.indexOf(code as never);
const byFormOrder = <T extends { category: number }>(rows: T[]) =>
  [...rows].sort((a, b) => order(a.category) - order(b.category));

/** The categories a body allocates to, in cents; a category cleared to 0 is left out with its flags. */
const allocations = (body: Body) =>
  body.categories
    .filter((c) => c.allocatedAmount > 0)
    .map((c) => ({ ...c, allocated: dollarsToCents(c.allocatedAmount) }));

export async function ownBudget(deps: BudgetDeps, viewer: Viewer, budgetId: string): Promise<BudgetRow> {
  const row = await getBudget(deps.db, { userId: viewer.userId, budgetId });
  return found(row, 'Budget not found');
}

export async function ownCategory(deps: BudgetDeps, viewer: Viewer, categoryId: string) {
  const row = await getCategory(deps.db, { userId: viewer.userId, categoryId });
  return found(row, 'Budget category not found');
}

function toCategory(c: PeriodCategory, spent: number): BudgetCategory {
  const usage = categoryUsage({ allocated: c.allocated, spent: Math.max(spent, 0) });
  return {
    id: c.id,
    category: c.category,
    categoryName: categoryName(c.category),
    allocatedAmount: c.allocated,
    spentAmount: spent,
    remainingAmount: c.allocated - spent,
    percentageUsed: usage.percentageUsed,
    allowRollover: c.allowRollover,
    rolledOverAmount: c.rolledOver,
    countUpEnabled: c.countUpEnabled,
    customDailyAllowance: c.customDailyAllowance,
  };
}

/** A budget as the screens show it: its current period, each category's spent and what is left. */
export async function budgetView(deps: BudgetDeps, viewer: Viewer, budget: BudgetRow): Promise<Budget> {
  const day = today(deps, viewer);
  const { period, categories } = await currentOf(deps.db, { budget, day });
  const spent = await spentByCategory(deps.db, {
    userId: viewer.userId,
    startDate: period.startDate,
    endDate: period.endDate,
  });
  return {
    id: budget.id,
    name: budget.name,
    period: budget.period,
    autoReset: budget.autoReset,
    startDate: period.startDate,
    endDate: period.endDate,
    totalIncome: period.totalIncome,
    isActive: budget.isActive,
    today: day,
    categories: byFormOrder(categories).map((c) => toCategory(c, spent.get(c.category) ?? 0)),
  };
}

/** A category as its budget now shows it; one the current period no longer allocates to, with its settings. */
export async function categoryView(deps: BudgetDeps, viewer: Viewer, category: CategoryRow) {
  const view = await budgetView(deps, viewer, await ownBudget(deps, viewer, category.budgetId));
  return (
    view.categories.find((c) => c.id === category.id) ??
    toCategory({ ...category, allocated: 0, rolledOver: 0 }, 0)
  );
}

/** Every category's count-up status for the current period, with its days for the pace chart. */
export async function countUpView(
  deps: BudgetDeps,
  viewer: Viewer,
  budget: BudgetRow,
): Promise<CountUpResponse> {
  const day = today(deps, viewer);
  const { period, categories } = await currentOf(deps.db, { budget, day });
  const bounds = { startDate: period.startDate, endDate: period.endDate };
  const elapsed = daysElapsed(bounds, day);
  const days = totalDays(bounds);
  const through = addDays(period.startDate, elapsed - 1);
  const [daily, stored] = await Promise.all([
    elapsed > 0
      ? dailySpent(deps.db, {
          userId: viewer.userId,
          startDate: period.startDate,
          endDate: through,
          categories: categories.map((c) => c.category),
        })
      : Promise.resolve([]),
    periodAchievements(deps.db, { userId: viewer.userId, periodId: period.id }),
  ]);
  const perDay = new Map<number, number[]>(categories.map((c) => [c.category, new Array(elapsed).fill(0)]));
  for (const row of daily) {
    const series = perDay.get(row.category);
    if (!series) continue;
    row.offsets.forEach((offset, i) => {
      series[offset] = row.spent[i] ?? 0;
    });
  }
  // The period's days so far, once for every category.
  const dates = Array.from({ length: elapsed }, (_, i) => addDays(period.startDate, i));
  const fresh: Parameters<typeof saveAchievements>[1] = [];
  const statuses = byFormOrder(categories).map((c) => {
    const dailySpentCents = perDay.get(c.category) ?? [];
    const input = {
      allocated: c.allocated,
      startDate: period.startDate,
      totalDays: days,
      dailySpent: dailySpentCents,
      rolledOver: c.rolledOver,
      customDailyAllowance: c.customDailyAllowance,
    };
    const status = countUp(input);
    // Earned stays earned: the first day on record wins, and one no longer met is still shown.
    const kept = new Map(stored.filter((a) => a.categoryId === c.id).map((a) => [a.title, a.earnedDate]));
    for (const a of status.achievements) {
      if (!kept.has(a.title)) {
        fresh.push({
          userId: viewer.userId,
          periodId: period.id,
          categoryId: c.id,
          title: a.title,
          earnedDate: a.earnedDate,
        });
      }
    }
    const achievements = [
      ...status.achievements.map((a) => ({ ...a, earnedDate: kept.get(a.title) ?? a.earnedDate })),
      ...[...kept]
        .filter(([title]) => !status.achievements.some((a) => a.title === title))
        .map(([title, earnedDate]) => ({ ...ACHIEVEMENTS[title as AchievementTitle], title, earnedDate })),
    ].sort((a, b) => a.earnedDate.localeCompare(b.earnedDate));
    let cumulative = 0;
    return {
      categoryId: c.id,
      category: c.category,
      categoryName: categoryName(c.category),
      countUpEnabled: c.countUpEnabled,
      dailyAllowance: status.dailyAllowance,
      earnedToDate: status.earnedToDate,
      allocatedAmount: c.allocated,
      actualSpent: status.actualSpent,
      rolledOverAmount: c.rolledOver,
      availableBalance: status.availableBalance,
      isOverEarned: status.isOverEarned,
      daysElapsed: status.daysElapsed,
      totalDays: status.totalDays,
      consecutiveDaysUnderBudget: status.consecutiveDaysUnderBudget,
      zeroSpendingDays: status.zeroSpendingDays,
      achievements,
      days: dailySpentCents.map((spent, i) => {
        cumulative += spent;
        return {
          date: dates[i] ?? '',
          spent: cumulative,
          earned: earnedThrough(input, i + 1),
        };
      }),
    };
  });
  await saveAchievements(deps.db, fresh);
  return {
    budgetId: budget.id,
    startDate: period.startDate,
    endDate: period.endDate,
    today: day,
    daysElapsed: elapsed,
    totalDays: days,
    categories: statuses,
  };
}

/** Creates the person's budget and its current period; the budget in use before it is archived. */
export async function createBudget(deps: BudgetDeps, viewer: Viewer, body: Body) {
  const day = today(deps, viewer);
  const period = body.period;
  const anchor = body.startDate ?? defaultBudgetStart(period, day);
  if (Math.abs(daysBetween(day, anchor)) > MAX_START_DISTANCE_DAYS) {
    throw badRequest('Start date must be within a year of today');
  }
  // A start in the past opens the period holding today; the ones before it were never budgeted.
  const bounds =
    anchor <= day ? periodContaining(period, anchor, day) : { ...periodAt(period, anchor, 0), index: 0 };
  const now = deps.now();
  const chosen = allocations(body);
  return deps.db.transaction(async (tx) => {
    await archiveActiveBudget(tx, { userId: viewer.userId, at: now });
    const budget = await insertBudget(tx, {
      userId: viewer.userId,
      name: body.name,
      period,
      anchorDate: anchor,
      autoReset: body.autoReset,
      currentPeriodEnd: bounds.endDate,
    });
    const row = await insertPeriod(tx, {
      userId: viewer.userId,
      budgetId: budget.id,
      index: bounds.index,
      startDate: bounds.startDate,
      endDate: bounds.endDate,
      totalIncome: dollarsToCents(body.totalIncome),
    });
    await saveAllocations(tx, { userId: viewer.userId, budgetId: budget.id, periodId: row.id, chosen, now });
    return budget;
  });
}

/**
 * Edits the active budget and its current period: name, auto-reset, income, allocations and flags;
 * categories left out (or cleared to 0) leave the period, new ones join it. Past periods keep theirs.
 */
/** An archived budget is history: it can be read or deleted, not changed. */
function assertEditable(budget: BudgetRow) {
  if (!budget.isActive) throw badRequest('Only the active budget can be edited');
}

export async function updateBudget(deps: BudgetDeps, viewer: Viewer, budget: BudgetRow, body: Body) {
  assertEditable(budget);
  if (body.period !== budget.period) {
    throw badRequest("A budget's period cannot be changed; create a new budget instead");
  }
  if (body.startDate && body.startDate !== budget.anchorDate) {
    throw badRequest("A budget's start date cannot be changed; create a new budget instead");
  }
  const current = await currentOf(deps.db, { budget, day: today(deps, viewer) });
  const chosen = allocations(body);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await updateBudgetRow(tx, {
      budgetId: budget.id,
      set: { name: body.name, autoReset: body.autoReset, updatedAt: now },
    });
    await setPeriodIncome(tx, { periodId: current.period.id, totalIncome: dollarsToCents(body.totalIncome) });
    await saveAllocations(tx, {
      userId: viewer.userId,
      budgetId: budget.id,
      periodId: current.period.id,
      chosen,
      now,
    });
  });
  return { ...budget, name: body.name, autoReset: body.autoReset, updatedAt: now };
}

/** Changes one category's allocation or rollover in the current period, within the period's income. */
export async function updateBudgetCategory(
  deps: BudgetDeps,
  viewer: Viewer,
  budget: BudgetRow,
  categoryId: string,
  change: { allocatedAmount?: number; allowRollover?: boolean },
) {
  assertEditable(budget);
  const { period, categories } = await currentOf(deps.db, { budget, day: today(deps, viewer) });
  const target = categories.find((c) => c.id === categoryId);
  if (!target) throw notFound('Budget category not found');
  const allocated =
    change.allocatedAmount === undefined ? target.allocated : dollarsToCents(change.allocatedAmount);
  const others = categories.filter((c) => c.id !== categoryId);
  if (allocated === 0 && others.length === 0) throw badRequest('Please select at least one budget category');
  if (others.reduce((sum, c) => sum + c.allocated, allocated) > period.totalIncome) {
    throw badRequest('Total allocated amount cannot exceed total income');
  }
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    if (allocated === 0) {
      // Cleared to 0: the category leaves the period, and its flags go with it (SPEC §5).
      await setAllocation(tx, { userId: viewer.userId, periodId: period.id, categoryId, allocated: null });
      await updateCategoryRow(tx, {
        categoryId,
        set: { allowRollover: false, countUpEnabled: false, updatedAt: now },
      });
      return;
    }
    await setAllocation(tx, { userId: viewer.userId, periodId: period.id, categoryId, allocated });
    if (change.allowRollover !== undefined) {
      await updateCategoryRow(tx, {
        categoryId,
        set: { allowRollover: change.allowRollover, updatedAt: now },
      });
    }
  });
}

/** Count-up on or off, or a custom daily allowance, for a category of the person's budget. */
export async function updateCountUp(
  deps: BudgetDeps,
  viewer: Viewer,
  category: CategoryRow,
  change: { countUpEnabled?: boolean; customDailyAllowance?: number | null },
) {
  assertEditable(await ownBudget(deps, viewer, category.budgetId));
  await updateCategoryRow(deps.db, {
    categoryId: category.id,
    set: {
      countUpEnabled: change.countUpEnabled,
      customDailyAllowance:
        change.customDailyAllowance === undefined
          ? undefined
          : change.customDailyAllowance === null
            ? null
            : dollarsToCents(change.customDailyAllowance),
      updatedAt: deps.now(),
    },
  });
}

export async function deleteBudget(deps: BudgetDeps, budget: BudgetRow) {
  await deleteBudgetRow(deps.db, { budgetId: budget.id });
}
