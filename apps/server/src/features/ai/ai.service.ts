import {
  type AdvisorAnswer,
  type AiUsage,
  centsToDollars,
  generateInsights,
  type Insight,
  type InsightContext,
  type InsightDraft,
  type InsightType,
  type Intent,
  interpretQuestion,
  planOf,
  todayIn,
} from '@tally/shared';
import { and, asc, desc, eq, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { aiInsightRuns, aiInsights, aiUsage, savingsGoals, transactions } from '../../db/schema';
import type { Viewer } from '../../lib/context';
import { AppError, found, notFound, tooManyRequests } from '../../lib/errors';
import { withUserLock } from '../../lib/user-lock';
import type { AdvisorModel } from '../../providers/ai/model';
import { answerIntent } from './advisor';
import { gatherFacts } from './facts';
import { askModel } from './model-advisor';

export type AiDeps = { db: Db; now: () => Date; log?: FastifyBaseLogger };
/** Who is asking, and their plan (for the daily limit). */
export type AiViewer = Viewer & { plan: string };

/** Stored insights are served as they are for this long; then the next read recomputes them. */
export const FRESH_MINUTES = 15;

const today = (deps: AiDeps, viewer: AiViewer) => todayIn(viewer.timeZone, deps.now());

/**
 * Counts one AI request (an insight generation or a question) against the plan's daily limit, with what a
 * model charged for it; refuses with 429 once the day's requests are used. One statement, so two requests
 * at once cannot both take the last one.
 */
export async function countRequest(deps: AiDeps, viewer: AiViewer, costMicros = 0) {
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

export async function usage(deps: AiDeps, viewer: AiViewer): Promise<AiUsage> {
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
 * (and stays dismissed if it was); one no longer found stops being current. Every generation counts as
 * one AI request of the day (429 past the plan's limit).
 */
export async function generate(deps: AiDeps, viewer: AiViewer) {
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
 * Recomputes first when the stored insights are stale: none yet, the numbers they read changed since (a
 * trigger clears the run: migration 0014), older than FRESH_MINUTES, or from another day. A person whose
 * day's AI requests are used up is shown what is stored, rather than nothing.
 */
async function freshen(deps: AiDeps, viewer: AiViewer) {
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
    if (!(error instanceof AppError) || error.statusCode !== 429) throw error;
    const [kept] = await deps.db
      .select({ id: aiInsights.id })
      .from(aiInsights)
      .where(eq(aiInsights.userId, viewer.userId))
      .limit(1);
    // Nothing stored to show: the limit is the answer.
    if (!kept) throw error;
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
  viewer: AiViewer,
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
  viewer: AiViewer,
  { context, maxInsights, type }: { context: InsightContext; maxInsights: number; type?: InsightType },
) {
  await freshen(deps, viewer);
  return stored(deps, viewer, context, maxInsights, type);
}

/** POST /ai/insights/refresh/{context}: recomputed now, whatever their age. */
export async function refresh(deps: AiDeps, viewer: AiViewer, context: InsightContext, maxInsights: number) {
  await generate(deps, viewer);
  return stored(deps, viewer, context, maxInsights);
}

async function ownInsight(deps: AiDeps, viewer: AiViewer, id: string) {
  const [row] = await deps.db
    .select()
    .from(aiInsights)
    .where(and(eq(aiInsights.userId, viewer.userId), eq(aiInsights.id, id)));
  return found(row, 'Insight not found');
}

/** Hidden for good: the same finding regenerated keeps its key, and so stays dismissed. */
export async function dismiss(deps: AiDeps, viewer: AiViewer, id: string) {
  await ownInsight(deps, viewer, id);
  await deps.db
    .update(aiInsights)
    .set({ dismissedAt: deps.now() })
    .where(and(eq(aiInsights.userId, viewer.userId), eq(aiInsights.id, id)));
}

/** POST /ai/insights/generate/{id}: recomputes, and answers that insight as it now stands. */
export async function regenerateOne(deps: AiDeps, viewer: AiViewer, id: string) {
  await ownInsight(deps, viewer, id);
  await generate(deps, viewer);
  const row = await ownInsight(deps, viewer, id);
  if (!row.isCurrent) throw notFound('That insight no longer applies');
  return view(row);
}

/** Adds what a model charged to today's usage (the request itself was counted before it was asked). */
async function addCost(deps: AiDeps, viewer: AiViewer, costMicros: number) {
  if (costMicros <= 0) return;
  await deps.db
    .update(aiUsage)
    .set({ costMicros: sql`${aiUsage.costMicros} + ${costMicros}` })
    .where(and(eq(aiUsage.userId, viewer.userId), eq(aiUsage.day, today(deps, viewer))));
}

/** The merchants the person has bought from (most used first) and their goals' names, for the interpreter. */
async function vocabulary(db: Db, userId: string) {
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
const MAX_MERCHANTS = 2000;

/**
 * Answers a question about the person's money (count the request first: countRequest). With a model configured it answers
 * (streaming its words through onText), calling only the read functions; if the model fails, the built-in
 * interpreter answers instead. Without one, the interpreter answers or says plainly it cannot.
 */
export async function ask(
  deps: AiDeps,
  viewer: AiViewer,
  model: AdvisorModel | null,
  question: string,
  onText?: (text: string) => void,
): Promise<AdvisorAnswer> {
  const day = today(deps, viewer);
  const answer = (intent: Intent) => answerIntent(deps.db, viewer.userId, day, intent);
  if (model) {
    try {
      const { answer: answered, tokens } = await askModel(
        { client: model.client, model: model.model, answer, today: day },
        question,
        onText,
      );
      await addCost(deps, viewer, model.costMicros(tokens));
      if (answered.response) return answered;
      deps.log?.warn('the advisor model gave no answer within its bounds; the built-in interpreter answers');
    } catch (error) {
      deps.log?.warn({ err: error }, 'the advisor model failed; the built-in interpreter answers');
    }
  }
  const intent = interpretQuestion(question, { today: day, ...(await vocabulary(deps.db, viewer.userId)) });
  const built = await answer(intent);
  onText?.(built.response);
  return built;
}
