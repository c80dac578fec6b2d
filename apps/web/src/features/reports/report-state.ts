import {
  type CashFlowReport,
  type CategoryCode,
  CUSTOM_AMOUNTS,
  CUSTOM_CHARTS,
  CUSTOM_GROUPINGS,
  CUSTOM_MEASURES,
  type CustomAmount,
  type CustomChart,
  type CustomGrouping,
  type CustomMeasure,
  type CustomReport,
  type CustomReportDefinition,
  isCategoryCode,
  isoDay,
  type MoneyFlowReport,
  type NetWorthReport,
  REPORT_COMPARISON_VALUES,
  REPORT_PERIOD_VALUES,
  type ReportComparison,
  type ReportInterval,
  type ReportPeriod,
  type SpendingReport,
} from '@tally/shared';
import { transactionsHref } from '../../lib/transactions-url';

export const REPORTS = [
  { value: 'cash-flow', label: 'Cash flow' },
  { value: 'spending', label: 'Spending' },
  { value: 'flow', label: 'Money flow' },
  { value: 'net-worth', label: 'Net worth' },
  { value: 'custom', label: 'Custom' },
] as const;
export type ReportKind = (typeof REPORTS)[number]['value'];

/** What the reports screen shows: kept in the address bar, so reload, back and a shared link keep it. */
export type ReportState = {
  report: ReportKind;
  period: ReportPeriod;
  /** Only for a custom period. */
  startDate: string | null;
  endDate: string | null;
  compare: ReportComparison;
  interval: ReportInterval;
  accountId: string | null;
  category: CategoryCode | null;
  view: 'chart' | 'table';
  /** The custom report's builder: what it measures, of what, by what, drawn how. */
  measure: CustomMeasure;
  amount: CustomAmount;
  groupBy: CustomGrouping;
  chart: CustomChart;
  /** The saved report open, if one is. */
  saved: string | null;
};

export const DEFAULT_REPORT: ReportState = {
  report: 'cash-flow',
  period: 'last_6_months',
  startDate: null,
  endDate: null,
  compare: 'previous',
  interval: 'month',
  accountId: null,
  category: null,
  view: 'chart',
  measure: 'total',
  amount: 'spending',
  groupBy: 'category',
  chart: 'bars',
  saved: null,
};

const P = {
  report: 'report',
  period: 'period',
  from: 'from',
  to: 'to',
  compare: 'compare',
  interval: 'by',
  account: 'account',
  category: 'category',
  view: 'view',
  measure: 'measure',
  amount: 'of',
  groupBy: 'group',
  chart: 'chart',
  saved: 'saved',
} as const;

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;
const valuesOf = <T extends string>(list: readonly { value: T }[]) => list.map((item) => item.value);
const dayOrNull = (value: string | null) => (value && isoDay.safeParse(value).success ? value : null);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The report from the address bar; anything malformed is left at its default. */
export function reportFromParams(params: URLSearchParams): ReportState {
  const category = Number(params.get(P.category) ?? Number.NaN);
  const account = params.get(P.account);
  return {
    report: oneOf(
      REPORTS.map((r) => r.value),
      params.get(P.report),
      DEFAULT_REPORT.report,
    ),
    period: oneOf(REPORT_PERIOD_VALUES, params.get(P.period), DEFAULT_REPORT.period),
    startDate: dayOrNull(params.get(P.from)),
    endDate: dayOrNull(params.get(P.to)),
    compare: oneOf(REPORT_COMPARISON_VALUES, params.get(P.compare), DEFAULT_REPORT.compare),
    interval: oneOf(['month', 'week'] as const, params.get(P.interval), DEFAULT_REPORT.interval),
    accountId: account && UUID.test(account) ? account : null,
    category: Number.isInteger(category) && isCategoryCode(category) ? category : null,
    view: oneOf(['chart', 'table'] as const, params.get(P.view), DEFAULT_REPORT.view),
    measure: oneOf(valuesOf(CUSTOM_MEASURES), params.get(P.measure), DEFAULT_REPORT.measure),
    amount: oneOf(valuesOf(CUSTOM_AMOUNTS), params.get(P.amount), DEFAULT_REPORT.amount),
    groupBy: oneOf(valuesOf(CUSTOM_GROUPINGS), params.get(P.groupBy), DEFAULT_REPORT.groupBy),
    chart: oneOf(valuesOf(CUSTOM_CHARTS), params.get(P.chart), DEFAULT_REPORT.chart),
    saved: UUID.test(params.get(P.saved) ?? '') ? params.get(P.saved) : null,
  };
}

