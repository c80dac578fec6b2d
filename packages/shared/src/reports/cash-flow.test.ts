import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATEGORY } from '../transactions/categories';
import { type BucketTotals, cashFlowReportOf } from './cash-flow';
import { changeSentences, sentenceMoney } from './change';

const row = (
  bucket: string,
  category: number,
  income: number,
  expenses: number,
  extra: Partial<BucketTotals> = {},
) => ({
  bucket,
  category,
  isTransfer: false,
  count: 1,
  income,
  expenses,
  ...extra,
});

describe('cashFlowReportOf', () => {
  const range = { startDate: '2026-09-01', endDate: '2026-11-28' };

  it('gives every month, an empty one as zeros, with totals, averages and the savings rate', () => {
    const report = cashFlowReportOf({
      range,
      interval: 'month',
      rows: [
        row('2026-09-01', CATEGORY.Salary, 400_000, 0),
        row('2026-09-01', CATEGORY.Groceries, 0, 100_000, { count: 3 }),
        row('2026-11-01', CATEGORY.Groceries, 2_000, 50_000, { count: 2 }),
        // A transfer counts as a transaction, never as income or spending.
        row('2026-11-01', CATEGORY.Uncategorized, 90_000, 90_000, { isTransfer: true, count: 2 }),
      ],
      comparison: null,
    });
    expect(report.buckets.map((b) => [b.start, b.income, b.expenses, b.net, b.transactionCount])).toEqual([
      ['2026-09-01', 400_000, 100_000, 300_000, 4],
      ['2026-10-01', 0, 0, 0, 0],
      ['2026-11-01', 2_000, 50_000, -48_000, 4],
    ]);
    expect(report.buckets[0]?.savingsRate).toBe(0.75);
    expect(report.buckets[1]?.savingsRate).toBeNull();
    expect(report.totals).toEqual({
      income: 402_000,
      expenses: 150_000,
      net: 252_000,
      savingsRate: 0.6269,
      transactionCount: 8,
    });
    expect(report.averages).toEqual({ income: 134_000, expenses: 50_000, net: 84_000 });
    expect(report.comparison).toBeNull();
    expect(report.previous).toBeNull();
    expect(report.changes).toEqual([]);
  });

  it('compares with the previous period and says why it changed', () => {
    const report = cashFlowReportOf({
      range,
      interval: 'month',
      rows: [
        row('2026-09-01', CATEGORY.DiningOut, 0, 60_000),
        row('2026-10-01', CATEGORY.Travel, 0, 40_000),
        row('2026-10-01', CATEGORY.Groceries, 0, 30_000),
      ],
      comparison: {
        range: { startDate: '2026-06-01', endDate: '2026-08-28' },
        compare: 'previous',
        rows: [
          { category: CATEGORY.DiningOut, isTransfer: false, count: 1, income: 0, expenses: 34_000 },
          { category: CATEGORY.Groceries, isTransfer: false, count: 1, income: 0, expenses: 40_000 },
        ],
      },
    });
    expect(report.comparison).toEqual({
      startDate: '2026-06-01',
      endDate: '2026-08-28',
      label: 'previous period',
    });
    expect(report.previous?.expenses).toBe(74_000);
    expect(report.changes).toEqual([
      'Spending rose $560 (76%) against the previous period: Travel +$400, Dining Out +$260.',
    ]);
  });

  it('adds up: the buckets sum to the totals, for any rows', () => {
    const rows = fc.array(
      fc.record({
        bucket: fc.constantFrom('2026-09-01', '2026-10-01', '2026-11-01'),
        category: fc.constantFrom(CATEGORY.Groceries, CATEGORY.Salary, CATEGORY.Uncategorized),
        isTransfer: fc.boolean(),
        count: fc.integer({ min: 0, max: 50 }),
        income: fc.integer({ min: 0, max: 10_000_000 }),
        expenses: fc.integer({ min: 0, max: 10_000_000 }),
      }),
    );
    fc.assert(
      fc.property(rows, (rs) => {
        const report = cashFlowReportOf({ range, interval: 'month', rows: rs, comparison: null });
        const sum = (pick: (b: (typeof report.buckets)[number]) => number) =>
          report.buckets.reduce((n, b) => n + pick(b), 0);
        return (
          sum((b) => b.income) === report.totals.income &&
          sum((b) => b.expenses) === report.totals.expenses &&
          sum((b) => b.net) === report.totals.net &&
          sum((b) => b.transactionCount) === report.totals.transactionCount
        );
      }),
    );
  });
});

describe('changeSentences', () => {
  const f = (category: number, income: number, expenses: number) => ({ category, income, expenses });
  const against = 'the same period last year';

  it('names the categories that moved most in the same direction', () => {
    expect(
      changeSentences(
        [f(CATEGORY.Groceries, 0, 50_000), f(CATEGORY.DiningOut, 0, 10_000), f(CATEGORY.Salary, 500_000, 0)],
        [f(CATEGORY.Groceries, 0, 40_000), f(CATEGORY.DiningOut, 0, 45_000), f(CATEGORY.Salary, 500_000, 0)],
        against,
      ),
    ).toEqual([
      'Spending fell $250 (29%) against the same period last year: Dining Out −$350.',
      'Income was the same as in the same period last year ($5,000).',
    ]);
  });

  it('says so when the comparison had none, and nothing when both had none', () => {
    expect(changeSentences([f(CATEGORY.Groceries, 0, 950)], [], against)).toEqual([
      'Spending was $9.50, against none in the same period last year.',
    ]);
    expect(changeSentences([], [], against)).toEqual([]);
  });

  it('says dollars whole from $10 up and to the cent below', () => {
    expect(sentenceMoney(41_249)).toBe('$412');
    expect(sentenceMoney(-999)).toBe('$9.99');
    expect(sentenceMoney(1_000)).toBe('$10');
  });
});
