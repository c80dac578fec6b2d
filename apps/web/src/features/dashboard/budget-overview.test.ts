import type { BudgetCategory } from '@tally/shared';
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
});

const aCategory = (id: string, spentAmount: number): BudgetCategory => ({
  id,
  category: 20,
  categoryName: id,
  allocatedAmount: 100,
  spentAmount,
  remainingAmount: 100 - spentAmount,
  percentageUsed: spentAmount,
  allowRollover: false,
  rolledOverAmount: 0,
  countUpEnabled: false,
  customDailyAllowance: null,
});

describe('topCategories', () => {
  it('keeps the four with the most spent, most first', () => {
    const list = [
      aCategory('a', 5),
      aCategory('b', 50),
      aCategory('c', 0),
      aCategory('d', 20),
      aCategory('e', 70),
    ];
    expect(topCategories(list).map((c) => c.id)).toEqual(['e', 'b', 'd', 'a']);
  });
});

describe('estimatedCategories (no budget: spent × 1.2)', () => {
  const spend = (category: number, categoryName: string, amount: number) => ({
    category,
    categoryName,
    amount,
  });

  it('the four largest, allocated at spent × 1.2 to the cent', () => {
    const rows = estimatedCategories([
      spend(20, 'Groceries', 412.35),
      spend(21, 'Dining Out', 99.99),
      spend(22, 'Transportation', 120),
      spend(23, 'Shopping', 0.01),
      spend(24, 'Entertainment', 45),
    ]);
    expect(rows.map((r) => [r.categoryName, r.spentAmount, r.allocatedAmount])).toEqual([
      ['Groceries', 412.35, 494.82],
      ['Transportation', 120, 144],
      ['Dining Out', 99.99, 119.99],
      ['Entertainment', 45, 54],
    ]);
  });

  it('nothing spent, nothing to show', () => {
    expect(estimatedCategories([])).toEqual([]);
    expect(estimatedCategories([spend(20, 'Groceries', 0)])).toEqual([]);
  });

  it('from a dollar up, every estimate sits at about 83% used, so it reads red above 80% as SPEC §9 colours it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 100_000_000 }), (cents) => {
        const [row] = estimatedCategories([spend(20, 'Groceries', cents / 100)]);
        expect(row!.percentageUsed).toBeGreaterThan(80);
        expect(row!.percentageUsed).toBeLessThan(84);
        expect(Number.isInteger(Math.round(row!.allocatedAmount * 100))).toBe(true);
        expect(row!.allocatedAmount).toBeGreaterThanOrEqual(row!.spentAmount);
      }),
    );
  });
});
