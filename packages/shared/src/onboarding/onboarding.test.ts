import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUDGETABLE_CATEGORIES } from '../budgets/budgets.schema';
import { CATEGORY } from '../transactions/categories';
import { proposeBudget } from './onboarding';

const months = ['2026-08', '2026-09', '2026-10'];

describe('proposeBudget', () => {
  it("averages each budgetable category's monthly spending over the months, rounded up to $10", () => {
    const proposal = proposeBudget(
      months,
      [
        { month: '2026-08', category: CATEGORY.Groceries, cents: 30_000 },
        { month: '2026-09', category: CATEGORY.Groceries, cents: 30_300 },
        // A month with none still counts: $90 over three months is $30 a month.
        { month: '2026-10', category: CATEGORY.DiningOut, cents: 9_000 },
        // Outside the window, or not a budget category: left out.
        { month: '2026-11', category: CATEGORY.Groceries, cents: 99_900 },
        { month: '2026-09', category: CATEGORY.Salary, cents: 5_000 },
      ],
      [
        { month: '2026-08', cents: 300_000 },
        { month: '2026-09', cents: 300_000 },
        { month: '2026-10', cents: 310_000 },
      ],
    );
    expect(proposal).toEqual({
      months,
      totalIncome: 303_000,
      categories: [
        { category: CATEGORY.Groceries, allocatedAmount: 21_000, averageSpent: 20_100 },
        { category: CATEGORY.DiningOut, allocatedAmount: 3_000, averageSpent: 3_000 },
      ],
    });
  });

  it('proposes nothing from no history', () => {
    expect(proposeBudget([], [], [])).toEqual({ months: [], totalIncome: 0, categories: [] });
  });

  it('always allocates at least the average, within $10, in whole dollars of ten', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            month: fc.constantFrom(...months),
            category: fc.constantFrom(...BUDGETABLE_CATEGORIES),
            cents: fc.integer({ min: 0, max: 10_000_000 }),
          }),
        ),
        (spent) => {
          for (const c of proposeBudget(months, spent, []).categories) {
            expect(c.allocatedAmount % 1_000).toBe(0);
            expect(c.allocatedAmount).toBeGreaterThanOrEqual(c.averageSpent);
            expect(c.allocatedAmount - c.averageSpent).toBeLessThan(1_000);
          }
        },
      ),
    );
  });
});
