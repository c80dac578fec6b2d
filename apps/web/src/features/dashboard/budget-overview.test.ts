import type { BudgetCategory } from '@tally/shared';
import { describe, expect, it } from 'vitest';
import { overviewBarColor, topCategories } from './budget-overview';

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
