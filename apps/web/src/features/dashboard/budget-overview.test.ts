import { type BudgetCategory, spendingByCategory } from '@tally/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimatedCategories, overviewBarColor, topCategories } from './budget-overview';

describe('overviewBarColor', () => {
  it.each([
    { percent: 0, color: 'brand' },
    { percent: 60, color: 'brand' },
    { percent: 60.01, color: 'orange' },
    { percent: 80, color: 'orange' },
    { percent: 80.5, color: 'red' },
    { percent: 140, color: 'red' },
  ])('is $color at $percent%', ({ percent, color }) => expect(overviewBarColor(percent)).toBe(color));

  it.each([{ percent: 0 }, { percent: 60.01 }, { percent: 83.33 }, { percent: 140 }])(
    'an estimate is the neutral dimmed grey at $percent%, never a budget colour',
    ({ percent }) => expect(overviewBarColor(percent, true)).toBe('dimmed'),
  );
});

/** Amounts in cents, as the client holds them. */
const aCategory = (id: string, spentAmount: number): BudgetCategory => ({
  id,
  category: 20,
  categoryName: id,
  allocatedAmount: 10_000,
  spentAmount,
  remainingAmount: 10_000 - spentAmount,
  percentageUsed: spentAmount,
  allowRollover: false,
  rolledOverAmount: 0,
  countUpEnabled: false,
  customDailyAllowance: null,
});

describe('topCategories', () => {
  it('keeps the four with the most spent, most first', () => {
    const list = [
      aCategory('a', 500),
      aCategory('b', 5_000),
      aCategory('c', 0),
      aCategory('d', 2_000),
      aCategory('e', 7_000),
    ];
    expect(topCategories(list).map((c) => c.id)).toEqual(['e', 'b', 'd', 'a']);
  });
});

describe('estimatedCategories (no budget: spent × 1.2)', () => {
  /** A row as the API sends it (dollars), read as the client reads it (cents). */
  const spend = (category: number, categoryName: string, amount: number) =>
    spendingByCategory.element.parse({ category, categoryName, amount });

  it('the four largest, allocated at spent × 1.2 to the cent', () => {
    const rows = estimatedCategories([
      spend(20, 'Groceries', 412.35),
      spend(21, 'Dining Out', 99.99),
      spend(22, 'Transportation', 120),
      spend(23, 'Shopping', 0.01),
      spend(24, 'Entertainment', 45),
    ]);
    expect(rows.map((r) => [r.categoryName, r.spentAmount, r.allocatedAmount])).toEqual([
      ['Groceries', 41_235, 49_482],
      ['Transportation', 12_000, 14_400],
      ['Dining Out', 9_999, 11_999],
      ['Entertainment', 4_500, 5_400],
    ]);
  });

  it('nothing spent, nothing to show', () => {
    expect(estimatedCategories([])).toEqual([]);
    expect(estimatedCategories([spend(20, 'Groceries', 0)])).toEqual([]);
  });

  it('from a dollar up, every estimate sits at about 83% used (red above 80% by SPEC §9), so it is drawn neutral', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 100_000_000 }), (cents) => {
        const [row] = estimatedCategories([spend(20, 'Groceries', cents / 100)]);
        expect(row!.percentageUsed).toBeGreaterThan(80);
        expect(row!.percentageUsed).toBeLessThan(84);
        expect(Number.isInteger(row!.allocatedAmount)).toBe(true);
        expect(row!.allocatedAmount).toBeGreaterThanOrEqual(row!.spentAmount);
        expect(overviewBarColor(row!.percentageUsed)).toBe('red');
        expect(overviewBarColor(row!.percentageUsed, true)).toBe('dimmed');
      }),
    );
  });
});