/** The address bar's form of a report: only what differs from the default. */
export function reportToParams(state: ReportState): URLSearchParams {
  const params = new URLSearchParams();
  const set = (key: string, value: string | null, fallback: string | null = null) => {
    if (value !== null && value !== fallback) params.set(key, value);
  };
  set(P.report, state.report, DEFAULT_REPORT.report);
  set(P.period, state.period, DEFAULT_REPORT.period);
  if (state.period === 'custom') {
    set(P.from, state.startDate);
    set(P.to, state.endDate);
  }
  set(P.compare, state.compare, DEFAULT_REPORT.compare);
  set(P.interval, state.interval, DEFAULT_REPORT.interval);
  set(P.account, state.accountId);
  set(P.category, state.category === null ? null : String(state.category));
  set(P.view, state.view, DEFAULT_REPORT.view);
  if (state.report === 'custom') {
    set(P.measure, state.measure, DEFAULT_REPORT.measure);
    set(P.amount, state.amount, DEFAULT_REPORT.amount);
    set(P.groupBy, state.groupBy, DEFAULT_REPORT.groupBy);
    set(P.chart, state.chart, DEFAULT_REPORT.chart);
    set(P.saved, state.saved);
  }
  return params;
}

/** What a saved report keeps of the screen's choices. */
export function definitionOf(state: ReportState): CustomReportDefinition {
  return {
    measure: state.measure,
    amount: state.amount,
    groupBy: state.groupBy,
    chart: state.chart,
    period: state.period,
    ...(state.period === 'custom' && state.startDate && state.endDate
      ? { startDate: state.startDate, endDate: state.endDate }
      : {}),
    compare: state.compare,
    ...(state.accountId ? { accountId: state.accountId } : {}),
    ...(state.category !== null ? { category: state.category } : {}),
  };
}

/** The screen showing a saved report (its choices, its id). */
export function stateOfSaved(saved: { id: string; definition: CustomReportDefinition }): ReportState {
  const d = saved.definition;
  return {
    ...DEFAULT_REPORT,
    report: 'custom',
    measure: d.measure,
    amount: d.amount,
    groupBy: d.groupBy,
    chart: d.chart,
    period: d.period,
    startDate: d.startDate ?? null,
    endDate: d.endDate ?? null,
    compare: d.compare,
    accountId: d.accountId ?? null,
    category: d.category ?? null,
    saved: saved.id,
  };
}

/** Whether the screen shows exactly what a saved report keeps. */
export const sameDefinition = (a: CustomReportDefinition, b: CustomReportDefinition) =>
  JSON.stringify(definitionOf(stateOfSaved({ id: '', definition: a }))) ===
  JSON.stringify(definitionOf(stateOfSaved({ id: '', definition: b })));

/** The API's query for a report, or null while a custom period lacks a day. */
export function reportQueryString(state: ReportState): string | null {
  const params = new URLSearchParams({
    period: state.period,
    compare: state.compare,
    ...(state.report === 'custom'
      ? { measure: state.measure, amount: state.amount, groupBy: state.groupBy, chart: state.chart }
      : { interval: state.interval }),
  });
  if (state.period === 'custom') {
    if (!state.startDate || !state.endDate) return null;
    params.set('startDate', state.startDate);
    params.set('endDate', state.endDate);
  }
  if (state.accountId) params.set('accountId', state.accountId);
  if (state.category !== null) params.set('category', String(state.category));
  return params.toString();
}

const monthName = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A month or week as the chart and the table name it: "Nov 2026", "Nov 2". */
export function bucketLabel(bucket: { start: string }, interval: ReportInterval): string {
  const date = new Date(`${bucket.start}T00:00:00Z`);
  return interval === 'month' ? monthName.format(date) : `Week of ${shortDay.format(date)}`;
}

/** Transactions with exactly the filters behind one month or week of a report (or the whole period). */
export function drillDownHref(range: { startDate: string; endDate: string }, state: ReportState): string {
  return transactionsHref({
    startDate: range.startDate,
    endDate: range.endDate,
    accountId: state.accountId,
    category: state.category,
  });
}

