// The savings feature's SQL: the person's goals, their ledgers and the periods' shares.
import { addDays } from '@tally/shared';
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  budgetCategories,
  budgetPeriodCategories,
  budgetPeriods,
  budgets,
  savingsAchievements,
  savingsContributions,
  savingsGoals,
  savingsPeriodRuns,
  users,
} from '../../db/schema';
import { zoneKnownToDatabase } from '../../lib/known-zone';
import { spentByCategory } from '../budgets';

export type GoalRow = typeof savingsGoals.$inferSelect;

/** A goal with what its ledger says: saved so far (cents) and the day it reached its target, if it has. */
export type Funded = GoalRow & { saved: number; completedDate: string | null; growth: number };

/** The first day the ledger's running total reached `amount`, or null. Days ascending. */
export function dayReaching(days: readonly { day: string; amount: number }[], amount: number): string | null {
  let total = 0;
  for (const d of days) {
    total += d.amount;
    if (total >= amount) return d.day;
  }
  return null;
}

/** Each goal's ledger, summed by day (ascending). */
export async function ledgerByDay(db: Db, { userId, goalIds }: { userId: string; goalIds?: string[] }) {
  const c = savingsContributions;
  const rows = await db
    .select({ goalId: c.goalId, day: c.day, amount: sql<string>`sum(${c.amount})` })
    .from(c)
    .where(and(eq(c.userId, userId), goalIds ? inArray(c.goalId, goalIds) : undefined))
    .groupBy(c.goalId, c.day)
    .orderBy(c.goalId, c.day);
  const byGoal = new Map<string, { day: string; amount: number }[]>();
  for (const r of rows) {
    const days = byGoal.get(r.goalId) ?? [];
    days.push({ day: r.day, amount: Number(r.amount) });
    byGoal.set(r.goalId, days);
  }
  return byGoal;
}

/** The person's goals, oldest first, with their ledgers' totals; growth: saved in the 30 days to `day`. */
export async function fundedGoals(
  db: Db,
  { userId, day, goalIds }: { userId: string; day: string; goalIds?: string[] },
): Promise<Funded[]> {
  const [goals, ledger] = await Promise.all([
    db
      .select()
      .from(savingsGoals)
      .where(and(eq(savingsGoals.userId, userId), goalIds ? inArray(savingsGoals.id, goalIds) : undefined))
      .orderBy(asc(savingsGoals.createdAt), asc(savingsGoals.id)),
    ledgerByDay(db, { userId, goalIds }),
  ]);
  const since = addDays(day, -29);
  return goals.map((goal) => {
    const days = ledger.get(goal.id) ?? [];
    const saved = days.reduce((sum, d) => sum + d.amount, 0);
    return {
      ...goal,
      saved,
      completedDate: saved >= goal.targetAmount ? dayReaching(days, goal.targetAmount) : null,
      growth: days.filter((d) => d.day >= since && d.day <= day).reduce((sum, d) => sum + d.amount, 0),
    };
  });
}

/** One goal of the person, or null. */
export async function getGoalRow(db: Db, { userId, goalId }: { userId: string; goalId: string }) {
  const [row] = await db
    .select()
    .from(savingsGoals)
    .where(and(eq(savingsGoals.userId, userId), eq(savingsGoals.id, goalId)));
  return row ?? null;
}

export async function insertGoal(db: Db, values: typeof savingsGoals.$inferInsert) {
  const [row] = await db.insert(savingsGoals).values(values).returning();
  if (!row) throw new Error('goal insert returned nothing');
  return row;
}

export async function updateGoalRow(
  db: Db,
  { userId, goalId, set }: { userId: string; goalId: string; set: Partial<typeof savingsGoals.$inferInsert> },
) {
  await db
    .update(savingsGoals)
    .set(set)
    .where(and(eq(savingsGoals.userId, userId), eq(savingsGoals.id, goalId)));
}

export async function deleteGoalRow(db: Db, { userId, goalId }: { userId: string; goalId: string }) {
  await db.delete(savingsGoals).where(and(eq(savingsGoals.userId, userId), eq(savingsGoals.id, goalId)));
}

