import {
  type AiUsage,
  centsToDollars,
  generateInsights,
  type Insight,
  type InsightContext,
  type InsightDraft,
  type InsightType,
  planOf,
  todayIn,
} from '@tally/shared';
import { and, asc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aiInsightRuns, aiInsights, aiUsage } from '../../db/schema';
import { notFound, tooManyRequests } from '../../lib/errors';
import { withUserLock } from '../../lib/user-lock';
import { gatherFacts } from './facts';

export type AiDeps = { db: Db; now: () => Date };
/** Who is asking: their id, time zone (for "today") and plan (for the daily limit). */
export type Viewer = { userId: string; timeZone: string; plan: string };

/** Stored insights are served as they are for this long; then the next read recomputes them. */
export const FRESH_MINUTES = 15;

const today = (deps: AiDeps, viewer: Viewer) => todayIn(viewer.timeZone, deps.now());

/**
 * Counts one AI request (an insight generation or a question) against the plan's daily limit, with what a
 * model charged for it; refuses with 429 once the day's requests are used. One statement, so two requests
 * at once cannot both take the last one.
 */
export async function countRequest(deps: AiDeps, viewer: Viewer, costMicros = 0) {
  const limit = planOf(viewer.plan).aiDailyLimit;
  const rows = await deps.db
    .insert(aiUsage)
    .values({ userId: viewer.userId, day: today(deps, viewer), requests: 1, costMicros })
    .onConflictDoUpdate({
      target: [aiUsage.userId, aiUsage.day],
      set: {
        requests: sql`${aiUsage.requests} + 1`,
        costMicros: sql`${aiUsage.costMicros} + excluded.cost_micros`,
      },
      setWhere: sql`${aiUsage.requests} < ${limit}`,
    })
    .returning({ requests: aiUsage.requests });
  if (rows.length === 0) {
    throw tooManyRequests(
      `You have used today's ${limit} AI requests on the ${planOf(viewer.plan).name} plan. They renew at midnight.`,
    );
  }
}

export async function usage(deps: AiDeps, viewer: Viewer): Promise<AiUsage> {
  const [row] = await deps.db
    .select()
    .from(aiUsage)
    .where(and(eq(aiUsage.userId, viewer.userId), eq(aiUsage.day, today(deps, viewer))));
  const plan = planOf(viewer.plan);
  return {
    subscriptionTier: plan.name,
    requestsToday: row?.requests ?? 0,
    dailyLimit: plan.aiDailyLimit,
    costToday: (row?.costMicros ?? 0) / 1_000_000,
  };
}

const asStored = (draft: InsightDraft) => ({
  type: draft.type,
  priority: draft.priority,
  context: draft.context,
  title: draft.title,
  message: draft.message,
  confidence: draft.confidence,
  actionSuggestion: draft.actionSuggestion,
  figures: draft.figures.map((f) => ({ ...f, amount: centsToDollars(f.amount) })),
});

/**
 * Recomputes the person's insights from their data and stores them: a finding seen before keeps its id
 * (and stays dismissed if it was); one no longer found stops being current. Counts as one AI request.
 */
