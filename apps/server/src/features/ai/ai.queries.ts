import type { InsightContext, InsightType } from '@tally/shared';
import { and, asc, desc, eq, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aiInsightRuns, aiInsights, aiUsage, savingsGoals, transactions } from '../../db/schema';

type Person = { userId: string };
/** An insight as stored, without who it is for and when it was made. */
export type InsightRow = Omit<typeof aiInsights.$inferInsert, 'userId' | 'isCurrent' | 'generatedAt'> & {
  key: string;
};

/**
 * Counts one AI request of the person's day, with what a model charged for it, unless the day already has
 * `limit`: answers whether it was counted. One statement, so two requests at once cannot both take the last.
 */
export async function countAiRequest(
  db: Db,
  { userId, day, limit, costMicros }: Person & { day: string; limit: number; costMicros: number },
): Promise<boolean> {
  const rows = await db
    .insert(aiUsage)
    .values({ userId, day, requests: 1, costMicros })
    .onConflictDoUpdate({
      target: [aiUsage.userId, aiUsage.day],
      set: {
        requests: sql`${aiUsage.requests} + 1`,
        costMicros: sql`${aiUsage.costMicros} + excluded.cost_micros`,
      },
      setWhere: sql`${aiUsage.requests} < ${limit}`,
    })
    .returning({ requests: aiUsage.requests });
  return rows.length > 0;
}

/** Adds what a model charged to the day's usage (the request itself was counted before it was asked). */
export async function addAiCost(
  db: Db,
  { userId, day, costMicros }: Person & { day: string; costMicros: number },
) {
  await db
    .update(aiUsage)
    .set({ costMicros: sql`${aiUsage.costMicros} + ${costMicros}` })
    .where(and(eq(aiUsage.userId, userId), eq(aiUsage.day, day)));
}

/** The day's requests and cost, if any were made. */
export async function aiUsageOn(db: Db, { userId, day }: Person & { day: string }) {
  const [row] = await db
    .select()
    .from(aiUsage)
    .where(and(eq(aiUsage.userId, userId), eq(aiUsage.day, day)));
  return row ?? null;
}

/**
 * Stores a generation: each insight upserted by its key (one seen before keeps its id, and stays dismissed
 * if it was), every other one no longer current, and when it ran.
 */
export async function storeInsights(
  db: Db,
  { userId, rows, now }: Person & { rows: InsightRow[]; now: Date },
) {
  if (rows.length) {
    await db
      .insert(aiInsights)
      .values(rows.map((row) => ({ ...row, userId, isCurrent: true, generatedAt: now })))
      .onConflictDoUpdate({
        target: [aiInsights.userId, aiInsights.key],
        set: {
          type: sql`excluded.type`,
          priority: sql`excluded.priority`,
          context: sql`excluded.context`,
          title: sql`excluded.title`,
          message: sql`excluded.message`,
          confidence: sql`excluded.confidence`,
          actionSuggestion: sql`excluded.action_suggestion`,
          figures: sql`excluded.figures`,
          rank: sql`excluded.rank`,
          isCurrent: true,
          generatedAt: now,
        },
      });
  }
  await db
    .update(aiInsights)
    .set({ isCurrent: false })
    .where(
      and(
        eq(aiInsights.userId, userId),
        rows.length
          ? notInArray(
              aiInsights.key,
              rows.map((r) => r.key),
            )
          : undefined,
      ),
    );
  await db
    .insert(aiInsightRuns)
    .values({ userId, generatedAt: now })
    .onConflictDoUpdate({ target: aiInsightRuns.userId, set: { generatedAt: now } });
}

/** When the person's insights were last generated (a trigger clears it when the numbers they read change). */
export async function lastInsightRun(db: Db, { userId }: Person) {
  const [run] = await db.select().from(aiInsightRuns).where(eq(aiInsightRuns.userId, userId));
  return run?.generatedAt ?? null;
}

/** Whether any insight is stored for the person, current or not. */
export async function hasInsights(db: Db, { userId }: Person) {
  const [row] = await db
    .select({ id: aiInsights.id })
    .from(aiInsights)
    .where(eq(aiInsights.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** The current, not dismissed insights of a screen (the dashboard shows every kind), most important first. */
export function currentInsights(
  db: Db,
  { userId, context, max, type }: Person & { context: InsightContext; max: number; type?: InsightType },
) {
  return db
    .select()
    .from(aiInsights)
    .where(
      and(
        eq(aiInsights.userId, userId),
        eq(aiInsights.isCurrent, true),
        isNull(aiInsights.dismissedAt),
        context === 'dashboard' ? undefined : eq(aiInsights.context, context),
        type ? eq(aiInsights.type, type) : undefined,
      ),
    )
    .orderBy(asc(aiInsights.rank))
    .limit(max);
}

/** One of the person's insights, or null. */
export async function insightOf(db: Db, { userId, id }: Person & { id: string }) {
  const [row] = await db
    .select()
    .from(aiInsights)
    .where(and(eq(aiInsights.userId, userId), eq(aiInsights.id, id)));
  return row ?? null;
}

export async function dismissInsight(db: Db, { userId, id, at }: Person & { id: string; at: Date }) {
  await db
    .update(aiInsights)
    .set({ dismissedAt: at })
    .where(and(eq(aiInsights.userId, userId), eq(aiInsights.id, id)));
}

const MAX_MERCHANTS = 2000;

/** The merchants the person has bought from (most used first) and their goals' names, for the interpreter. */
export async function advisorVocabulary(db: Db, { userId }: Person) {
  const t = transactions;
  const [merchants, goals] = await Promise.all([
    db
      .select({ name: t.merchantName })
      .from(t)
      .where(and(eq(t.userId, userId), isNull(t.deletedAt), isNotNull(t.merchantName)))
      .groupBy(t.merchantName)
      .orderBy(desc(sql`count(*)`))
      .limit(MAX_MERCHANTS),
    db.select({ name: savingsGoals.name }).from(savingsGoals).where(eq(savingsGoals.userId, userId)),
  ]);
  return { merchants: merchants.map((m) => m.name ?? ''), goals: goals.map((g) => g.name) };
}