/** "25%", or "—" without income. */
export const formatRate = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The cash flow table as CSV for a spreadsheet: a row per month or week, then the period's total. */
export function cashFlowCsv(report: CashFlowReport): string {
  const header = ['Period', 'From', 'To', 'Income', 'Spending', 'Net', 'Savings rate', 'Transactions'];
  const row = (label: string, b: CashFlowReport['totals'] & { startDate: string; endDate: string }) => [
    label,
    b.startDate,
    b.endDate,
    dollars(b.income),
    dollars(b.expenses),
    dollars(b.net),
    b.savingsRate === null ? '' : (b.savingsRate * 100).toFixed(1),
    String(b.transactionCount),
  ];
  const rows = [
    header,
    ...report.buckets.map((b) => row(bucketLabel(b, report.interval), b)),
    row('Total', { ...report.totals, startDate: report.startDate, endDate: report.endDate }),
  ];
  // Every field is ours (days, numbers, month names): none holds a comma, a quote or a formula.
  return `${rows.map((r) => r.join(',')).join('\r\n')}\r\n`;
}

/** The spending report's categories as CSV: the period, the comparison and the change, then its income sources. */
export function spendingCsv(report: SpendingReport): string {
  const compared = report.comparison !== null;
  const header = ['Kind', 'Category', 'Amount', ...(compared ? ['Before', 'Change'] : []), 'Transactions'];
  const row = (kind: string, c: SpendingReport['categories'][number]) => [
    kind,
    c.categoryName,
    dollars(c.amount),
    ...(compared ? [dollars(c.previous ?? 0), dollars(c.amount - (c.previous ?? 0))] : []),
    String(c.transactionCount),
  ];
  const rows = [
    header,
    ...report.categories.map((c) => row('Spending', c)),
    ...report.incomeSources.map((c) => row('Income', c)),
  ];
  // Category names are ours: none holds a comma, a quote or a formula.
  return `${rows.map((r) => r.join(',')).join('\r\n')}\r\n`;
}

/** The money flow as CSV: each flow from one place to another, and the share of income it is. */
export function flowCsv(report: MoneyFlowReport): string {
  const income = report.totals.income;
  const rows = [
    ['From', 'To', 'Amount', 'Share of income'],
    ...report.links.map((link) => [
      report.nodes[link.source]?.name ?? '',
      report.nodes[link.target]?.name ?? '',
      dollars(link.amount),
      income > 0 ? ((link.amount / income) * 100).toFixed(1) : '',
    ]),
  ];
  // Names are ours (categories, "Saved"): none holds a comma, a quote or a formula.
  return `${rows.map((r) => r.join(',')).join('\r\n')}\r\n`;
}

/** Net worth as CSV: each day (or month's end) of the period, then each account's start, end and change. */
export function netWorthCsv(report: NetWorthReport): string {
  const rows = [
    ['Date', 'Assets', 'Liabilities', 'Net worth', 'Transactions'],
    ...report.points.map((p) => [
      p.endDate,
      dollars(p.assets),
      dollars(p.liabilities),
      dollars(p.netWorth),
      String(p.transactionCount),
    ]),
    [],
    ['Account', 'Kind', 'Start', 'End', 'Change', 'Transactions'],
    ...report.accounts.map((a) => [
      csvText(a.name),
      report.kinds.find((k) => k.kind === a.kind)?.name ?? '',
      dollars(a.opening),
      dollars(a.closing),
      dollars(a.change),
      String(a.transactionCount),
    ]),
  ];
  return `${rows.map((r) => r.join(',')).join('\r\n')}\r\n`;
}

/**
 * A name the person chose, as one CSV field: quoted (commas and quotes kept), and never read as a formula
 * by a spreadsheet (a leading =, +, - or @ gets an apostrophe).
 */
function csvText(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** The custom report's groups as CSV: each group's figure (and the comparison's), with its transactions. */
export function customCsv(report: CustomReport): string {
  const measure = CUSTOM_MEASURES.find((m) => m.value === report.measure)?.label ?? '';
  const of = CUSTOM_AMOUNTS.find((a) => a.value === report.amount)?.label ?? '';
  const grouping = CUSTOM_GROUPINGS.find((g) => g.value === report.groupBy)?.label ?? '';
  const figure = (f: { total: number; count: number; average: number }) =>
    report.measure === 'count' ? String(f.count) : dollars(f[report.measure]);
  const compared = report.groups.some((g) => g.previous !== null);
  const title = report.measure === 'count' ? measure : `${of} (${measure.toLowerCase()})`;
  const rows = [
    [grouping, title, ...(compared ? ['Before'] : []), 'Transactions'],
    ...report.groups.map((g) => [
      csvText(g.label),
      figure(g),
      ...(compared ? [g.previous ? figure(g.previous) : ''] : []),
      String(g.count),
    ]),
    [
      'Total',
      figure(report.totals),
      ...(compared ? [report.previous ? figure(report.previous) : ''] : []),
      String(report.totals.count),
    ],
  ];
  return `${rows.map((r) => r.join(',')).join('\r\n')}\r\n`;
}
