import {
  type allocateBody,
  allocationCapMessage,
  amountOfLeftover,
  type BudgetLeftover,
  type Contribution,
  dailyRequired,
  daysRemaining,
  dollarsToCents,
  fromBasisPoints,
  type GoalColor,
  type GoalIcon,
  type GoalProgressView,
  type goalBody,
  goalProgress,
  goalStatus,
  type LeftoverPeriod,
  leftoverSoFar,
  monthlyContribution,
  overAllocationCap,
  type PeriodLeftoverView,
  periodLeftover,
  type SavingsGoal,
  type SavingsOverview,
  splitLeftover,
  takesShare,
  toBasisPoints,
  todayIn,
  type updateGoalBody,
} from '@tally/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { badRequest, found, notFound } from '../../lib/errors';
import { withUserLock } from '../../lib/user-lock';
import { activePeriodNow, type BudgetRow, getActiveBudget, rollBudget } from '../budgets';

import { achievementView, listAchievements, recordAchievements } from './savings.achievements';
import {
  addPeriodShares,
  deleteGoalRow,
  endedPeriodsWithRuns,
  endedUnshared,
  type Funded,
  fundedGoals,
  type GoalRow,
  getGoalRow,
  goalLedger,
  insertContribution,
  insertGoal,
  periodFigures,
  periodShares,
  recordPeriodRun,
  updateGoalRow,
} from './savings.queries';

export type { GoalRow };

export type SavingsDeps = { db: Db; now: () => Date };

const today = (deps: SavingsDeps, viewer: Viewer) => todayIn(viewer.timeZone, deps.now());
const share = <T extends GoalRow>(goal: T) => ({
  ...goal,
  allocationPercentage: fromBasisPoints(goal.allocationBasisPoints),
});

const isOpen = (g: Funded) => takesShare({ isActive: g.isActive, saved: g.saved, target: g.targetAmount });

function goalView(g: Funded, day: string, leftover: number): SavingsGoal {
  const figures = {
    targetAmount: g.targetAmount,
    currentAmount: g.saved,
    targetDate: g.targetDate,
    startDate: g.startDate,
  };
  const required = dailyRequired(figures, day);
  const monthly = g.saved >= g.targetAmount ? 0 : monthlyContribution(figures, day);
  const periodShare = isOpen(g)
    ? Math.min(amountOfLeftover(fromBasisPoints(g.allocationBasisPoints), leftover), g.targetAmount - g.saved)
    : 0;
  return {
    id: g.id,
    name: g.name,
    description: g.description,
    targetAmount: g.targetAmount,
    currentAmount: g.saved,
    allocationPercentage: fromBasisPoints(g.allocationBasisPoints),
    targetDate: g.targetDate,
    daysRemaining: daysRemaining(g.targetDate, day),
    dailyRequiredSavings: required,
    monthlyContribution: monthly,
    progressPercentage: goalProgress(figures),
    progressStatus: goalStatus(figures, day),
    iconName: g.iconName as GoalIcon,
    colorTheme: g.colorTheme as GoalColor,
    isActive: g.isActive,
    isCompleted: g.saved >= g.targetAmount,
    completedDate: g.completedDate,
    startDate: g.startDate,
    currentPeriodShare: periodShare,
    createdAt: g.createdAt.toISOString(),
  };
}

/** The active budget's current period and what it has left so far (cents), or null without a budget. */
async function currentLeftover(deps: SavingsDeps, viewer: Viewer, day: string) {
  const current = await activePeriodNow(deps.db, { userId: viewer.userId, day });
  if (!current) return null;
  const { budget, period, figures, elapsed, days } = current;
  const soFar = leftoverSoFar(figures, elapsed, days);
  const view: LeftoverPeriod = {
    budgetId: budget.id,
    budgetName: budget.name,
    periodId: period.id,
    startDate: period.startDate,
    endDate: period.endDate,
    daysElapsed: elapsed,
    totalDays: days,
    leftoverSoFar: soFar,
    leftoverIfNoMoreSpending: periodLeftover(figures),
  };
  return { soFar, view };
}

