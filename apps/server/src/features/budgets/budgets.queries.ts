import type { CategoryCode } from '@tally/shared';
import { and, desc, eq, gte, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  budgetAchievements,
  budgetCategories,
  budgetPeriodCategories,
  budgetPeriods,
  budgets,
  dailySpending,
  users,
} from '../../db/schema';
import { zoneKnownToDatabase } from '../../lib/known-zone';
import { totalsStatements } from '../transactions';

export type BudgetRow = typeof budgets.$inferSelect;
export type PeriodRow = typeof budgetPeriods.$inferSelect;
export type CategoryRow = typeof budgetCategories.$inferSelect;
/** A category of a period: its settings and what the period gives it. */
export type PeriodCategory = CategoryRow & { allocated: number; rolledOver: number };

export async function getBudget(db: Db, { userId, budgetId }: { userId: string; budgetId: string }) {
  const [row] = await db
    .select()
    .from(budgets)
    .where(and(eq(budgets.userId, userId), eq(budgets.id, budgetId)));
  return row ?? null;
}

/** The person's budget in use, or null. */
export async function getActiveBudget(db: Db, { userId }: { userId: string }) {
  const [row] = await db
    .select()
    .from(budgets)
    .where(and(eq(budgets.userId, userId), eq(budgets.isActive, true)));
  return row ?? null;
}

/** The person's budgets with their newest period's days: the active one first, then the newest. */
export function listBudgets(db: Db, { userId }: { userId: string }) {
  const latest = db
    .selectDistinctOn([budgetPeriods.budgetId], {
      budgetId: budgetPeriods.budgetId,
      startDate: budgetPeriods.startDate,
      endDate: budgetPeriods.endDate,
      totalIncome: budgetPeriods.totalIncome,
    })
    .from(budgetPeriods)
    .where(eq(budgetPeriods.userId, userId))
    .orderBy(budgetPeriods.budgetId, desc(budgetPeriods.index))
    .as('latest');
  return db
    .select({
      id: budgets.id,
      name: budgets.name,
      period: budgets.period,
      isActive: budgets.isActive,
      startDate: latest.startDate,
      endDate: latest.endDate,
      totalIncome: latest.totalIncome,
    })
    .from(budgets)
    .innerJoin(latest, eq(latest.budgetId, budgets.id))
    .where(eq(budgets.userId, userId))
    .orderBy(desc(budgets.isActive), desc(budgets.createdAt));
}

/** The budget's newest period and its categories (the ones it allocates to). */
export async function latestPeriod(db: Db, { userId, budgetId }: { userId: string; budgetId: string }) {
  const [period] = await db
    .select()
    .from(budgetPeriods)
    .where(and(eq(budgetPeriods.userId, userId), eq(budgetPeriods.budgetId, budgetId)))
    .orderBy(desc(budgetPeriods.index))
    .limit(1);
  if (!period) return null;
  const categories: PeriodCategory[] = (
    await db
      .select({
        category: budgetCategories,
        allocated: budgetPeriodCategories.allocated,
        rolledOver: budgetPeriodCategories.rolledOver,
      })
      .from(budgetPeriodCategories)
      .innerJoin(budgetCategories, eq(budgetCategories.id, budgetPeriodCategories.categoryId))
      .where(and(eq(budgetPeriodCategories.userId, userId), eq(budgetPeriodCategories.periodId, period.id)))
  ).map((row) => ({ ...row.category, allocated: row.allocated, rolledOver: row.rolledOver }));
  return { period, categories };
}

export async function getCategory(db: Db, { userId, categoryId }: { userId: string; categoryId: string }) {
  const [row] = await db
    .select()
    .from(budgetCategories)
    .where(and(eq(budgetCategories.userId, userId), eq(budgetCategories.id, categoryId)));
  return row ?? null;
}

/**
 * Spent per category code over the days (cents): money out less refunds in, transfers left out — the
 * transactions summary's rule, read the same way (whole months from the rollups, edges from rows).
 */
