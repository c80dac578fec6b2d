/**
 * What a question to the advisor asks, once understood: not an intent name but a structure. Money that
 * moved (spending, income, net) is a *measure* of a *subject* under *filters* over *time*; what stands at
 * present (balances, subscriptions, the budget, goals) is a measure of that thing. The built-in
 * interpreter fills it from words, a configured model fills it as the `query` tool's arguments, and one
 * executor on the server answers every structure from the same totals as the screens. Days are
 * YYYY-MM-DD in the person's time zone; amounts are integer cents.
 */
import { z } from 'zod';
import { isoDay } from '../../dates';
import type { CategoryCode } from '../../transactions/categories';
import { TRANSACTION_KIND_KEYS } from '../../transactions/kinds';
import { categoryCode } from '../../transactions/transactions.schema';

/** A span of days, both ends included, with how the question named it ("last month", "since March 3"). */
export const dayRange = z
  .object({
    startDate: isoDay.describe('First day, YYYY-MM-DD'),
    endDate: isoDay.describe('Last day, YYYY-MM-DD'),
    label: z.string().min(1).max(60).describe('How the person named the days, e.g. "last month"'),
  })
  .refine((r) => r.startDate <= r.endDate, 'The first day comes after the last');
export type DayRange = z.infer<typeof dayRange>;

const names = z.array(z.string().trim().min(1).max(100)).max(10);
const codes = z.array(categoryCode).max(20);

