import { z } from 'zod';
import { daysBetween, isoDay } from '../dates';
import { money } from '../money';
import { categoryCode } from '../transactions/transactions.schema';
import {
  MAX_REPORT_DAYS,
  MAX_WEEKLY_REPORT_DAYS,
  REPORT_COMPARISON_VALUES,
  REPORT_PERIOD_VALUES,
} from './periods';

const reportInterval = z.enum(['month', 'week'], 'Interval must be month or week');

/** The period, what it is compared with, and the filters every report takes. */
const reportFields = {
  period: z.enum(REPORT_PERIOD_VALUES, 'Unknown period').default('last_6_months'),
  /** Only for a custom period. */
  startDate: isoDay.optional(),
  endDate: isoDay.optional(),
  compare: z.enum(REPORT_COMPARISON_VALUES, 'Unknown comparison').default('previous'),
  accountId: z.uuid('Unknown account').optional(),
  category: categoryCode.optional(),
};

/** A custom period needs both days, in order, ten years at most; weeks go two years back at most. */
function checkPeriod(
  q: { period: string; startDate?: string; endDate?: string; weekly: boolean },
  ctx: z.RefinementCtx,
  weeklyPath: string,
) {
  if (q.period !== 'custom') return;
  if (!q.startDate || !q.endDate) {
    ctx.addIssue({ code: 'custom', message: 'Choose a start and an end date', path: ['startDate'] });
    return;
  }
  const days = daysBetween(q.startDate, q.endDate) + 1;
  if (days < 1)
    ctx.addIssue({ code: 'custom', message: 'Start date must be before end date', path: ['startDate'] });
  else if (days > MAX_REPORT_DAYS)
    ctx.addIssue({ code: 'custom', message: 'A report covers at most ten years', path: ['startDate'] });
  else if (q.weekly && days > MAX_WEEKLY_REPORT_DAYS)
    ctx.addIssue({
      code: 'custom',
      message: 'Weekly figures cover at most two years. Choose monthly.',
      path: [weeklyPath],
    });
}

/** The reports' shared query: the period, what it is compared with, and the filters every report takes. */
export const reportQuery = z
  .object({ ...reportFields, interval: reportInterval.default('month') })
  .superRefine((q, ctx) => checkPeriod({ ...q, weekly: q.interval === 'week' }, ctx, 'interval'));
export type ReportQuery = z.infer<typeof reportQuery>;

const range = { startDate: z.string(), endDate: z.string() };

/** Money in and out, transfers between the person's own accounts left out, as on Transactions. */
export const cashFlowFigures = z.object({
  income: money,
  expenses: money,
  /** Income less expenses. */
  net: money,
  /** Net as a share of income (0.25 = 25%); null without income. */
  savingsRate: z.number().nullable(),
  /** Every matching transaction, transfers included: the count Transactions shows for the same filters. */
  transactionCount: z.number(),
});
export type CashFlowFigures = z.infer<typeof cashFlowFigures>;

/** GET /reports/cash-flow. */
export const cashFlowReport = z.object({
  ...range,
  interval: reportInterval,
  /** The period it is compared with, null with no comparison. */
  comparison: z.object({ ...range, label: z.string() }).nullable(),
  /** Each month or week the period touches, oldest first, clipped to the period. */
  buckets: z.array(cashFlowFigures.extend({ ...range, start: z.string() })),
  totals: cashFlowFigures,
  /** Per month or week of the period. */
  averages: z.object({ income: money, expenses: money, net: money }),
  previous: cashFlowFigures.nullable(),
  /** Why spending and income changed against the comparison, a sentence each. */
  changes: z.array(z.string()),
});
export type CashFlowReport = z.infer<typeof cashFlowReport>;

const categoryFigure = z.object({
  category: z.number(),
  categoryName: z.string(),
  amount: money,
  /** The same in the comparison period; null with no comparison. */
  previous: money.nullable(),
  /** Every transaction of the category in the period (what Transactions lists for it). */
  transactionCount: z.number(),
});

/** GET /reports/spending. */
export const spendingReport = z.object({
  ...range,
  interval: reportInterval,
  comparison: z.object({ ...range, label: z.string() }).nullable(),
  /** Money out, transfers left out, as in the cash flow. */
  total: money,
  previousTotal: money.nullable(),
  /** Each month or week: its spending by category (largest categories of the period first). */
  buckets: z.array(
    z.object({
      ...range,
      start: z.string(),
      total: money,
      categories: z.array(z.object({ category: z.number(), amount: money })),
    }),
  ),
  /** Spending categories of the period, largest first. */
  categories: z.array(categoryFigure),
  /** The merchants spent at most, largest first, with their spending in each month or week. */
  merchants: z.array(
    z.object({
      name: z.string(),
      amount: money,
      transactionCount: z.number(),
      trend: z.array(money),
    }),
  ),
  /** Money in by income category, largest first. */
  incomeSources: z.array(categoryFigure),
  changes: z.array(z.string()),
});
export type SpendingReport = z.infer<typeof spendingReport>;

