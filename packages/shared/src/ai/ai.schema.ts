import { z } from 'zod';
import { isoDay } from '../dates';
import { money } from '../money';
import { TRANSACTION_KIND_KEYS } from '../transactions/kinds';

/** SPEC §3: what an insight is about, and how urgent. */
export const INSIGHT_TYPES = ['spending', 'budget', 'savings', 'prediction', 'recommendation'] as const;
export type InsightType = (typeof INSIGHT_TYPES)[number];
export const INSIGHT_PRIORITIES = ['high', 'medium', 'low'] as const;
export type InsightPriority = (typeof INSIGHT_PRIORITIES)[number];
/** The screen an insight belongs to; the dashboard shows every kind. */
export const INSIGHT_CONTEXTS = ['dashboard', 'budget', 'savings', 'transactions', 'subscriptions'] as const;
export type InsightContext = (typeof INSIGHT_CONTEXTS)[number];

/** SPEC §9: 5 by default; the panels ask for 3 (dashboard, budgets) or 4 (savings). */
export const DEFAULT_INSIGHT_COUNT = 5;
export const MAX_INSIGHT_COUNT = 20;

/**
 * Where a figure comes from, as the Transactions screen filters it, so a person can check it in one
 * click. Dates are days; category is the transaction category code; merchant is the merchant's name as
 * shown (that merchant only: "Uber" is not "Uber Eats"); searchTerm, text the Transactions search looks
 * for (a subscription's name, which its charges' descriptions carry). Figures stored before searchTerm
 * existed have none.
 */
export const figureSource = z.object({
  description: z.string(),
  startDate: isoDay.nullable(),
  endDate: isoDay.nullable(),
  category: z.number().int().nullable(),
  merchant: z.string().nullable(),
  searchTerm: z.string().nullable().optional(),
  /** One account, and the sizes of transaction, the figure counts (as the Transactions screen filters them). */
  /** A kind of purchase narrower than a category ("coffee"), as the Transactions screen filters by it. */
  kind: z.enum(TRANSACTION_KIND_KEYS).nullable().optional(),
  accountId: z.uuid().nullable().optional(),
  minAmount: money.nullable().optional(),
  maxAmount: money.nullable().optional(),
  transactionCount: z.number().int().nullable(),
});
export type FigureSource = z.infer<typeof figureSource>;

/** A number an insight or an answer stands on: what it is, its amount, and where it came from. */
export const insightFigure = z.object({
  label: z.string(),
  amount: money,
  source: figureSource,
});
export type InsightFigure = z.infer<typeof insightFigure>;

/** An AI insight (SPEC §3) with the figures that justify it. */
export const insight = z.object({
  id: z.uuid(),
  type: z.enum(INSIGHT_TYPES),
  priority: z.enum(INSIGHT_PRIORITIES),
  title: z.string(),
  message: z.string(),
  confidence: z.number().min(0).max(1),
  actionSuggestion: z.string().nullable(),
  generatedAt: z.string(),
  context: z.enum(INSIGHT_CONTEXTS),
  figures: z.array(insightFigure),
});
export type Insight = z.infer<typeof insight>;
export const insightList = z.array(insight);

const count = z.number().int().min(1).max(MAX_INSIGHT_COUNT, `At most ${MAX_INSIGHT_COUNT} insights`);

/** POST /ai/insights {context, maxInsights}. */
export const insightsBody = z
  .object({
    context: z.enum(INSIGHT_CONTEXTS, { error: 'Unknown context' }).default('dashboard'),
    maxInsights: count.default(DEFAULT_INSIGHT_COUNT),
  })
  .nullish()
  .transform((b) => b ?? { context: 'dashboard' as const, maxInsights: DEFAULT_INSIGHT_COUNT });

/** POST /ai/insights/specific {context, specificType, maxInsights: 1}. */
export const specificInsightBody = z.object({
  context: z.enum(INSIGHT_CONTEXTS, { error: 'Unknown context' }).default('dashboard'),
  specificType: z.enum(INSIGHT_TYPES, { error: 'Unknown insight type' }),
  maxInsights: count.default(1),
});

/** POST /ai/insights/dismiss {insightId}. */
export const dismissInsightBody = z.object({ insightId: z.uuid('Invalid id') });

/** POST /ai/insights/refresh/{context}. */
export const contextParam = z.object({ context: z.enum(INSIGHT_CONTEXTS, { error: 'Unknown context' }) });

/** GET /ai/usage (SPEC §3). costToday in dollars (4 decimals on screen). */
export const aiUsage = z.object({
  subscriptionTier: z.string(),
  requestsToday: z.number().int(),
  dailyLimit: z.number().int(),
  costToday: z.number(),
});
export type AiUsage = z.infer<typeof aiUsage>;

export const MAX_QUESTION_LENGTH = 500;

/** POST /ai/query {query, context}. */
export const queryBody = z.object({
  query: z
    .string({ error: 'Ask a question' })
    .trim()
    .min(1, 'Ask a question')
    .max(MAX_QUESTION_LENGTH, `Questions can be at most ${MAX_QUESTION_LENGTH} characters`),
  context: z.enum(INSIGHT_CONTEXTS).optional(),
});
export type QueryBody = z.input<typeof queryBody>;

/**
 * A change the advisor proposes and the person confirms on screen; nothing changes without that click.
 * Each names the existing route the screen calls to carry it out.
 */
export const advisorAction = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('raise_budget_category'),
    label: z.string(),
    budgetId: z.uuid(),
    categoryId: z.uuid(),
    category: z.number().int(),
    /** The new allocation. */
    allocatedAmount: money,
  }),
  z.object({
    kind: z.literal('create_goal'),
    label: z.string(),
    name: z.string(),
    targetAmount: money,
    targetDate: isoDay.nullable(),
  }),
  z.object({
    kind: z.literal('pause_subscription'),
    label: z.string(),
    subscriptionId: z.uuid(),
    name: z.string(),
  }),
]);
export type AdvisorAction = z.infer<typeof advisorAction>;

/** One reading of a question the advisor could not settle alone: picking it asks `question`. */
export const advisorChoice = z.object({ label: z.string(), question: z.string() });
export type AdvisorChoice = z.infer<typeof advisorChoice>;

/**
 * The advisor's answer: its words, every figure in them with where it came from, what it proposes, and,
 * when it asks back, the readings to choose from.
 */
export const advisorAnswer = z.object({
  response: z.string(),
  figures: z.array(insightFigure),
  actions: z.array(advisorAction),
  choices: z.array(advisorChoice),
  /** What the question was understood as ('unknown' when it was declined). */
  intent: z.string(),
  /** 'built-in' (Tally's own interpreter) or 'model' (a configured language model). */
  answeredBy: z.enum(['built-in', 'model']),
});
export type AdvisorAnswer = z.infer<typeof advisorAnswer>;
