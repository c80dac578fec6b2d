import {
  type CashFlowReport,
  cashFlowReportOf,
  comparisonRange,
  type ReportQuery,
  reportRange,
  todayIn,
} from '@tally/shared';
import type { Db } from '../../db/client';
import { totalsByCategory } from '../transactions';

/**
 * The cash flow report: the period's totals per month or week and category (the same totals as the
 * Transactions summary, from the monthly rollups where whole months allow), and the comparison period's.
 */
export async function cashFlow(
  db: Db,
  { userId, timeZone, now, query }: { userId: string; timeZone: string; now: Date; query: ReportQuery },
): Promise<CashFlowReport> {
  const range = reportRange(query.period, todayIn(timeZone, now), query);
  const compared = comparisonRange(range, query.compare);
  const filters = { accountId: query.accountId, category: query.category };
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
