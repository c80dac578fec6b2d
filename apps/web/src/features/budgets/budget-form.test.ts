import { budget } from '@tally/shared';
import { describe, expect, it } from 'vitest';
import {
  allocationTotals,
  budgetForm,
  emptyBudgetForm,
  setAllocation,
  toBudgetBody,
  validateBudgetForm,
} from './budget-form';
import { aBudget } from './test-fixtures';

const withAmounts = (amounts: Record<number, number | ''>, patch = {}) => {
  const values = { ...emptyBudgetForm(), name: 'Home', totalIncome: 1000 as number | '', ...patch };
  values.categories = values.categories.map((row) =>
    row.category in amounts ? setAllocation(row, amounts[row.category] ?? '') : row,
  );
  return values;
};

describe('validateBudgetForm', () => {
  it.each([
    {
      case: 'an empty form',
      values: { ...emptyBudgetForm() },
      errors: {
        name: 'Budget name is required',
        totalIncome: 'Total income must be greater than 0',
        categories: 'Please select at least one budget category',
      },
    },
    {
      case: 'a blank name',
      values: withAmounts({ 20: 10 }, { name: '   ' }),
      errors: { name: 'Budget name is required' },
    },
    {
      case: 'allocations above the income',
      values: withAmounts({ 20: 600, 21: 400.01 }),
      errors: { categories: 'Total allocated amount cannot exceed total income' },
    },
    { case: 'allocations equal to the income', values: withAmounts({ 20: 600, 21: 400 }), errors: {} },
  ])('$case', ({ values, errors }) => expect(validateBudgetForm(values)).toEqual(errors));
});

describe('setAllocation', () => {
  it('clears rollover and count-up when the amount goes to 0 or empty', () => {
    const row = { category: 20 as const, allocatedAmount: 50, allowRollover: true, countUp: true };
    expect(setAllocation(row, 0)).toEqual({
      ...row,
      allocatedAmount: 0,
      allowRollover: false,
      countUp: false,
    });
    expect(setAllocation(row, '')).toEqual({
      ...row,
      allocatedAmount: '',
      allowRollover: false,
      countUp: false,
    });
    expect(setAllocation(row, 60)).toEqual({ ...row, allocatedAmount: 60 });
  });
});

describe('toBudgetBody', () => {
  it('sends only allocated categories, as numbers', () => {
    expect(toBudgetBody(withAmounts({ 20: 12.5, 29: '' }))).toEqual({
      name: 'Home',
      period: 2,
      autoReset: true,
      totalIncome: 1000,
      categories: [{ category: 20, allocatedAmount: 12.5, allowRollover: false, countUp: false }],
    });
  });
});

describe('budgetForm', () => {
  it('puts an existing budget on the fifteen rows, in dollars as the fields take them', () => {
    const values = budgetForm(budget.parse(aBudget()));
    expect(values.totalIncome).toBe(5000);
    expect(values.categories).toHaveLength(15);
    expect(values.categories[0]).toEqual({
      category: 20,
      allocatedAmount: 600,
      allowRollover: true,
      countUp: true,
    });
    expect(values.categories.find((r) => r.category === 26)).toEqual({
      category: 26,
      allocatedAmount: '',
      allowRollover: false,
      countUp: false,
    });
  });
});

describe('allocationTotals', () => {
  it('counts what is left to allocate in cents', () => {
    expect(allocationTotals(withAmounts({ 20: 0.1, 21: 0.2 }, { totalIncome: 0.3 }))).toEqual({
      income: 30,
      allocated: 30,
      remaining: 0,
      categories: 2,
    });
  });
});