export async function generate(deps: AiDeps, viewer: Viewer) {
  await countRequest(deps, viewer);
  const day = today(deps, viewer);
  const drafts = generateInsights(await gatherFacts(deps.db, viewer.userId, day));
  const now = deps.now();
  await withUserLock(deps.db, 'ai', viewer.userId, async (tx) => {
    if (drafts.length) {
      await tx
        .insert(aiInsights)
        .values(
          drafts.map((d, rank) => ({
            ...asStored(d),
            userId: viewer.userId,
            key: d.key,
            rank,
            isCurrent: true,
            generatedAt: now,
          })),
        )
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
    await tx
      .update(aiInsights)
      .set({ isCurrent: false })
      .where(
        and(
          eq(aiInsights.userId, viewer.userId),
          drafts.length
            ? notInArray(
                aiInsights.key,
                drafts.map((d) => d.key),
              )
            : undefined,
        ),
      );
    await tx
      .insert(aiInsightRuns)
      .values({ userId: viewer.userId, generatedAt: now })
      .onConflictDoUpdate({ target: aiInsightRuns.userId, set: { generatedAt: now } });
  });
}

/**
 * Recomputes first when the stored insights are stale (none yet, older than FRESH_MINUTES, or from another
 * day); a person over their daily limit is shown what is stored rather than nothing.
 */
async function freshen(deps: AiDeps, viewer: Viewer) {
  const [run] = await deps.db.select().from(aiInsightRuns).where(eq(aiInsightRuns.userId, viewer.userId));
  const now = deps.now();
  const fresh =
    run &&
    now.getTime() - run.generatedAt.getTime() < FRESH_MINUTES * 60_000 &&
    todayIn(viewer.timeZone, run.generatedAt) === todayIn(viewer.timeZone, now);
  if (fresh) return;
  try {
    await generate(deps, viewer);
  } catch (error) {
    if (!run || (error as { statusCode?: number }).statusCode !== 429) throw error;
  }
}

function view(row: typeof aiInsights.$inferSelect): Insight {
  return {
    id: row.id,
    type: row.type as InsightType,
    priority: row.priority as Insight['priority'],
    title: row.title,
    message: row.message,
    confidence: row.confidence,
    actionSuggestion: row.actionSuggestion,
    generatedAt: row.generatedAt.toISOString(),
    context: row.context as InsightContext,
    figures: row.figures as Insight['figures'],
  };
}

/** The current, not dismissed insights of a screen (the dashboard shows every kind), most important first. */
async function stored(
  deps: AiDeps,
  viewer: Viewer,
  context: InsightContext,
  max: number,
  type?: InsightType,
) {
  const rows = await deps.db
    .select()
    .from(aiInsights)
    .where(
      and(
        eq(aiInsights.userId, viewer.userId),
        eq(aiInsights.isCurrent, true),
        isNull(aiInsights.dismissedAt),
        context === 'dashboard' ? undefined : eq(aiInsights.context, context),
        type ? eq(aiInsights.type, type) : undefined,
      ),
    )
    .orderBy(asc(aiInsights.rank))
    .limit(max);
  return rows.map(view);
}

export async function insights(
  deps: AiDeps,
  viewer: Viewer,
  { context, maxInsights, type }: { context: InsightContext; maxInsights: number; type?: InsightType },
) {
  await freshen(deps, viewer);
  return stored(deps, viewer, context, maxInsights, type);
}

/** POST /ai/insights/refresh/{context}: recomputed now, whatever their age. */
export async function refresh(deps: AiDeps, viewer: Viewer, context: InsightContext, maxInsights: number) {
  await generate(deps, viewer);
  return stored(deps, viewer, context, maxInsights);
}

async function ownInsight(deps: AiDeps, viewer: Viewer, id: string) {
  const [row] = await deps.db
    .select()
    .from(aiInsights)
    .where(and(eq(aiInsights.userId, viewer.userId), eq(aiInsights.id, id)));
  if (!row) throw notFound('Insight not found');
  return row;
}

/** Hidden for good: the same finding regenerated keeps its key, and so stays dismissed. */
export async function dismiss(deps: AiDeps, viewer: Viewer, id: string) {
  await ownInsight(deps, viewer, id);
  await deps.db
    .update(aiInsights)
    .set({ dismissedAt: deps.now() })
    .where(and(eq(aiInsights.userId, viewer.userId), eq(aiInsights.id, id)));
}

/** POST /ai/insights/generate/{id}: recomputes, and answers that insight as it now stands. */
export async function regenerateOne(deps: AiDeps, viewer: Viewer, id: string) {
  await ownInsight(deps, viewer, id);
  await generate(deps, viewer);
  const row = await ownInsight(deps, viewer, id);
  if (!row.isCurrent) throw notFound('That insight no longer applies');
  return view(row);
}