export async function spentByCategory(
  db: Db,
  { userId, startDate, endDate }: { userId: string; startDate: string; endDate: string },
): Promise<Map<number, number>> {
  const spent = new Map<number, number>();
  const parts = await Promise.all(totalsStatements(db, { userId, filters: { startDate, endDate } }));
  for (const row of parts.flat()) {
    if (row.isTransfer) continue;
    spent.set(row.category, (spent.get(row.category) ?? 0) + Number(row.expenses) - Number(row.income));
  }
  return spent;
}

/**
 * Spent per day of the range and category code (cents), by the same rule, from the daily spending the
 * triggers keep: per category, the days' offsets from startDate and what each spent. One row per category
 * with two arrays, not one per day: on PGlite, handing thousands of rows over costs more than the query.
 */
export async function dailySpent(
  db: Db,
  {
    userId,
    startDate,
    endDate,
    categories,
  }: { userId: string; startDate: string; endDate: string; categories: CategoryCode[] },
) {
  if (categories.length === 0) return [];
  const d = dailySpending;
  const rows = await db
    .select({
      category: d.category,
      offsets: sql<number[]>`array_agg((${d.day} - ${startDate}::date) order by ${d.day})`,
      spent: sql<(string | number)[]>`array_agg(${d.spent} order by ${d.day})`,
    })
    .from(d)
    .where(
      and(eq(d.userId, userId), gte(d.day, startDate), lte(d.day, endDate), inArray(d.category, categories)),
    )
    .groupBy(d.category);
  return rows.map((r) => ({
    category: r.category,
    offsets: r.offsets.map(Number),
    spent: r.spent.map(Number),
  }));
}

export function periodAchievements(db: Db, { userId, periodId }: { userId: string; periodId: string }) {
  return db
    .select()
    .from(budgetAchievements)
    .where(and(eq(budgetAchievements.userId, userId), eq(budgetAchievements.periodId, periodId)));
}

export async function saveAchievements(db: Db, rows: (typeof budgetAchievements.$inferInsert)[]) {
  if (rows.length === 0) return;
  await db.insert(budgetAchievements).values(rows).onConflictDoNothing();
}

/**
 * Active, auto-resetting budgets whose newest period ended before their person's today. The time zone's
 * day is worked out in the database, so one index range read finds them all; a zone the database does not
 * know counts as UTC there (and comes back as UTC) rather than failing the statement for everyone.
 */
export function dueBudgets(db: Db, { now }: { now: Date }) {
  const zone = zoneKnownToDatabase(users.timeZone);
  return db
    .select({ id: budgets.id, timeZone: zone })
    .from(budgets)
    .innerJoin(users, eq(users.id, budgets.userId))
    .where(
      and(
        eq(budgets.isActive, true),
        eq(budgets.autoReset, true),
        // Every zone's today is at most a day after UTC's, so only budgets that ended by then can be due.
        lte(budgets.currentPeriodEnd, sql`(${now.toISOString()}::timestamptz at time zone 'UTC')::date`),
        sql`${budgets.currentPeriodEnd} < (${now.toISOString()}::timestamptz at time zone ${zone})::date`,
      ),
    );
}

// ---------------------------------------------------------------------------------------------------------
// Writes

/** The person's budget in use is archived (a new one takes its place). */
export async function archiveActiveBudget(db: Db, { userId, at }: { userId: string; at: Date }) {
  await db
    .update(budgets)
    .set({ isActive: false, archivedAt: at, updatedAt: at })
    .where(and(eq(budgets.userId, userId), eq(budgets.isActive, true)));
}

export async function insertBudget(db: Db, values: typeof budgets.$inferInsert) {
  const [row] = await db.insert(budgets).values(values).returning();
  if (!row) throw new Error('budget insert returned nothing');
  return row;
}

export async function insertPeriod(db: Db, values: typeof budgetPeriods.$inferInsert) {
  const [row] = await db.insert(budgetPeriods).values(values).returning();
  if (!row) throw new Error('period insert returned nothing');
  return row;
}

/**
 * Locks a budget's row until the transaction ends and answers it as it now stands, or null: two roll-overs
 * of the same budget then run one after the other. By id alone: the roll-over job finds budgets of everyone.
 */
