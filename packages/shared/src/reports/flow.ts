import type { Cents } from '../money';
import { categoryName, isIncomeCategory } from '../transactions/categories';
import type { PeriodRange } from '../transactions/dashboard-periods';
import { type BucketTotals, cashFlowTotals, totalsPerCategory } from './cash-flow';
import { changeSentences } from './change';
import { comparisonLabel, type ReportComparison } from './periods';
import type { FlowNode, MoneyFlowReport } from './reports.schema';

type Totals = Omit<BucketTotals, 'bucket'>;

/** Income sources drawn apart; more go together as "Other income". */
export const FLOW_SOURCES = 6;
/** Spending categories drawn apart; more go together as "Other spending". */
export const FLOW_CATEGORIES = 10;

/** The largest `limit` amounts apart, largest first, and the rest as one node when there is more than one. */
function largest(
  amounts: Array<{ category: number; amount: Cents }>,
  limit: number,
  kind: 'income' | 'spending',
  counts: Map<number, number>,
): FlowNode[] {
  const sorted = amounts
    .filter((a) => a.amount > 0)
    .sort((a, b) => b.amount - a.amount || a.category - b.category);
  const apart = sorted.length > limit ? sorted.slice(0, limit - 1) : sorted;
  const rest = sorted.slice(apart.length);
  const nodes: FlowNode[] = apart.map((a) => ({
    // Money into a spending category is a refund: named so, apart from the spending beside it.
    name:
      kind === 'income' && !isIncomeCategory(a.category)
        ? `${categoryName(a.category)} refunds`
        : categoryName(a.category),
    kind,
    amount: a.amount,
    category: a.category,
    transactionCount: counts.get(a.category) ?? 0,
  }));
  if (rest.length > 0)
    nodes.push({
      name: kind === 'income' ? 'Other income' : 'Other spending',
      kind,
      amount: rest.reduce((n, a) => n + a.amount, 0),
      category: null,
      transactionCount: rest.reduce((n, a) => n + (counts.get(a.category) ?? 0), 0),
    });
  return nodes;
}

/**
 * The money flow of a period from its totals per category: every income source into the whole, and the whole
 * into each spending category and into savings; when spending outran income, what came from savings flows
 * into the whole beside income. Money in equals money out at every node, to the cent. Money into a spending
 * category (a refund) is a source of its own, as the cash flow counts it as income.
 */
export function moneyFlowReportOf({
  range,
  rows,
  comparison,
}: {
  range: PeriodRange;
  rows: Totals[];
  comparison: { range: PeriodRange; compare: ReportComparison; rows: Totals[] } | null;
}): MoneyFlowReport {
  const totals = cashFlowTotals(rows);
  const perCategory = totalsPerCategory(rows);
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(row.category, (counts.get(row.category) ?? 0) + row.count);

  const sources = largest(
    perCategory.map((c) => ({ category: c.category, amount: c.income })),
    FLOW_SOURCES,
    'income',
    counts,
  );
  const spending = largest(
    perCategory.map((c) => ({ category: c.category, amount: c.expenses })),
    FLOW_CATEGORIES,
    'spending',
    counts,
  );
  const shortfall = Math.max(totals.expenses - totals.income, 0);
  const saved = Math.max(totals.income - totals.expenses, 0);
  const nodes: FlowNode[] = [...sources];
  if (shortfall > 0)
    nodes.push({
      name: 'From savings',
      kind: 'shortfall',
      amount: shortfall,
      category: null,
      transactionCount: null,
    });
  const whole = nodes.length;
  const links: MoneyFlowReport['links'] = nodes.map((node, source) => ({
    source,
    target: whole,
    amount: node.amount,
  }));
  if (whole > 0) {
    nodes.push({
      // When spending outran income, the whole is what was spent.
      name: shortfall > 0 ? 'Money spent' : 'Income',
      kind: 'total',
      amount: totals.income + shortfall,
      category: null,
      transactionCount: null,
    });
    for (const node of [
      ...spending,
      ...(saved > 0
        ? [{ name: 'Saved', kind: 'saved' as const, amount: saved, category: null, transactionCount: null }]
        : []),
    ]) {
      links.push({ source: whole, target: nodes.length, amount: node.amount });
      nodes.push(node);
    }
  }

  const label = comparison && comparisonLabel(comparison.compare);
  return {
    ...range,
    comparison: comparison && { ...comparison.range, label: label ?? '' },
    totals,
    previous: comparison && cashFlowTotals(comparison.rows),
    nodes,
    links,
    changes: comparison
      ? changeSentences(perCategory, totalsPerCategory(comparison.rows), `the ${label}`)
      : [],
  };
}
