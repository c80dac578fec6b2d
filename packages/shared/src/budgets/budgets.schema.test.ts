import { describe, expect, it } from 'vitest';
import { BUDGETABLE_CATEGORIES, budgetBody } from './budgets.schema';

const valid = {
  name: 'March',
  period: 2,
  totalIncome: 4000,
  categories: [
    { category: 20, allocatedAmount: 600, allowRollover: true },
    { category: 21, allocatedAmount: 250.5 },
  ],
};

const messages = (body: unknown) => budgetBody.safeParse(body).error?.issues.map((i) => i.message) ?? [];

describe('budget create and edit body (SPEC §5)', () => {
  it('accepts a budget and fills in the defaults', () => {
    const parsed = budgetBody.parse(valid);
    expect(parsed.autoReset).toBe(true);
    expect(parsed.categories[1]).toEqual({
      category: 21,
      allocatedAmount: 250.5,
      allowRollover: false,
      countUp: false,
    });
  });

  it.each([
    ['a blank name', { ...valid, name: '   ' }, 'Budget name is required'],
    ['no name', { ...valid, name: undefined }, 'Budget name is required'],
    ['no income', { ...valid, totalIncome: 0 }, 'Total income must be greater than 0'],
    ['a negative income', { ...valid, totalIncome: -5 }, 'Total income cannot be negative'],
    ['no categories', { ...valid, categories: [] }, 'Please select at least one budget category'],
    [
      'only empty allocations',
      { ...valid, categories: [{ category: 20, allocatedAmount: 0 }] },
      'Please select at least one budget category',
    ],
    [
      'allocations over income',
      { ...valid, totalIncome: 800 },
      'Total allocated amount cannot exceed total income',
    ],
    [
      'three decimals',
      { ...valid, categories: [{ category: 20, allocatedAmount: 10.005 }] },
      'Allocated amount can have at most 2 decimals',
    ],
    [
      'a category that is not budgetable',
      { ...valid, categories: [{ category: 1, allocatedAmount: 10 }] },
      'Unknown budget category',
    ],
    [
      'a category twice',
      {
        ...valid,
        categories: [
          { category: 20, allocatedAmount: 10 },
          { category: 20, allocatedAmount: 20 },
        ],
      },
      'Each category can be budgeted once',
    ],
    ['an unknown period', { ...valid, period: 7 }, 'Choose a budget period'],
  ])('refuses %s', (_case, body, message) => {
    expect(messages(body)).toContain(message);
  });

  it('sums in cents: allocations that add up to the income exactly are allowed', () => {
    const body = {
      ...valid,
      totalIncome: 0.3,
      categories: [
        { category: 20, allocatedAmount: 0.1 },
        { category: 21, allocatedAmount: 0.2 },
      ],
    };
    // 0.1 + 0.2 is 0.30000000000000004 in floating point.
    expect(messages(body)).toEqual([]);
  });

  it('offers the fifteen categories of the create form', () => {
    expect(BUDGETABLE_CATEGORIES).toHaveLength(15);
    expect(new Set(BUDGETABLE_CATEGORIES).size).toBe(15);
  });
});