export async function lockBudget(db: Db, { budgetId }: { budgetId: string }) {
  const [row] = await db.select().from(budgets).where(eq(budgets.id, budgetId)).for('update');
  return row ?? null;
}

/** A new period's categories, each with what the period gives it. */
export async function insertPeriodCategories(db: Db, rows: (typeof budgetPeriodCategories.$inferInsert)[]) {
  if (rows.length === 0) return;
  await db.insert(budgetPeriodCategories).values(rows);
}

/** Writes fields of a budget the caller has found to be the person's. */
export async function updateBudgetRow(
  db: Db,
  { budgetId, set }: { budgetId: string; set: Partial<typeof budgets.$inferInsert> },
) {
  await db.update(budgets).set(set).where(eq(budgets.id, budgetId));
}

export async function setPeriodIncome(
  db: Db,
  { periodId, totalIncome }: { periodId: string; totalIncome: number },
) {
  await db.update(budgetPeriods).set({ totalIncome }).where(eq(budgetPeriods.id, periodId));
}

/**
 * Saves the chosen categories' settings (a category the budget had before keeps its id and custom
 * allowance) and their allocations in the period; categories not chosen leave the period.
 */
export async function saveAllocations(
  db: Db,
  {
    userId,
    budgetId,
    periodId,
    chosen,
    now,
  }: {
    userId: string;
    budgetId: string;
    periodId: string;
    chosen: { category: CategoryCode; allowRollover: boolean; countUp: boolean; allocated: number }[];
    now: Date;
  },
) {
  const categories = await db
    .insert(budgetCategories)
    .values(
      chosen.map((c) => ({
        userId,
        budgetId,
        category: c.category,
        allowRollover: c.allowRollover,
        countUpEnabled: c.countUp,
      })),
    )
    .onConflictDoUpdate({
      target: [budgetCategories.userId, budgetCategories.budgetId, budgetCategories.category],
      set: {
        allowRollover: sql`excluded.allow_rollover`,
        countUpEnabled: sql`excluded.count_up_enabled`,
        updatedAt: now,
      },
    })
    .returning();
  await db.delete(budgetPeriodCategories).where(
    and(
      eq(budgetPeriodCategories.userId, userId),
      eq(budgetPeriodCategories.periodId, periodId),
      notInArray(
        budgetPeriodCategories.categoryId,
        categories.map((c) => c.id),
      ),
    ),
  );
  await db
    .insert(budgetPeriodCategories)
    .values(
      categories.map((c) => ({
        userId,
        periodId,
        categoryId: c.id,
        allocated: chosen.find((a) => a.category === c.category)?.allocated ?? 0,
      })),
    )
    .onConflictDoUpdate({
      target: [
        budgetPeriodCategories.userId,
        budgetPeriodCategories.periodId,
        budgetPeriodCategories.categoryId,
      ],
      set: { allocated: sql`excluded.allocated` },
    });
}

/** One category's allocation in a period; null takes the category out of the period. */
export async function setAllocation(
  db: Db,
  {
    userId,
    periodId,
    categoryId,
    allocated,
  }: { userId: string; periodId: string; categoryId: string; allocated: number | null },
) {
  const which = and(
    eq(budgetPeriodCategories.userId, userId),
    eq(budgetPeriodCategories.periodId, periodId),
    eq(budgetPeriodCategories.categoryId, categoryId),
  );
  if (allocated === null) await db.delete(budgetPeriodCategories).where(which);
  else await db.update(budgetPeriodCategories).set({ allocated }).where(which);
}

/** Writes a budget category's settings (one the caller has found to be the person's). */
export async function updateCategoryRow(
  db: Db,
  { categoryId, set }: { categoryId: string; set: Partial<typeof budgetCategories.$inferInsert> },
) {
  await db.update(budgetCategories).set(set).where(eq(budgetCategories.id, categoryId));
}

export async function deleteBudgetRow(db: Db, { budgetId }: { budgetId: string }) {
  await db.delete(budgets).where(eq(budgets.id, budgetId));
}