export async function insertContribution(db: Db, values: typeof savingsContributions.$inferInsert) {
  await db.insert(savingsContributions).values(values);
}

/** A goal's ledger, newest first. */
export function goalLedger(db: Db, { userId, goalId }: { userId: string; goalId: string }) {
  const c = savingsContributions;
  return db
    .select()
    .from(c)
    .where(and(eq(c.userId, userId), eq(c.goalId, goalId)))
    .orderBy(desc(c.day), desc(c.createdAt));
}

/** What a period's categories budgeted, spent and roll over (cents). */
export async function periodFigures(
  db: Db,
  { userId, period }: { userId: string; period: { id: string; startDate: string; endDate: string } },
) {
  const [categories, spent] = await Promise.all([
    db
      .select({
        category: budgetCategories.category,
        allocated: budgetPeriodCategories.allocated,
        allowRollover: budgetCategories.allowRollover,
      })
      .from(budgetPeriodCategories)
      .innerJoin(budgetCategories, eq(budgetCategories.id, budgetPeriodCategories.categoryId))
      .where(and(eq(budgetPeriodCategories.userId, userId), eq(budgetPeriodCategories.periodId, period.id))),
    spentByCategory(db, { userId, startDate: period.startDate, endDate: period.endDate }),
  ]);
  return categories.map((c) => ({ ...c, spent: spent.get(c.category) ?? 0 }));
}

/**
 * Budget periods that have ended (before the person's today) and whose leftover has not been shared out.
 * A period counts only while its budget was in use: an archived budget's period that was still running
 * when a new budget replaced it would count the same days twice.
 */
export function endedUnshared(
  db: Db,
  { userId, day, timeZone, budgetId }: { userId: string; day: string; timeZone: string; budgetId?: string },
) {
  const p = budgetPeriods;
  return db
    .select({ id: p.id, budgetId: p.budgetId, startDate: p.startDate, endDate: p.endDate })
    .from(p)
    .innerJoin(budgets, eq(budgets.id, p.budgetId))
    .leftJoin(savingsPeriodRuns, eq(savingsPeriodRuns.periodId, p.id))
    .where(
      and(
        eq(p.userId, userId),
        budgetId ? eq(p.budgetId, budgetId) : undefined,
        isNull(savingsPeriodRuns.periodId),
        lt(p.endDate, day),
        or(
          isNull(budgets.archivedAt),
          sql`${p.endDate} < (${budgets.archivedAt} at time zone ${timeZone})::date`,
        ),
      ),
    )
    .orderBy(asc(p.endDate), asc(p.index));
}

/** An ended period's shares into goals: one ledger row per goal (a share already written stays as it was). */
export async function addPeriodShares(
  db: Db,
  {
    userId,
    period,
    shares,
  }: {
    userId: string;
    period: { id: string; startDate: string; endDate: string };
    shares: { goalId: string; amount: number }[];
  },
) {
  await db
    .insert(savingsContributions)
    .values(
      shares.map(({ goalId, amount }) => ({
        userId,
        goalId,
        source: 'period' as const,
        amount,
        day: period.endDate,
        periodId: period.id,
        periodStartDate: period.startDate,
        periodEndDate: period.endDate,
      })),
    )
    .onConflictDoNothing();
}

/** That a period's leftover has been shared out, and how much of it went to goals. */
export async function recordPeriodRun(
  db: Db,
  {
    userId,
    periodId,
    leftover,
    allocated,
  }: { userId: string; periodId: string; leftover: number; allocated: number },
) {
  const [run] = await db
    .insert(savingsPeriodRuns)
    .values({ periodId, userId, leftover, allocated })
    .returning();
  if (!run) throw new Error('period run insert returned nothing');
  return run;
}

/**
 * People with goals and a budget period that has ended in their day without its leftover shared out
 * (periods of a replaced budget only up to the day it was replaced, as endedUnshared counts them).
 * Crosses people by design: the scheduled share looks for whom it has work.
 */