/** Kinds of account a question may count alone: "on my credit card", "from checking". */
export const ACCOUNT_KINDS = ['checking', 'savings', 'credit'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** A size of one transaction, in cents, as the Transactions screen's amount filter reads it. */
const size = z.number().int().positive().max(100_000_000_000);

/**
 * Which transactions count: any of the categories and any of the merchants (none: all), less the excluded
 * ones; only from accounts of these kinds, and only of these sizes, when given. Moves between the
 * person's own accounts never count.
 */
export const questionFilters = z
  .object({
    categories: codes.default([]).describe('Count only these categories (empty: every one)'),
    merchants: names.default([]).describe('Count only these merchants, by name (empty: every one)'),
    excludeCategories: codes.default([]).describe('Leave these categories out'),
    excludeMerchants: names.default([]).describe('Leave these merchants out'),
    kinds: z
      .array(z.enum(TRANSACTION_KIND_KEYS))
      .max(5)
      .optional()
      .describe('Count only these kinds of purchase, narrower than a category (coffee, fuel, flights…)'),
    accountKinds: z
      .array(z.enum(ACCOUNT_KINDS))
      .max(3)
      .optional()
      .describe('Count only these kinds of account'),
    accounts: names
      .max(5)
      .optional()
      .describe('Count only transactions on these accounts, by name ("Rewards Visa")'),
    minAmount: size.optional().describe('Count only transactions of at least this size, cents'),
    maxAmount: size.optional().describe('Count only transactions of at most this size, cents'),
  })
  .refine((f) => f.minAmount === undefined || f.maxAmount === undefined || f.minAmount <= f.maxAmount, {
    message: 'The smallest size is above the largest',
  });
export type QuestionFilters = z.output<typeof questionFilters>;

export const NO_FILTERS: QuestionFilters = Object.freeze({
  categories: [],
  merchants: [],
  excludeCategories: [],
  excludeMerchants: [],
}) as QuestionFilters;

/** Money out (purchases), money in, or in less out. */
export const FLOW_SUBJECTS = ['spending', 'income', 'net'] as const;
export type FlowSubject = (typeof FLOW_SUBJECTS)[number];

/**
 * Over one span of days: the total; how many purchases (or payments in); the total over that number;
 * the largest or smallest single one; the part as a share of all spending (or income) in the days; or the
 * savings rate (net over income).
 */
export const FLOW_MEASURES = [
  'total',
  'count',
  'per_item',
  'largest',
  'smallest',
  'share',
  'savings_rate',
] as const;
export type FlowMeasure = (typeof FLOW_MEASURES)[number];

const subject = z.enum(FLOW_SUBJECTS);

/** What an average is per: complete calendar months, Sunday–Saturday weeks, or days. */
export const AVERAGE_PERIODS = ['month', 'week', 'day'] as const;
export type AveragePeriod = (typeof AVERAGE_PERIODS)[number];

export const question = z.discriminatedUnion('kind', [
  /** "How much did I spend on groceries last month?", "How many Uber rides in October?" */
  z.object({
    kind: z.literal('flow'),
    measure: z.enum(FLOW_MEASURES),
    subject,
    filters: questionFilters,
    range: dayRange,
    /** For a share of spending: of all income in the days ("what percent of my income goes to rent"). */
    of: z.literal('income').optional(),
  }),
  /** "What do I spend on groceries a month on average over the last 3 months?": total over periods ÷ their number. */
  z.object({
    kind: z.literal('average'),
    subject,
    filters: questionFilters,
    per: z.enum(AVERAGE_PERIODS),
    periods: z.array(dayRange).min(1).max(36),
    /** 'count': how many purchases (or payments in) a period on average ("how many times a week"). */
    measure: z.literal('count').optional(),
  }),
  /** "Did I spend more on dining this month than last?": both totals, and whether `a` is more (or less). */
  z.object({
    kind: z.literal('compare'),
    subject,
    filters: questionFilters,
    a: dayRange,
    b: dayRange,
    /** Whether a is more, or less, than b; 'change': how it moved, asked without a side ("how did … change"). */
    asks: z.enum(['more', 'less', 'change']),
  }),
  /** "Where does my money go?", "Top 3 merchants in October" */
  z.object({
    kind: z.literal('top_spending'),
    range: dayRange,
    by: z.enum(['category', 'merchant']),
    limit: z.number().int().min(1).max(20),
  }),
  /** Balances as the bank last reported them: cash (checking and savings), one kind, or net worth. */
  z.object({
    kind: z.literal('balance'),
    accounts: z.enum(['cash', 'checking', 'savings', 'credit', 'net_worth']),
    /** One account by its name ("Everyday Checking"): its balance alone. */
    name: z.string().trim().min(1).max(100).optional(),
  }),
  /** What tracked subscriptions cost a month or a year (one, or all), or how many there are. */
  z.object({
    kind: z.literal('subscriptions'),
    measure: z.enum(['monthly', 'yearly', 'count']),
    name: z.string().max(100).nullable(),
  }),
  /** "What bills are due this week?" */
  z.object({ kind: z.literal('subscriptions_upcoming'), range: dayRange }),
  /** The current budget period, whole or one category: what is left, spent, allocated, or used in percent. */
  z.object({
    kind: z.literal('budget'),
    measure: z.enum(['left', 'spent', 'allocated', 'used_percent']),
    category: categoryCode.nullable(),
  }),
  /** One goal or every goal: progress in percent, saved, or still needed. */
  z.object({
    kind: z.literal('goal'),
    measure: z.enum(['progress', 'saved', 'needed']),
    goal: z.string().max(100).nullable(),
  }),
  /** "Can I afford a $1,200 laptop by December 15?" */
  z.object({
    kind: z.literal('afford'),
    amount: z.number().int().positive(),
    byDate: isoDay.nullable(),
    what: z.string().max(60).nullable(),
  }),
  /** "How can I save more?", "Am I overspending?": the person's own insights, with what to do about them. */
  z.object({ kind: z.literal('advice'), category: categoryCode.nullable() }),
  /** One part of the question could mean several things: ask back, with the readings as choices. */
  z.object({
    kind: z.literal('clarify'),
    prompt: z.string(),
    choices: z
      .array(z.object({ label: z.string(), question: z.string() }))
      .min(2)
      .max(5),
  }),
  /** Anything else: the advisor says plainly it cannot answer, and what it can. */
  z.object({ kind: z.literal('unknown'), reason: z.enum(['out_of_scope', 'unclear']) }),
]);

export type Question = z.output<typeof question>;
export type QuestionKind = Question['kind'];
export type FlowQuestion = Extract<Question, { kind: 'flow' }>;

/** A flow question with no filters and one measure: the shape most questions take. */
export const flow = (
  measure: FlowMeasure,
  subject: FlowSubject,
  range: DayRange,
  filters: Partial<QuestionFilters> = {},
): FlowQuestion => ({ kind: 'flow', measure, subject, range, filters: { ...NO_FILTERS, ...filters } });

export const hasFilters = (f: QuestionFilters) =>
  f.categories.length + f.merchants.length + f.excludeCategories.length + f.excludeMerchants.length > 0 ||
  (f.kinds?.length ?? 0) > 0 ||
  (f.accountKinds?.length ?? 0) > 0 ||
  (f.accounts?.length ?? 0) > 0 ||
  f.minAmount !== undefined ||
  f.maxAmount !== undefined;

export type { CategoryCode };
