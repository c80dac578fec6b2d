import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATEGORY } from '../transactions/categories';
import { FLOW_CATEGORIES, FLOW_SOURCES, moneyFlowReportOf } from './flow';

const range = { startDate: '2026-06-01', endDate: '2026-11-30' };
const row = (category: number, income: number, expenses: number, count = 1, isTransfer = false) => ({
  category,
  isTransfer,
  count,
  income,
  expenses,
});

/** Money into and out of every node, from the links. */
function balance(report: ReturnType<typeof moneyFlowReportOf>) {
  const into = report.nodes.map(() => 0);
  const out = report.nodes.map(() => 0);
  for (const link of report.links) {
    out[link.source] = (out[link.source] ?? 0) + link.amount;
    into[link.target] = (into[link.target] ?? 0) + link.amount;
  }
  return { into, out };
}

describe('moneyFlowReportOf', () => {
  it('sends income into the whole, and the whole into spending categories and what was saved', () => {
    const report = moneyFlowReportOf({
      range,
      rows: [
        row(CATEGORY.Salary, 500_000, 0, 6),
        row(CATEGORY.Bonus, 50_000, 0),
        row(CATEGORY.Rent, 0, 200_000, 6),
        row(CATEGORY.Groceries, 3_000, 80_000, 20),
        // A transfer is a transaction, never income or spending.
        row(CATEGORY.Uncategorized, 90_000, 90_000, 2, true),
      ],
      comparison: null,
    });
    expect(report.nodes.map((n) => [n.name, n.kind, n.amount, n.category, n.transactionCount])).toEqual([
      ['Salary', 'income', 500_000, CATEGORY.Salary, 6],
      ['Bonus', 'income', 50_000, CATEGORY.Bonus, 1],
      ['Groceries refunds', 'income', 3_000, CATEGORY.Groceries, 20],
      ['Income', 'total', 553_000, null, null],
      ['Rent/Mortgage', 'spending', 200_000, CATEGORY.Rent, 6],
      ['Groceries', 'spending', 80_000, CATEGORY.Groceries, 20],
      ['Saved', 'saved', 273_000, null, null],
    ]);
    expect(report.links).toEqual([
      { source: 0, target: 3, amount: 500_000 },
      { source: 1, target: 3, amount: 50_000 },
      { source: 2, target: 3, amount: 3_000 },
      { source: 3, target: 4, amount: 200_000 },
      { source: 3, target: 5, amount: 80_000 },
      { source: 3, target: 6, amount: 273_000 },
    ]);
    expect(report.totals).toMatchObject({ income: 553_000, expenses: 280_000, transactionCount: 35 });
    expect(report.changes).toEqual([]);
  });

  it('shows what came from savings when spending outran income', () => {
    const report = moneyFlowReportOf({
      range,
      rows: [row(CATEGORY.Salary, 100_000, 0), row(CATEGORY.Travel, 0, 250_000, 3)],
      comparison: null,
    });
    expect(report.nodes.map((n) => [n.name, n.amount])).toEqual([
      ['Salary', 100_000],
      ['From savings', 150_000],
      ['Money spent', 250_000],
      ['Travel', 250_000],
    ]);
    expect(report.nodes.some((n) => n.kind === 'saved')).toBe(false);
  });

  it('has nothing to draw for a period without income or spending', () => {
    const report = moneyFlowReportOf({
      range,
      rows: [row(CATEGORY.Uncategorized, 5_000, 5_000, 2, true)],
      comparison: null,
    });
    expect(report.nodes).toEqual([]);
    expect(report.links).toEqual([]);
    expect(report.totals.transactionCount).toBe(2);
  });

  it('keeps the largest categories apart and the rest together, counted', () => {
    const spending = Array.from({ length: 14 }, (_, i) => row(10 + i, 0, (i + 1) * 1_000, 2));
    const income = [1, 2, 3, 4]
      .map((c) => row(c, 0, 0))
      .concat(Array.from({ length: 9 }, (_, i) => row(i < 4 ? i + 1 : 20 + i, (i + 1) * 10_000, 0)));
    const report = moneyFlowReportOf({ range, rows: [...spending, ...income], comparison: null });
    const spent = report.nodes.filter((n) => n.kind === 'spending');
    const sources = report.nodes.filter((n) => n.kind === 'income');
    expect(spent).toHaveLength(FLOW_CATEGORIES);
    expect(sources).toHaveLength(FLOW_SOURCES);
    expect(spent.at(-1)).toMatchObject({ name: 'Other spending', category: null });
    expect(sources.at(-1)).toMatchObject({ name: 'Other income', category: null });
    // The five smallest of fourteen: $1k…$5k, two transactions each.
    expect(spent.at(-1)).toMatchObject({ amount: 15_000, transactionCount: 10 });
  });

  it('says why spending and income changed against the comparison', () => {
    const report = moneyFlowReportOf({
      range,
      rows: [row(CATEGORY.Salary, 500_000, 0), row(CATEGORY.DiningOut, 0, 60_000)],
      comparison: {
        range: { startDate: '2025-12-01', endDate: '2026-05-31' },
        compare: 'previous',
        rows: [row(CATEGORY.Salary, 500_000, 0), row(CATEGORY.DiningOut, 0, 40_000)],
      },
    });
    expect(report.changes[0]).toBe('Spending rose $200 (50%) against the previous period: Dining Out +$200.');
    expect(report.previous).toMatchObject({ income: 500_000, expenses: 40_000 });
    expect(report.comparison).toMatchObject({ startDate: '2025-12-01', label: 'previous period' });
  });

  it('keeps money in equal to money out at every node, and the whole equal to income and spending', () => {
    const rows = fc.array(
      fc.record({
        category: fc.constantFrom(...Object.values(CATEGORY)),
        isTransfer: fc.boolean(),
        count: fc.integer({ min: 1, max: 50 }),
        income: fc.integer({ min: 0, max: 1_000_000 }),
        expenses: fc.integer({ min: 0, max: 1_000_000 }),
      }),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(rows, (rs) => {
        const report = moneyFlowReportOf({ range, rows: rs, comparison: null });
        const { into, out } = balance(report);
        const whole = report.nodes.findIndex((n) => n.kind === 'total');
        if (whole === -1) return report.totals.income === 0 && report.totals.expenses === 0;
        const sum = (kind: string) =>
          report.nodes.filter((n) => n.kind === kind).reduce((n, node) => n + node.amount, 0);
        return (
          report.links.every((l) => l.amount > 0) &&
          report.nodes.every((node, i) =>
            node.kind === 'total'
              ? into[i] === node.amount && out[i] === node.amount
              : node.kind === 'income' || node.kind === 'shortfall'
                ? out[i] === node.amount && into[i] === 0
                : into[i] === node.amount && out[i] === 0,
          ) &&
          sum('income') === report.totals.income &&
          sum('spending') === report.totals.expenses &&
          sum('saved') - sum('shortfall') === report.totals.net
        );
      }),
    );
  });
});
