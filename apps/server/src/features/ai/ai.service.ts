import {
  type AdvisorAnswer,
  type AiUsage,
  generateInsights,
  type Insight,
  type InsightContext,
  type InsightDraft,
  type InsightType,
  interpretQuestion,
  planOf,
  type Question,
  todayIn,
} from '@tally/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { aiInsights } from '../../db/schema';
import type { Viewer } from '../../lib/context';
import { AppError, found, notFound, tooManyRequests } from '../../lib/errors';
import { withUserLock } from '../../lib/user-lock';
import type { AdvisorModel } from '../../providers/ai/model';
import { answerQuestion } from './advisor';
import {
  addAiCost,
  advisorVocabulary,
  aiUsageOn,
  countAiRequest,
  currentInsights,
  dismissedKeys,
  dismissInsight,
  hasInsights,
  historyVersion,
  insightOf,
  insightRun,
  storeInsights,
} from './ai.queries';
import { gatherFacts } from './facts';
import { askModel } from './model-advisor';
import { vocabularyCache } from './vocabulary-cache';

export type AiDeps = {
  db: Db;
  now: () => Date;
  log?: FastifyBaseLogger;
  /** Runs work after the answer has gone (storing what a question computed), before the server closes. */
  later: (work: () => Promise<unknown>) => void;
};
/** Who is asking, and their plan (for the daily limit). */
export type AiViewer = Viewer & { plan: string };

const today = (deps: AiDeps, viewer: Viewer) => todayIn(viewer.timeZone, deps.now());

/**
 * Counts one AI request (an insight generation or a question) against the plan's daily limit, with what a
 * model charged for it; refuses with 429 once the day's requests are used. One statement, so two requests
 * at once cannot both take the last one.
 */
export async function countRequest(deps: AiDeps, viewer: AiViewer, costMicros = 0) {
  const plan = planOf(viewer.plan);
  const counted = await countAiRequest(deps.db, {
    userId: viewer.userId,
    day: today(deps, viewer),
    limit: plan.aiDailyLimit,
    costMicros,
  });
  if (!counted) {
    throw tooManyRequests(
      `You have used today's ${plan.aiDailyLimit} AI requests on the ${plan.name} plan. They renew at midnight.`,
    );
  }
}

export async function usage(deps: AiDeps, viewer: AiViewer): Promise<AiUsage> {
  const row = await aiUsageOn(deps.db, { userId: viewer.userId, day: today(deps, viewer) });
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
  figures: draft.figures,
});

/**
 * Recomputes the person's insights from their data and stores them: a finding seen before keeps its id
 * (and stays dismissed if it was); one no longer found stops being current. Every generation counts as
 * one AI request of the day (429 past the plan's limit).
 */
export async function generate(deps: AiDeps, viewer: AiViewer) {
  await countRequest(deps, viewer);
  await recompute(deps, viewer);
}

/**
 * The person's insights computed now from their numbers, and how to store them: the version is read first,
 * then the facts, so a change between the two only makes the stored set not count as current.
 */
async function compute(deps: AiDeps, viewer: Viewer) {
  const started = deps.now();
  const version = (await insightRun(deps.db, { userId: viewer.userId }))?.version ?? 0;
  const day = todayIn(viewer.timeZone, started);
  const drafts = generateInsights(await gatherFacts(deps.db, { userId: viewer.userId, today: day }));
  const rows = drafts.map((d, rank) => ({ ...asStored(d), key: d.key, rank }));
  const store = () =>
    withUserLock(deps.db, 'ai', viewer.userId, (tx) =>
      storeInsights(tx, { userId: viewer.userId, rows, now: started, version }),
    );
  return { drafts, store };
}

/** Recomputes and stores the person's insights (within a request already counted, or as upkeep). */
async function recompute(deps: AiDeps, viewer: Viewer) {
  await (await compute(deps, viewer)).store();
}

/**
 * Stored insights are fresh until the numbers they read change (transactions, accounts, budgets, goals,
 * contributions, subscriptions: a trigger moves the person's version on, migrations 0014, 0027 and 0028) or
 * the person's day does (windows, pace and due dates are counted in days). A stale set is recomputed by the
 * next read; a person whose day's AI requests are used up is shown what is stored, rather than nothing.
 */
async function isFresh(deps: AiDeps, viewer: Viewer) {
  const run = await insightRun(deps.db, { userId: viewer.userId });
  return (
    run?.generatedAt != null &&
    run.generatedVersion === run.version &&
    todayIn(viewer.timeZone, run.generatedAt) === today(deps, viewer)
  );
}

/**
 * Recomputes the person's stored insights if they are stale, uncounted: the server's own upkeep after their
 * numbers changed (insights-refresh.ts), so the next screen or question finds them current.
 */
