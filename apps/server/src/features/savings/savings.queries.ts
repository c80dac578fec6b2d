// The person's goals and their ledgers, read from the database.
import { addDays } from '@tally/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { savingsContributions, savingsGoals } from '../../db/schema';

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
export async function ledgerByDay(db: Db, userId: string, goalIds?: string[]) {
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
  userId: string,
  day: string,
  goalIds?: string[],
): Promise<Funded[]> {
  const [goals, ledger] = await Promise.all([
    db
      .select()
      .from(savingsGoals)
      .where(and(eq(savingsGoals.userId, userId), goalIds ? inArray(savingsGoals.id, goalIds) : undefined))
      .orderBy(asc(savingsGoals.createdAt), asc(savingsGoals.id)),
    ledgerByDay(db, userId, goalIds),
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
