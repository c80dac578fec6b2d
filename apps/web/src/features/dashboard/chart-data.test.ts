import { monthlyCashFlow, spendingByCategory } from '@tally/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cashFlowBars,
  cashFlowSummary,
  hasCashFlow,
  NAMED_SLICES,
  OTHER_COLOR,
  spendingSlices,
  spendingSummary,
} from './chart-data';

/** A row as the API sends it (dollars), read as the client reads it (cents). */
const spend = (category: number, categoryName: string, amount: number) =>
  spendingByCategory.element.parse({ category, categoryName, amount });

describe('spendingSlices', () => {
  it('nothing spent, no slices', () => {
    expect(spendingSlices([])).toEqual([]);
    expect(spendingSlices([spend(20, 'Groceries', 0)])).toEqual([]);
  });

  it('the largest first, each with its share and its own colour', () => {
    const slices = spendingSlices([spend(21, 'Dining Out', 100), spend(20, 'Groceries', 300)]);
    expect(slices.map((s) => [s.name, s.cents, s.share])).toEqual([
      ['Groceries', 30000, 75],
      ['Dining Out', 10000, 25],
    ]);
    expect(slices[0]!.color).not.toBe(slices[1]!.color);
  });

  it('puts everything past the six largest together as Other', () => {
    const rows = Array.from({ length: 9 }, (_, i) => spend(20 + i, `Category ${i + 1}`, 900 - i * 100));
    const slices = spendingSlices(rows);
    expect(slices).toHaveLength(NAMED_SLICES + 1);
    expect(slices.at(-1)).toMatchObject({
      key: 'other',
      name: 'Other',
      cents: 30000 + 20000 + 10000,
      color: OTHER_COLOR,
    });
  });

  it('names a seventh category rather than calling it Other alone', () => {
    const rows = Array.from({ length: 7 }, (_, i) => spend(20 + i, `Category ${i + 1}`, 70 - i));
    expect(spendingSlices(rows).map((s) => s.name)).not.toContain('Other');
  });

  it('slices always add up to the whole, in cents', () => {
    const amount = fc.integer({ min: 1, max: 10_000_000 }).map((c) => c / 100);
    fc.assert(
      fc.property(fc.array(amount, { maxLength: 20 }), (amounts) => {
        const slices = spendingSlices(amounts.map((a, i) => spend(20 + i, `C${i}`, a)));
        const total = amounts.reduce((n, a) => n + Math.round(a * 100), 0);
        expect(slices.reduce((n, s) => n + s.cents, 0)).toBe(total);
        expect(slices.length).toBeLessThanOrEqual(NAMED_SLICES + 1);
        const shares = slices.reduce((n, s) => n + s.share, 0);
        if (slices.length > 0) expect(Math.abs(shares - 100)).toBeLessThanOrEqual(0.05 * slices.length);
      }),
    );
  });

  it('says the same in words', () => {
    const slices = spendingSlices([spend(20, 'Groceries', 300), spend(21, 'Dining Out', 100)]);
    expect(spendingSummary(slices)).toBe(
      'Spending by category in the last 30 days, $400.00 in all: Groceries $300.00 (75%), Dining Out $100.00 (25%).',
    );
  });
});

describe('cash flow', () => {
  const months = monthlyCashFlow.parse([
    { month: '2025-12-01', income: 0, expenses: 0, net: 0 },
    { month: '2026-01-01', income: 5200.5, expenses: 3100.25, net: 2100.25 },
  ]);

  it('labels each month by its short name, across a year', () => {
    expect(cashFlowBars(months)).toEqual([
      { month: '2025-12-01', label: 'Dec', income: 0, expenses: 0 },
      { month: '2026-01-01', label: 'Jan', income: 520_050, expenses: 310_025 },
    ]);
  });

  it('has something to draw only when a month has money in or out', () => {
    expect(hasCashFlow(months)).toBe(true);
    expect(hasCashFlow([months[0]!])).toBe(false);
    expect(hasCashFlow([])).toBe(false);
  });

  it('says each month in words', () => {
    expect(cashFlowSummary(months)).toBe(
      'Income and expenses by month. December 2025: income $0.00, expenses $0.00; January 2026: income $5,200.50, expenses $3,100.25.',
    );
  });
});