/** What a place in the money flow stands for. */
export const FLOW_NODE_KINDS = ['income', 'total', 'spending', 'saved', 'shortfall'] as const;

/** GET /reports/flow: the period's income sources flowing into its spending categories and savings. */
export const moneyFlowReport = z.object({
  ...range,
  comparison: z.object({ ...range, label: z.string() }).nullable(),
  totals: cashFlowFigures,
  previous: cashFlowFigures.nullable(),
  /**
   * Income sources, then the whole (income, with what came from savings when spending outran it), then the
   * spending categories and what was saved; the smallest sources and categories together as one node.
   */
  nodes: z.array(
    z.object({
      name: z.string(),
      kind: z.enum(FLOW_NODE_KINDS),
      amount: money,
      /** The category behind the node; null for several together, the whole, savings. */
      category: z.number().nullable(),
      /** Every transaction of that category in the period (what Transactions lists); null without one. */
      transactionCount: z.number().nullable(),
    }),
  ),
  /** Money from one node to another, by their places in `nodes`. */
  links: z.array(z.object({ source: z.number(), target: z.number(), amount: money })),
  changes: z.array(z.string()),
});
export type MoneyFlowReport = z.infer<typeof moneyFlowReport>;
export type FlowNode = MoneyFlowReport['nodes'][number];

/** How net worth groups accounts: what they hold (cash, investments) and what they owe (cards, loans). */
export const NET_WORTH_KINDS = ['cash', 'investments', 'credit', 'loans'] as const;

/** A balance as net worth counts it: what an account holds, or what it owes as a negative amount. */
const netWorthFigures = { assets: money, liabilities: money, netWorth: money };

/** GET /reports/net-worth: the accounts' balances day by day (month by month past two years), and their sum. */
export const netWorthReport = z.object({
  /** The period up to today: net worth is not known ahead. */
  ...range,
  step: z.enum(['day', 'month']),
  comparison: z.object({ ...range, label: z.string() }).nullable(),
  /**
   * The end of each day (or month, the last clipped to the period) of the period, oldest first: what the
   * accounts held, what they owed (a positive amount), and the difference, with the transactions of the
   * day or month.
   */
  points: z.array(
    z.object({
      startDate: z.string(),
      endDate: z.string(),
      ...netWorthFigures,
      transactionCount: z.number(),
    }),
  ),
  /** Each kind of account the person has: its balance at each point (owed as negative). */
  kinds: z.array(z.object({ kind: z.enum(NET_WORTH_KINDS), name: z.string(), values: z.array(money) })),
  /** Each account: its balance the day before the period and at its end (owed as negative), and its transactions in the period. */
  accounts: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      kind: z.enum(NET_WORTH_KINDS),
      opening: money,
      closing: money,
      change: money,
      transactionCount: z.number(),
    }),
  ),
  /** Net worth at the end of the day before the period, at its end, and the difference. */
  opening: z.object(netWorthFigures),
  closing: z.object(netWorthFigures),
  change: money,
  /** The same difference over the comparison period; null with no comparison. */
  previousChange: money.nullable(),
  changes: z.array(z.string()),
});
export type NetWorthReport = z.infer<typeof netWorthReport>;

/** What a custom report measures: a total, a count of transactions, or the average per day. */
export const CUSTOM_MEASURES = [
  { value: 'total', label: 'Total' },
  { value: 'count', label: 'Number of transactions' },
  { value: 'average', label: 'Average per day' },
] as const;
/** Of what money: spending, income, or income less spending. */
export const CUSTOM_AMOUNTS = [
  { value: 'spending', label: 'Spending' },
  { value: 'income', label: 'Income' },
  { value: 'net', label: 'Net' },
] as const;
export const CUSTOM_GROUPINGS = [
  { value: 'category', label: 'Category' },
  { value: 'merchant', label: 'Merchant' },
  { value: 'account', label: 'Account' },
  { value: 'month', label: 'Month' },
  { value: 'week', label: 'Week' },
  { value: 'weekday', label: 'Day of week' },
] as const;
export const CUSTOM_CHARTS = [
  { value: 'bars', label: 'Bars' },
  { value: 'lines', label: 'Lines' },
  { value: 'stacked', label: 'Stacked' },
  { value: 'table', label: 'Table' },
] as const;
const valuesOf = <T extends { value: string }>(list: readonly T[]) =>
  list.map((item) => item.value) as [T['value'], ...T['value'][]];