/**
 * Shares the leftover of every ended period not yet shared among the goals active at its end, in exact
 * cents by their percentages (splitLeftover); a goal takes at most what it still needs, and the rest stays
 * unallocated. One ledger row per goal per period and one run row per period, in one transaction under
 * the person's savings lock, so it is safe to run from reads, the job and by hand, at once and repeatedly.
 */
export async function shareEndedPeriods(
  db: Db,
  viewer: Viewer,
  { day, now }: { day: string; now: Date },
  budgetId?: string,
): Promise<PeriodLeftoverView[]> {
  // Most reads find nothing due: they take no lock and open no transaction.
  if ((await endedUnshared(db, { ...viewer, day, budgetId })).length === 0) return [];
  return withUserLock(db, 'savings', viewer.userId, async (tx) => {
    const due = await endedUnshared(tx, { ...viewer, day, budgetId });
    if (due.length === 0) return [];
    const goals = await fundedGoals(tx, { userId: viewer.userId, day });
    const results: PeriodLeftoverView[] = [];
    for (const period of due) {
      const leftover = periodLeftover(await periodFigures(tx, { userId: viewer.userId, period }));
      const eligible = goals.filter((g) => isOpen(g) && g.startDate <= period.endDate).map(share);
      const allocations = splitLeftover(leftover, eligible)
        .map(({ goal, amount }) => ({ goal, amount: Math.min(amount, goal.targetAmount - goal.saved) }))
        .filter((a) => a.amount > 0);
      if (allocations.length) {
        await addPeriodShares(tx, {
          userId: viewer.userId,
          period,
          shares: allocations.map(({ goal, amount }) => ({ goalId: goal.id, amount })),
        });
      }
      const allocated = allocations.reduce((sum, a) => sum + a.amount, 0);
      const run = await recordPeriodRun(tx, {
        userId: viewer.userId,
        periodId: period.id,
        leftover,
        allocated,
      });
      for (const { goal, amount } of allocations) {
        const funded = goals.find((g) => g.id === goal.id);
        if (funded) funded.saved += amount;
      }
      results.push({
        periodId: period.id,
        startDate: period.startDate,
        endDate: period.endDate,
        leftover: leftover,
        allocated: allocated,
        processedAt: run.processedAt.toISOString(),
        allocations: allocations.map(({ goal, amount }) => ({
          goalId: goal.id,
          goalName: goal.name,
          amount: amount,
        })),
      });
    }
    await recordAchievements(tx, { userId: viewer.userId, day, now });
    return results;
  });
}

/**
 * Reads first roll the active budget and share out every period that ended since (the jobs may not have
 * run yet), as budget reads roll their budget.
 */
async function caughtUp(deps: SavingsDeps, viewer: Viewer) {
  const day = today(deps, viewer);
  const budget = await getActiveBudget(deps.db, { userId: viewer.userId });
  if (budget?.autoReset && budget.currentPeriodEnd < day) {
    await rollBudget(deps.db, { budgetId: budget.id, today: day });
  }
  await shareEndedPeriods(deps.db, viewer, { day, now: deps.now() });
  return day;
}

export async function overview(deps: SavingsDeps, viewer: Viewer): Promise<SavingsOverview> {
  const day = await caughtUp(deps, viewer);
  const [goals, current] = await Promise.all([
    fundedGoals(deps.db, { userId: viewer.userId, day }),
    currentLeftover(deps, viewer, day),
  ]);
  const leftover = current?.soFar ?? 0;
  const views = goals.map((g) => goalView(g, day, leftover));
  const open = goals.filter(isOpen);
  const allocated = views.reduce((sum, g) => sum + g.currentPeriodShare, 0);
  return {
    goals: views,
    totalSaved: goals.reduce((sum, g) => sum + g.saved, 0),
    totalAllocatedPerPeriod: allocated,
    totalAllocationPercentage: fromBasisPoints(open.reduce((sum, g) => sum + g.allocationBasisPoints, 0)),
    activeGoalsCount: open.length,
    completedGoalsCount: goals.filter((g) => g.saved >= g.targetAmount).length,
    currentPeriodLeftover: leftover,
    unallocatedAmount: Math.max(0, leftover - allocated),
    monthlyGrowth: goals.reduce((sum, g) => sum + g.growth, 0),
    period: current?.view ?? null,
  };
}

