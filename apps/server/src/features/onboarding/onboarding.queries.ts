import { CATEGORY, type CategoryCode, type OnboardingStep } from '@tally/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { onboardingPreparations, onboardingSteps, transactions, users } from '../../db/schema';

type Person = { userId: string };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The merchant a transaction is shown under: its merchant's name, else its description. */
const merchantOf = sql<string>`coalesce(nullif(${transactions.merchantName}, ''), ${transactions.description})`;

/** What the guide reads from the person's data: whether each step's work is already there. */
export async function progressFacts(db: Db, { userId }: Person) {
  const exists = (table: string, extra = '') =>
    sql<boolean>`exists (select 1 from ${sql.raw(table)} where user_id = ${userId} ${sql.raw(extra)})`;
  const result = await db.execute(sql`select
      ${exists('transactions', 'and deleted_at is null')} as transactions,
      ${exists('transactions', `and deleted_at is null and category = ${CATEGORY.Uncategorized} and amount < 0 and not is_transfer`)} as uncategorised,
      ${exists('budgets')} as budgets,
      ${exists('subscriptions')} as subscriptions,
      ${exists('savings_goals')} as goals`);
  const [row] = rowsOf<{
    transactions: boolean;
    uncategorised: boolean;
    budgets: boolean;
    subscriptions: boolean;
    goals: boolean;
  }>(result);
  if (!row) throw new Error('no answer to the progress query');
  return row;
}

export function storedSteps(db: Db, { userId }: Person) {
  return db
    .select({ step: onboardingSteps.step, status: onboardingSteps.status })
    .from(onboardingSteps)
    .where(eq(onboardingSteps.userId, userId));
}

export async function markStep(
  db: Db,
  { userId, step, status }: Person & { step: OnboardingStep; status: 'done' | 'skipped' | 'todo' },
) {
  if (status === 'todo') {
    await db
      .delete(onboardingSteps)
      .where(and(eq(onboardingSteps.userId, userId), eq(onboardingSteps.step, step)));
    return;
  }
  await db
    .insert(onboardingSteps)
    .values({ userId, step, status })
    .onConflictDoUpdate({
      target: [onboardingSteps.userId, onboardingSteps.step],
      set: { status, updatedAt: sql`now()` },
    });
}

/** The merchants with the most uncategorised spending, largest first. */
export function largestUncategorised(db: Db, { userId, limit }: Person & { limit: number }) {
  return db
    .select({
      merchant: merchantOf,
      count: sql<number>`count(*)::int`,
      spent: sql<number>`(-sum(${transactions.amount}))::bigint`.mapWith(Number),
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        sql`${transactions.deletedAt} is null`,
        eq(transactions.category, CATEGORY.Uncategorized),
        sql`${transactions.amount} < 0`,
        eq(transactions.isTransfer, false),
      ),
    )
    .groupBy(merchantOf)
    .orderBy(sql`3 desc`, merchantOf)
    .limit(limit);
}

/** Puts the merchant's uncategorised transactions in a category, as the person chose; answers how many. */
export async function categoriseMerchant(
  db: Db,
  { userId, merchant, category }: Person & { merchant: string; category: CategoryCode },
) {
  const rows = await db
    .update(transactions)
    .set({ category, categorySource: 'user', updatedAt: sql`now()` })
    .where(
      and(
        eq(transactions.userId, userId),
        sql`${transactions.deletedAt} is null`,
        eq(transactions.category, CATEGORY.Uncategorized),
        sql`lower(${merchantOf}) = lower(${merchant})`,
      ),
    )
    .returning({ id: transactions.id });
  return rows.length;
}

/** Spending by category and income, by month (YYYY-MM), between two days: posted, transfers left out. */
export async function monthlyTotals(db: Db, { userId, from, to }: Person & { from: string; to: string }) {
  const month = sql<string>`to_char(${transactions.date}, 'YYYY-MM')`;
  const rows = await db
    .select({
      month,
      category: transactions.category,
      spent: sql<number>`(-sum(least(${transactions.amount}, 0)))::bigint`.mapWith(Number),
      earned: sql<number>`sum(greatest(${transactions.amount}, 0))::bigint`.mapWith(Number),
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        sql`${transactions.deletedAt} is null`,
        eq(transactions.pending, false),
        eq(transactions.isTransfer, false),
        sql`${transactions.date} between ${from} and ${to}`,
      ),
    )
    .groupBy(month, transactions.category);
  return rows;
}

/** Whom a preparation is for: their plan and time zone, and whether theirs is already made. */
export async function preparationCandidate(db: Db, { userId }: Person) {
  const [row] = await db
    .select({
      plan: users.plan,
      trialEndsAt: users.trialEndsAt,
      trialPlan: users.trialPlan,
      timeZone: users.timeZone,
      prepared: sql<boolean>`exists (select 1 from ${onboardingPreparations} where ${onboardingPreparations.userId} = ${users.id})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Keeps the first preparation: a second one (a retried job, two imports at once) changes nothing. */
export async function savePreparation(db: Db, row: typeof onboardingPreparations.$inferInsert) {
  await db.insert(onboardingPreparations).values(row).onConflictDoNothing();
}

export async function storedPreparation(db: Db, { userId }: Person) {
  const [row] = await db
    .select()
    .from(onboardingPreparations)
    .where(eq(onboardingPreparations.userId, userId));
  return row ?? null;
}
