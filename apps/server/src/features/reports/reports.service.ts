import {
  addDays,
  type CashFlowReport,
  type CustomReport,
  type CustomReportDefinition,
  type CustomReportQuery,
  cashFlowReportOf,
  comparisonLabel,
  comparisonRange,
  customReportOf,
  MAX_SAVED_REPORTS,
  type MoneyFlowReport,
  moneyFlowReportOf,
  type NetWorthReport,
  netWorthReportOf,
  netWorthSince,
  type ReportQuery,
  reportRange,
  type SavedReport,
  type SpendingReport,
  spendingReportOf,
  todayIn,
} from '@tally/shared';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { totalsByCategory } from '../transactions';
import {
  accountNames,
  balanceHistoryData,
  countSavedReports,
  customTotals,
  deleteSavedReport,
  insertSavedReport,
  listSavedReports,
  merchantTotals,
  nameTaken,
  type SavedReportRow,
  updateSavedReport,
  withSavedReportsLock,
} from './reports.queries';

type ReportInput<Q = ReportQuery> = { userId: string; timeZone: string; now: Date; query: Q };

/** The period, its comparison and the filters a report's query names, in the person's calendar. */
function periodOf({ timeZone, now, query }: ReportInput<Omit<ReportQuery, 'interval'>>) {
  const today = todayIn(timeZone, now);
  const range = reportRange(query.period, today, query);
  return {
    today,
    range,
    compared: comparisonRange(range, query.compare),
    filters: { accountId: query.accountId, category: query.category },
  };
}

/**
 * The cash flow report: the period's totals per month or week and category (the same totals as the
 * Transactions summary, from the monthly rollups where whole months allow), and the comparison period's.
 */
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

/**
 * A custom report: the period's sums by the grouping chosen (and by category, or month, for a stacked
 * chart), the comparison's by the same grouping, with the person's account names.
 */
export async function custom(db: Db, input: ReportInput<CustomReportQuery>): Promise<CustomReport> {
  const { userId, query } = input;
  const { range, compared, filters } = periodOf(input);
  const { groupBy } = query;
  const split = query.chart !== 'stacked' ? null : groupBy === 'category' ? 'month' : 'category';
  const [rows, previous, names] = await Promise.all([
    customTotals(db, { userId, filters: { ...filters, ...range }, groupBy, amount: query.amount, split }),
    compared &&
      customTotals(db, {
        userId,
        filters: { ...filters, ...compared },
        groupBy,
        amount: query.amount,
        split: null,
      }),
    groupBy === 'account' ? accountNames(db, { userId }) : new Map<string, string>(),
  ]);
  return customReportOf({
    query,
    range,
    rows,
    accountNames: names,
    comparison: compared && previous && { range: compared, compare: query.compare, rows: previous },
  });
}

const toSavedReport = (row: SavedReportRow): SavedReport => ({
  id: row.id,
  name: row.name,
  definition: row.definition,
  onDashboard: row.onDashboard,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const nameInUse = (name: string) =>
  new AppError(409, 'REPORT_NAME_TAKEN', `You already have a report named "${name}". Choose another name.`);
const reportGone = () => notFound('Report not found');

export async function savedReports(db: Db, userId: string): Promise<SavedReport[]> {
  return (await listSavedReports(db, { userId })).map(toSavedReport);
}

/** Saves a custom report under a name of the person's own (one name once, case aside), up to the limit. */
export function saveReport(
  db: Db,
  {
    userId,
    now,
    body,
  }: {
    userId: string;
    now: Date;
    body: { name: string; definition: CustomReportDefinition; onDashboard: boolean };
  },
): Promise<SavedReport> {
  return withSavedReportsLock(db, userId, async (tx) => {
    if ((await countSavedReports(tx, { userId })) >= MAX_SAVED_REPORTS)
      throw new AppError(
        409,
        'REPORT_LIMIT_REACHED',
        `You can save up to ${MAX_SAVED_REPORTS} reports. Delete one you no longer use first.`,
      );
    if (await nameTaken(tx, { userId, name: body.name })) throw nameInUse(body.name);
    return toSavedReport(await insertSavedReport(tx, { userId, now, ...body }));
  });
}

/** Renames, redefines, or puts on (or takes off) the dashboard one of the person's reports. */
export function changeReport(
  db: Db,
  {
    userId,
    id,
    now,
    body,
  }: {
    userId: string;
    id: string;
    now: Date;
    body: { name?: string; definition?: CustomReportDefinition; onDashboard?: boolean };
  },
): Promise<SavedReport> {
  return withSavedReportsLock(db, userId, async (tx) => {
    if (body.name !== undefined && (await nameTaken(tx, { userId, name: body.name, except: id })))
      throw nameInUse(body.name);
    const row = await updateSavedReport(tx, { userId, id, values: body, now });
    if (!row) throw reportGone();
    return toSavedReport(row);
  });
}

export async function removeReport(db: Db, { userId, id }: { userId: string; id: string }) {
  if (!(await deleteSavedReport(db, { userId, id }))) throw reportGone();
}