export function peopleWithUnsharedPeriods(db: Db, { now }: { now: Date }) {
  const p = budgetPeriods;
  // A zone the database does not know counts as UTC, so one person's zone cannot fail the statement.
  const zone = zoneKnownToDatabase(users.timeZone);
  const theirToday = sql`(${now.toISOString()}::timestamptz at time zone ${zone})::date`;
  return db
    .selectDistinct({ userId: p.userId, timeZone: zone })
    .from(p)
    .innerJoin(budgets, eq(budgets.id, p.budgetId))
    .innerJoin(users, eq(users.id, p.userId))
    .leftJoin(savingsPeriodRuns, eq(savingsPeriodRuns.periodId, p.id))
    .where(
      and(
        isNull(savingsPeriodRuns.periodId),
        sql`${p.endDate} < ${theirToday}`,
        or(
          isNull(budgets.archivedAt),
          sql`${p.endDate} < (${budgets.archivedAt} at time zone ${zone})::date`,
        ),
        sql`exists (select 1 from ${savingsGoals} where ${savingsGoals.userId} = ${p.userId})`,
      ),
    );
}

/** A budget's ended periods, newest first, with what their shares were when they were shared out. */
export function endedPeriodsWithRuns(
  db: Db,
  { userId, budgetId, day, limit }: { userId: string; budgetId: string; day: string; limit: number },
) {
  const p = budgetPeriods;
  return db
    .select({
      id: p.id,
      startDate: p.startDate,
      endDate: p.endDate,
      leftover: savingsPeriodRuns.leftover,
      allocated: savingsPeriodRuns.allocated,
      processedAt: savingsPeriodRuns.processedAt,
    })
    .from(p)
    .leftJoin(savingsPeriodRuns, eq(savingsPeriodRuns.periodId, p.id))
    .where(and(eq(p.userId, userId), eq(p.budgetId, budgetId), lt(p.endDate, day)))
    .orderBy(desc(p.index))
    .limit(limit);
}

/** What the periods gave each goal, with the goal's name. */
export async function periodShares(db: Db, { userId, periodIds }: { userId: string; periodIds: string[] }) {
  if (periodIds.length === 0) return [];
  return db
    .select({
      periodId: savingsContributions.periodId,
      goalId: savingsContributions.goalId,
      goalName: savingsGoals.name,
      amount: savingsContributions.amount,
    })
    .from(savingsContributions)
    .innerJoin(savingsGoals, eq(savingsGoals.id, savingsContributions.goalId))
    .where(and(eq(savingsContributions.userId, userId), inArray(savingsContributions.periodId, periodIds)));
}

// ---------------------------------------------------------------------------------------------------------
// Achievements

/** The person's goals in the order they were started. */
export function goalsByStart(db: Db, { userId }: { userId: string }) {
  return db
    .select()
    .from(savingsGoals)
    .where(eq(savingsGoals.userId, userId))
    .orderBy(asc(savingsGoals.startDate));
}

/** The person's periods whose leftover was shared out: what went to goals and the last day, oldest first. */
export function periodRunsByEnd(db: Db, { userId }: { userId: string }) {
  return db
    .select({ allocated: savingsPeriodRuns.allocated, endDate: budgetPeriods.endDate })
    .from(savingsPeriodRuns)
    .innerJoin(budgetPeriods, eq(budgetPeriods.id, savingsPeriodRuns.periodId))
    .where(eq(savingsPeriodRuns.userId, userId))
    .orderBy(asc(budgetPeriods.endDate));
}

export type AchievementRow = typeof savingsAchievements.$inferSelect;
export type NewAchievement = typeof savingsAchievements.$inferInsert;

/** Records achievements (one already recorded stays as it was); answers the ones new. */
export function insertAchievements(db: Db, rows: NewAchievement[]) {
  return db.insert(savingsAchievements).values(rows).onConflictDoNothing().returning();
}

/** The person's achievements in the order they were earned. */
export function achievementRows(db: Db, { userId }: { userId: string }) {
  return db
    .select()
    .from(savingsAchievements)
    .where(eq(savingsAchievements.userId, userId))
    .orderBy(asc(savingsAchievements.earnedDate), asc(savingsAchievements.key));
}
