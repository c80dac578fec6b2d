import type { Cents } from '../money';
import type { PeriodRange } from '../transactions/dashboard-periods';
import { type CategoryFigures, changeSentences } from './change';
import { comparisonLabel, type ReportComparison, type ReportInterval, rangeBuckets } from './periods';
import type { CashFlowFigures, CashFlowReport } from './reports.schema';

/** Totals of matching transactions in one month or week, category and transfer flag, as the database adds them. */
export type BucketTotals = {
  /** The bucket's first day (bucketStart). */
  bucket: string;
  category: number;
  isTransfer: boolean;
  count: number;
  income: Cents;
  expenses: Cents;
};

/** Income, spending, net, savings rate and count of a set of totals; transfers count only as transactions. */
export function cashFlowTotals(rows: Omit<BucketTotals, 'bucket'>[]): CashFlowFigures {
  let income = 0;
  let expenses = 0;
  let transactionCount = 0;
  for (const row of rows) {
    transactionCount += row.count;
    if (row.isTransfer) continue;
    income += row.income;
    expenses += row.expenses;
  }
  const net = income - expenses;
  return {
    income,
    expenses,
    net,
    savingsRate: income > 0 ? Math.round((net / income) * 10_000) / 10_000 : null,
    transactionCount,
  };
}

/** Money in and out per category, transfers left out. */
export function totalsPerCategory(rows: Omit<BucketTotals, 'bucket'>[]): CategoryFigures[] {
  const map = new Map<number, CategoryFigures>();
  for (const row of rows) {
    if (row.isTransfer) continue;
    const f = map.get(row.category) ?? { category: row.category, income: 0, expenses: 0 };
    f.income += row.income;
    f.expenses += row.expenses;
    map.set(row.category, f);
  }
  return [...map.values()];
}

/**
 * The cash flow report from the period's totals per bucket and category, and the comparison's per category:
 * each month or week (every one present, an empty one as zeros), the period's totals and averages per
 * bucket, the comparison's totals, and why it changed.
 */
export function cashFlowReportOf({
  range,
  interval,
  rows,
  comparison,
}: {
  range: PeriodRange;
  interval: ReportInterval;
  rows: BucketTotals[];
  comparison: { range: PeriodRange; compare: ReportComparison; rows: Omit<BucketTotals, 'bucket'>[] } | null;
}): CashFlowReport {
  const buckets = rangeBuckets(range, interval).map((b) => ({
    ...b,
    ...cashFlowTotals(rows.filter((r) => r.bucket === b.start)),
  }));
  const totals = cashFlowTotals(rows);
  const n = Math.max(buckets.length, 1);
  const label = comparison && comparisonLabel(comparison.compare);
  return {
    ...range,
    interval,
    comparison: comparison && { ...comparison.range, label: label ?? '' },
    buckets,
    totals,
    averages: {
      income: Math.round(totals.income / n),
      expenses: Math.round(totals.expenses / n),
      net: Math.round(totals.net / n),
    },
    previous: comparison && cashFlowTotals(comparison.rows),
    changes: comparison
      ? changeSentences(totalsPerCategory(rows), totalsPerCategory(comparison.rows), `the ${label}`)
      : [],
  };
}