export async function listGoals(deps: SavingsDeps, viewer: Viewer): Promise<SavingsGoal[]> {
  return (await overview(deps, viewer)).goals;
}

/** The person's budget, for the leftover routes; another person's id answers 404. */
export async function ownGoal(deps: SavingsDeps, viewer: Viewer, goalId: string): Promise<GoalRow> {
  return found(await getGoalRow(deps.db, { userId: viewer.userId, goalId }), 'Savings goal not found');
}

/** One goal as the screens show it, with its share of the current period so far. */
export async function goalById(deps: SavingsDeps, viewer: Viewer, goalId: string): Promise<SavingsGoal> {
  await ownGoal(deps, viewer, goalId);
  const day = await caughtUp(deps, viewer);
  const [[goal], current] = await Promise.all([
    fundedGoals(deps.db, { userId: viewer.userId, day, goalIds: [goalId] }),
    currentLeftover(deps, viewer, day),
  ]);
  if (!goal) throw notFound('Savings goal not found');
  return goalView(goal, day, current?.soFar ?? 0);
}

type CreateBody = z.output<typeof goalBody>;
type UpdateBody = z.output<typeof updateGoalBody>;

/**
 * SPEC §5: the open goals' percentages (active, not yet complete) with this one's must stay within 100%;
 * the goal being edited counts once, at its new percentage.
 */
function assertWithinCap(goals: Funded[], percent: number, editing: string | null = null) {
  const open = goals.map((g) => ({ ...g, takesShare: isOpen(g) }));
  const free = overAllocationCap(open, editing, percent);
  if (free !== null) throw badRequest(allocationCapMessage(free));
}

const assertFuture = (targetDate: string | null, day: string) => {
  if (targetDate !== null && targetDate <= day) throw badRequest('Target date must be in the future');
};

const columnsOf = (body: CreateBody) => ({
  name: body.name,
  description: body.description,
  targetAmount: dollarsToCents(body.targetAmount),
  allocationBasisPoints: toBasisPoints(body.allocationPercentage),
  targetDate: body.targetDate,
  iconName: body.iconName,
  colorTheme: body.colorTheme,
});

export async function createGoal(deps: SavingsDeps, viewer: Viewer, body: CreateBody) {
  const day = today(deps, viewer);
  assertFuture(body.targetDate, day);
  const id = await withUserLock(deps.db, 'savings', viewer.userId, async (tx) => {
    const columns = columnsOf(body);
    assertWithinCap(await fundedGoals(tx, { userId: viewer.userId, day }), body.allocationPercentage);
    const created = await insertGoal(tx, { ...columns, userId: viewer.userId, startDate: day });
    await recordAchievements(tx, { userId: viewer.userId, day, now: deps.now() });
    return created.id;
  });
  return goalById(deps, viewer, id);
}

export async function updateGoal(deps: SavingsDeps, viewer: Viewer, goal: GoalRow, body: UpdateBody) {
  const day = today(deps, viewer);
  // A goal whose date has passed can still be edited without moving it; a new date must be ahead.
  if (body.targetDate !== goal.targetDate) assertFuture(body.targetDate, day);
  await withUserLock(deps.db, 'savings', viewer.userId, async (tx) => {
    const columns = columnsOf(body);
    const goals = await fundedGoals(tx, { userId: viewer.userId, day });
    const saved = goals.find((g) => g.id === goal.id)?.saved ?? 0;
    if (takesShare({ isActive: body.isActive, saved, target: columns.targetAmount })) {
      assertWithinCap(goals, body.allocationPercentage, goal.id);
    }
    await updateGoalRow(tx, {
      userId: viewer.userId,
      goalId: goal.id,
      set: { ...columns, isActive: body.isActive, updatedAt: deps.now() },
    });
    await recordAchievements(tx, { userId: viewer.userId, day, now: deps.now() });
  });
  return goalById(deps, viewer, goal.id);
}

