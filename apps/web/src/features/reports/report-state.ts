import {
  type CashFlowReport,
  type CategoryCode,
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
} as const;

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;
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
  return params;
}

/** The API's query for a report, or null while a custom period lacks a day. */
export function reportQueryString(state: ReportState): string | null {
  const params = new URLSearchParams({
    period: state.period,
    compare: state.compare,
    interval: state.interval,
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