export async function refreshIfStale(deps: AiDeps, viewer: Viewer) {
  if (!(await isFresh(deps, viewer))) await recompute(deps, viewer);
}

async function freshen(deps: AiDeps, viewer: AiViewer) {
  if (await isFresh(deps, viewer)) return;
  try {
    await generate(deps, viewer);
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode !== 429) throw error;
    // Nothing stored to show: the limit is the answer.
    if (!(await hasInsights(deps.db, { userId: viewer.userId }))) throw error;
  }
}

/** At most this many findings are read for an advice question (it answers with the first few). */
const MAX_FINDINGS = 50;

/**
 * What an advice question answers with: the person's current findings, the ones their screens show (a
 * dismissed one stays hidden), recomputed first when stale. Stored, they are read in a millisecond by any
 * server; the facts behind them are a pass over months of history.
 */
async function findings(deps: AiDeps, viewer: AiViewer): Promise<InsightDraft[]> {
  if (await isFresh(deps, viewer)) {
    const rows = await currentInsights(deps.db, {
      userId: viewer.userId,
      context: 'dashboard',
      max: MAX_FINDINGS,
    });
    return rows.map((row) => ({
      key: row.key,
      type: row.type as InsightType,
      priority: row.priority as InsightDraft['priority'],
      context: row.context as InsightContext,
      title: row.title,
      message: row.message,
      confidence: row.confidence,
      actionSuggestion: row.actionSuggestion,
      figures: row.figures as InsightDraft['figures'],
    }));
  }
  // Stale: the question waits for the figures, not for their storing, which follows the answer.
  const { drafts, store } = await compute(deps, viewer);
  const dismissed = await dismissedKeys(deps.db, { userId: viewer.userId });
  deps.later(store);
  return drafts.filter((d) => !dismissed.has(d.key)).slice(0, MAX_FINDINGS);
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

/** The current, not dismissed insights of a screen, most important first. */
async function shown(
  deps: AiDeps,
  viewer: AiViewer,
  screen: { context: InsightContext; max: number; type?: InsightType },
) {
  return (await currentInsights(deps.db, { userId: viewer.userId, ...screen })).map(view);
}

export async function insights(
  deps: AiDeps,
  viewer: AiViewer,
  { context, maxInsights, type }: { context: InsightContext; maxInsights: number; type?: InsightType },
) {
  await freshen(deps, viewer);
  return shown(deps, viewer, { context, max: maxInsights, type });
}

/** POST /ai/insights/refresh/{context}: recomputed now, whatever their age. */
export async function refresh(deps: AiDeps, viewer: AiViewer, context: InsightContext, maxInsights: number) {
  await generate(deps, viewer);
  return shown(deps, viewer, { context, max: maxInsights });
}

async function ownInsight(deps: AiDeps, viewer: AiViewer, id: string) {
  return found(await insightOf(deps.db, { userId: viewer.userId, id }), 'Insight not found');
}

/** Hidden for good: the same finding regenerated keeps its key, and so stays dismissed. */
export async function dismiss(deps: AiDeps, viewer: AiViewer, id: string) {
  await ownInsight(deps, viewer, id);
  await dismissInsight(deps.db, { userId: viewer.userId, id, at: deps.now() });
}

/** POST /ai/insights/generate/{id}: recomputes, and answers that insight as it now stands. */
export async function regenerateOne(deps: AiDeps, viewer: AiViewer, id: string) {
  await ownInsight(deps, viewer, id);
  await generate(deps, viewer);
  const row = await ownInsight(deps, viewer, id);
  if (!row.isCurrent) throw notFound('That insight no longer applies');
  return view(row);
}

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
  const answer = (question: Question) =>
    answerQuestion(deps.db, {
      userId: viewer.userId,
      today: day,
      question,
      findings: () => findings(deps, viewer),
    });
  if (model) {
    try {
      const { answer: answered, tokens } = await askModel(
        { client: model.client, model: model.model, answer, today: day },
        question,
        onText,
      );
      const costMicros = model.costMicros(tokens);
      if (costMicros > 0) await addAiCost(deps.db, { userId: viewer.userId, day, costMicros });
      if (answered.response) return answered;
      deps.log?.warn('the advisor model gave no answer within its bounds; the built-in interpreter answers');
    } catch (error) {
      deps.log?.warn({ err: error }, 'the advisor model failed; the built-in interpreter answers');
    }
  }
  const vocabulary = await vocabularyCache.get(
    viewer.userId,
    await historyVersion(deps.db, { userId: viewer.userId }),
    () => advisorVocabulary(deps.db, { userId: viewer.userId }),
  );
  const understood = interpretQuestion(question, { today: day, ...vocabulary });
  const built = await answer(understood);
  onText?.(built.response);
  return built;
}