export async function deleteGoal(deps: SavingsDeps, viewer: Viewer, goal: GoalRow) {
  await deleteGoalRow(deps.db, { userId: viewer.userId, goalId: goal.id });
}

/** Money added to a goal by hand, on the person's today. */
export async function addContribution(
  deps: SavingsDeps,
  viewer: Viewer,
  goal: GoalRow,
  body: z.output<typeof allocateBody>,
) {
  const day = today(deps, viewer);
  await withUserLock(deps.db, 'savings', viewer.userId, async (tx) => {
    await insertContribution(tx, {
      userId: viewer.userId,
      goalId: goal.id,
      source: 'manual',
      amount: dollarsToCents(body.amount),
      day,
      note: body.note,
    });
    await recordAchievements(tx, { userId: viewer.userId, day, now: deps.now() });
  });
  return goalProgressOf(deps, viewer, goal.id);
}

/** A goal, its ledger (newest first) and its balance at the end of each day it changed, for the chart. */
export async function goalProgressOf(
  deps: SavingsDeps,
  viewer: Viewer,
  goalId: string,
): Promise<GoalProgressView> {
  const goal = await goalById(deps, viewer, goalId);
  const rows = await goalLedger(deps.db, { userId: viewer.userId, goalId });
  const contributions: Contribution[] = rows.map((r) => ({
    id: r.id,
    amount: r.amount,
    source: r.source,
    date: r.day,
    periodStartDate: r.periodStartDate,
    periodEndDate: r.periodEndDate,
    note: r.note,
  }));
  const history: GoalProgressView['history'] = [];
  let total = 0;
  for (const r of [...rows].reverse()) {
    total += r.amount;
    const last = history.at(-1);
    if (last?.date === r.day) last.total = total;
    else history.push({ date: r.day, total: total });
  }
  return { goal, contributions, history };
}

export async function checkAchievements(deps: SavingsDeps, viewer: Viewer) {
  const day = await caughtUp(deps, viewer);
  const fresh = await withUserLock(deps.db, 'savings', viewer.userId, (tx) =>
    recordAchievements(tx, { userId: viewer.userId, day, now: deps.now() }),
  );
  return { newlyEarned: fresh.map(achievementView), achievements: await listAchievements(deps.db, viewer) };
}

/** How many ended periods the leftover view lists. */
const LEFTOVER_HISTORY = 12;

/** A budget's current period so far (when it is the active one) and its ended periods with their shares. */
export async function budgetLeftover(
  deps: SavingsDeps,
  viewer: Viewer,
  budget: BudgetRow,
): Promise<BudgetLeftover> {
  const day = await caughtUp(deps, viewer);
  const current = budget.isActive ? await currentLeftover(deps, viewer, day) : null;
  const periods = await endedPeriodsWithRuns(deps.db, {
    userId: viewer.userId,
    budgetId: budget.id,
    day,
    limit: LEFTOVER_HISTORY,
  });
  const shares = await periodShares(deps.db, { userId: viewer.userId, periodIds: periods.map((r) => r.id) });
  const views = await Promise.all(
    periods.map(async (r) => ({
      periodId: r.id,
      startDate: r.startDate,
      endDate: r.endDate,
      // A period not shared out (its budget was replaced first) still shows what it left.
      leftover:
        r.leftover ?? periodLeftover(await periodFigures(deps.db, { userId: viewer.userId, period: r })),
      allocated: r.allocated ?? 0,
      processedAt: r.processedAt?.toISOString() ?? null,
      allocations: shares
        .filter((s) => s.periodId === r.id)
        .map((s) => ({ goalId: s.goalId, goalName: s.goalName, amount: s.amount })),
    })),
  );
  return { budgetId: budget.id, current: current?.view ?? null, periods: views };
}