export type CustomMeasure = (typeof CUSTOM_MEASURES)[number]['value'];
export type CustomAmount = (typeof CUSTOM_AMOUNTS)[number]['value'];
export type CustomGrouping = (typeof CUSTOM_GROUPINGS)[number]['value'];
export type CustomChart = (typeof CUSTOM_CHARTS)[number]['value'];

const customFields = {
  ...reportFields,
  measure: z.enum(valuesOf(CUSTOM_MEASURES), 'Measure must be total, count or average').default('total'),
  amount: z.enum(valuesOf(CUSTOM_AMOUNTS), 'Amount must be spending, income or net').default('spending'),
  groupBy: z
    .enum(valuesOf(CUSTOM_GROUPINGS), 'Group by category, merchant, account, month, week or weekday')
    .default('category'),
  chart: z.enum(valuesOf(CUSTOM_CHARTS), 'Chart must be bars, lines, stacked or table').default('bars'),
};
const checkCustom = (
  q: { period: string; startDate?: string; endDate?: string; groupBy: string },
  ctx: z.RefinementCtx,
) => checkPeriod({ ...q, weekly: q.groupBy === 'week' }, ctx, 'groupBy');

/** GET /reports/custom: a report built from a measure, a grouping and a chart, over a period with filters. */
export const customReportQuery = z.object(customFields).superRefine(checkCustom);
export type CustomReportQuery = z.infer<typeof customReportQuery>;

/** What a saved report keeps: the builder's choices, the period as chosen (so "last 3 months" moves on). */
export const customReportDefinition = z.strictObject(customFields).superRefine(checkCustom);
export type CustomReportDefinition = z.infer<typeof customReportDefinition>;

/** A group's (or a part's) figures: every measure, so the chart and the table read what they show. */
const customFigures = z.object({
  /** The amount chosen (spending, income or net), transfers left out. */
  total: money,
  /** Every transaction of the group (what Transactions lists for it), transfers included. */
  count: z.number(),
  /** The total over the days the group covers. */
  average: money,
});
export type CustomFigures = z.infer<typeof customFigures>;

/** GET /reports/custom. */
export const customReport = z.object({
  ...range,
  measure: customFields.measure.unwrap(),
  amount: customFields.amount.unwrap(),
  groupBy: customFields.groupBy.unwrap(),
  chart: customFields.chart.unwrap(),
  comparison: z.object({ ...range, label: z.string() }).nullable(),
  /**
   * The groups: months, weeks and days of the week in order (every one of the period), the others largest
   * first. Each with the filters that open its transactions (null for a day of the week, which Transactions
   * cannot filter by).
   */
  groups: z.array(
    customFigures.extend({
      key: z.string(),
      label: z.string(),
      /** The same group in the comparison period; null for time groupings or with no comparison. */
      previous: customFigures.nullable(),
      /** Where the group's transactions are: the days, and the category, account or merchant it is. */
      drill: z
        .object({
          ...range,
          category: z.number().nullable(),
          accountId: z.string().nullable(),
          merchant: z.string().nullable(),
        })
        .nullable(),
      /** Stacked: the group split by `series`, in its order. */
      parts: z.array(customFigures),
    }),
  ),
  /** Groups left out (the smallest merchants). */
  more: z.number(),
  /** Stacked: what each bar is split by (categories, or months when grouped by category). */
  series: z.array(z.object({ key: z.string(), label: z.string(), category: z.number().nullable() })),
  totals: customFigures,
  previous: customFigures.nullable(),
  changes: z.array(z.string()),
});
export type CustomReport = z.infer<typeof customReport>;

const reportName = z
  .string('Name is required')
  .trim()
  .min(1, 'Name is required')
  .max(60, 'Name must be 60 characters or fewer');

/** A saved custom report. */
export const savedReport = z.object({
  id: z.string(),
  name: z.string(),
  definition: z.object(customFields),
  onDashboard: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedReport = z.infer<typeof savedReport>;
export const savedReportList = z.array(savedReport);

/** POST /reports/saved. */
export const createSavedReportBody = z.strictObject({
  name: reportName,
  definition: customReportDefinition,
  onDashboard: z.boolean('On dashboard must be true or false').default(false),
});
/** PATCH /reports/saved/{id}: any of them. */
export const updateSavedReportBody = z
  .strictObject({
    name: reportName.optional(),
    definition: customReportDefinition.optional(),
    onDashboard: z.boolean('On dashboard must be true or false').optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to change');

/** A person keeps at most this many saved reports. */
export const MAX_SAVED_REPORTS = 50;
