import {
  addDays,
  type CashFlowReport,
  cashFlowReportOf,
  comparisonLabel,
  comparisonRange,
  type MoneyFlowReport,
  moneyFlowReportOf,
  type NetWorthReport,
  netWorthReportOf,
  netWorthSince,
  type ReportQuery,
  reportRange,
  type SpendingReport,
  spendingReportOf,
  todayIn,
} from '@tally/shared';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { totalsByCategory } from '../transactions';
import { balanceHistoryData, merchantTotals } from './reports.queries';

/**
 * The cash flow report: the period's totals per month or week and category (the same totals as the
 * Transactions summary, from the monthly rollups where whole months allow), and the comparison period's.
 */
type ReportInput = { userId: string; timeZone: string; now: Date; query: ReportQuery };

/** The period, its comparison and the filters a report's query names, in the person's calendar. */
function periodOf({ timeZone, now, query }: ReportInput) {
  const today = todayIn(timeZone, now);
  const range = reportRange(query.period, today, query);
  return {
    today,
    range,
    compared: comparisonRange(range, query.compare),
    filters: { accountId: query.accountId, category: query.category },
  };
}

export async function cashFlow(db: Db, input: ReportInput): Promise<CashFlowReport> {
  const { userId, query } = input;
  const { range, compared, filters } = periodOf(input);
  const [rows, previous] = await Promise.all([
    totalsByCategory(db, { userId, filters: { ...filters, ...range }, per: query.interval }),
    compared && totalsByCategory(db, { userId, filters: { ...filters, ...compared } }),
  ]);
  return cashFlowReportOf({
    range,
    interval: query.interval,
    rows,
    comparison: compared && previous && { range: compared, compare: query.compare, rows: previous },
  });
}

/**
 * The spending report: the period's spending per month or week and category, its merchants, and the
 * comparison's totals per category, all with the report's filters.
 */
export async function spending(db: Db, input: ReportInput): Promise<SpendingReport> {
  const { userId, query } = input;
  const { range, compared, filters } = periodOf(input);
  const [rows, merchants, previous] = await Promise.all([
    totalsByCategory(db, { userId, filters: { ...filters, ...range }, per: query.interval }),
    merchantTotals(db, { userId, filters: { ...filters, ...range }, per: query.interval }),
    compared && totalsByCategory(db, { userId, filters: { ...filters, ...compared } }),
  ]);
  return spendingReportOf({
    range,
    interval: query.interval,
    rows,
    merchants,
    comparison: compared && previous && { range: compared, compare: query.compare, rows: previous },
  });
}

/** The money flow: the period's income sources into its spending categories and savings, from its totals per category. */
export async function flow(db: Db, input: ReportInput): Promise<MoneyFlowReport> {
  const { userId, query } = input;
  const { range, compared, filters } = periodOf(input);
  const [rows, previous] = await Promise.all([
    totalsByCategory(db, { userId, filters: { ...filters, ...range } }),
    compared && totalsByCategory(db, { userId, filters: { ...filters, ...compared } }),
  ]);
  return moneyFlowReportOf({
    range,
    rows,
    comparison: compared && previous && { range: compared, compare: query.compare, rows: previous },
  });
}

/**
 * Net worth over the period up to today: every account's balance each day (each month's end past two years),
 * run back from the balances the bank reported by the days' transactions, and over the comparison period.
 */
export async function netWorth(db: Db, input: ReportInput): Promise<NetWorthReport> {
  const { userId, query } = input;
  const { today, range } = periodOf(input);
  if (range.startDate > today)
    throw badRequest('Net worth is known up to today: choose days that have begun');
  const upToToday = { ...range, endDate: range.endDate < today ? range.endDate : today };
  // Compared with as many days as are known of this period.
  const compared = comparisonRange(upToToday, query.compare);
  const since = addDays(netWorthSince(upToToday, compared), -1);
  const { accounts, flows } = await balanceHistoryData(db, { userId, accountId: query.accountId, since });
  return netWorthReportOf({
    range: upToToday,
    accounts,
    flows,
    comparison: compared && { range: compared, label: comparisonLabel(query.compare) },
  });
}
