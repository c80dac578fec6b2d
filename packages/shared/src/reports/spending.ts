import type { Cents } from '../money';
import { categoryName, isIncomeCategory } from '../transactions/categories';
import type { PeriodRange } from '../transactions/dashboard-periods';
import type { BucketTotals } from './cash-flow';
import { changeSentences } from './change';
import { comparisonLabel, type ReportComparison, type ReportInterval, rangeBuckets } from './periods';
import type { SpendingReport } from './reports.schema';

/** Money spent at one merchant in one month or week (`name` as the person's rows spell it). */
export type MerchantTotals = { key: string; name: string; bucket: string; count: number; spent: Cents };

/** The merchants listed: the ten spent at most. */
export const TOP_MERCHANTS = 10;

type Totals = Omit<BucketTotals, 'bucket'>;

function perCategory(rows: Totals[]) {
  const map = new Map<number, { spent: Cents; income: Cents; count: number }>();
  for (const row of rows) {
    const c = map.get(row.category) ?? { spent: 0, income: 0, count: 0 };
    c.count += row.count;
    if (!row.isTransfer) {
      c.spent += row.expenses;
      c.income += row.income;
    }
    map.set(row.category, c);
  }
  return map;
}

/**
 * The spending report from the period's totals per bucket and category, the merchants' per bucket, and the
 * comparison's per category: spending per month or week by category, the categories and income sources of
 * the period against the comparison, the top merchants with their trend, and why spending changed.
 */
export function spendingReportOf({
  range,
  interval,
  rows,
  merchants,
  comparison,
}: {
  range: PeriodRange;
  interval: ReportInterval;
  rows: BucketTotals[];
  merchants: MerchantTotals[];
  comparison: { range: PeriodRange; compare: ReportComparison; rows: Totals[] } | null;
}): SpendingReport {
  const now = perCategory(rows);
  const before = comparison ? perCategory(comparison.rows) : null;
  const figure = (category: number, amount: Cents, pick: 'spent' | 'income') => ({
    category,
    categoryName: categoryName(category),
    amount,
    previous: before ? (before.get(category)?.[pick] ?? 0) : null,
    transactionCount: now.get(category)?.count ?? 0,
  });
  const categories = [...now]
    .filter(([, c]) => c.spent > 0)
    .sort(([a, x], [b, y]) => y.spent - x.spent || a - b)
    .map(([category, c]) => figure(category, c.spent, 'spent'));
  const order = new Map(categories.map((c, i) => [c.category, i]));
  const slots = rangeBuckets(range, interval);
  const buckets = slots.map((slot) => {
    const spent = new Map<number, Cents>();
    for (const row of rows)
      if (row.bucket === slot.start && !row.isTransfer && row.expenses > 0)
        spent.set(row.category, (spent.get(row.category) ?? 0) + row.expenses);
    const list = [...spent]
      .map(([category, amount]) => ({ category, amount }))
      .sort((a, b) => (order.get(a.category) ?? 0) - (order.get(b.category) ?? 0));
    return { ...slot, total: list.reduce((n, c) => n + c.amount, 0), categories: list };
  });

  const byMerchant = new Map<
    string,
    { name: string; amount: Cents; count: number; trend: Map<string, Cents> }
  >();
  for (const m of merchants) {
    const entry = byMerchant.get(m.key) ?? { name: m.name, amount: 0, count: 0, trend: new Map() };
    entry.amount += m.spent;
    entry.count += m.count;
    entry.trend.set(m.bucket, (entry.trend.get(m.bucket) ?? 0) + m.spent);
    byMerchant.set(m.key, entry);
  }
  const topMerchants = [...byMerchant.values()]
    .filter((m) => m.amount > 0)
    .sort((a, b) => b.amount - a.amount || a.name.localeCompare(b.name))
    .slice(0, TOP_MERCHANTS)
    .map((m) => ({
      name: m.name,
      amount: m.amount,
      transactionCount: m.count,
      trend: slots.map((slot) => m.trend.get(slot.start) ?? 0),
    }));

  const incomeSources = [...now]
    .filter(([category, c]) => isIncomeCategory(category) && c.income > 0)
    .sort(([a, x], [b, y]) => y.income - x.income || a - b)
    .map(([category, c]) => figure(category, c.income, 'income'));

  const total = categories.reduce((n, c) => n + c.amount, 0);
  const label = comparison && comparisonLabel(comparison.compare);
  const spendingOnly = (list: Totals[]) =>
    list.map((r) => ({ category: r.category, income: 0, expenses: r.isTransfer ? 0 : r.expenses }));
  return {
    ...range,
    interval,
    comparison: comparison && { ...comparison.range, label: label ?? '' },
    total,
    previousTotal: before ? [...before.values()].reduce((n, c) => n + c.spent, 0) : null,
    buckets,
    categories,
    merchants: topMerchants,
    incomeSources,
    changes: comparison
      ? changeSentences(spendingOnly(rows), spendingOnly(comparison.rows), `the ${label}`)
      : [],
  };
}
