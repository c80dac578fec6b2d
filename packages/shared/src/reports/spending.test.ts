import { describe, expect, it } from 'vitest';
import { CATEGORY } from '../transactions/categories';
import { spendingReportOf, TOP_MERCHANTS } from './spending';

const range = { startDate: '2026-10-01', endDate: '2026-11-20' };
const row = (bucket: string, category: number, income: number, expenses: number, isTransfer = false) => ({
  bucket,
  category,
  isTransfer,
  count: 1,
  income,
  expenses,
});

describe('spendingReportOf', () => {
  it('orders each month by the period’s largest categories and leaves transfers and income out', () => {
    const report = spendingReportOf({
      range,
      interval: 'month',
      rows: [
        row('2026-10-01', CATEGORY.Groceries, 0, 10_000),
        row('2026-10-01', CATEGORY.Rent, 0, 150_000),
        row('2026-11-01', CATEGORY.Groceries, 1_000, 12_000),
        row('2026-11-01', CATEGORY.Uncategorized, 0, 50_000, true),
        row('2026-11-01', CATEGORY.Salary, 400_000, 0),
      ],
      merchants: [],
      comparison: null,
    });
    expect(report.categories.map((c) => [c.category, c.amount, c.previous, c.transactionCount])).toEqual([
      [CATEGORY.Rent, 150_000, null, 1],
      [CATEGORY.Groceries, 22_000, null, 2],
    ]);
    expect(report.buckets.map((b) => [b.total, b.categories.map((c) => c.category)])).toEqual([
      [160_000, [CATEGORY.Rent, CATEGORY.Groceries]],
      [12_000, [CATEGORY.Groceries]],
    ]);
    expect(report.total).toBe(172_000);
    expect(report.incomeSources.map((c) => [c.category, c.amount])).toEqual([[CATEGORY.Salary, 400_000]]);
    expect(report.changes).toEqual([]);
  });

  it('keeps the ten merchants spent at most, each with every month of the period', () => {
    const merchants = Array.from({ length: 12 }, (_, i) => ({
      key: `m${i}`,
      name: `Merchant ${i}`,
      bucket: i % 2 ? '2026-10-01' : '2026-11-01',
      count: 2,
      spent: (i + 1) * 1_000,
    }));
    const report = spendingReportOf({ range, interval: 'month', rows: [], merchants, comparison: null });
    expect(report.merchants).toHaveLength(TOP_MERCHANTS);
    expect(report.merchants[0]).toEqual({
      name: 'Merchant 11',
      amount: 12_000,
      transactionCount: 2,
      trend: [12_000, 0],
    });
    expect(report.merchants.at(-1)?.name).toBe('Merchant 2');
  });

  it('says why spending changed, and only spending', () => {
    const report = spendingReportOf({
      range,
      interval: 'month',
      rows: [
        row('2026-10-01', CATEGORY.DiningOut, 0, 30_000),
        row('2026-10-01', CATEGORY.Salary, 500_000, 0),
      ],
      merchants: [],
      comparison: {
        range: { startDate: '2026-08-01', endDate: '2026-09-20' },
        compare: 'previous',
        rows: [{ category: CATEGORY.DiningOut, isTransfer: false, count: 3, income: 0, expenses: 20_000 }],
      },
    });
    expect(report.previousTotal).toBe(20_000);
    expect(report.categories[0]?.previous).toBe(20_000);
    expect(report.incomeSources[0]?.previous).toBe(0);
    expect(report.changes).toEqual([
      'Spending rose $100 (50%) against the previous period: Dining Out +$100.',
    ]);
  });
});
