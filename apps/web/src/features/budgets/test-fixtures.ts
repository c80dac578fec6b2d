import type { budget, budgetCategory, budgetListItem, countUpResponse, countUpStatus } from '@tally/shared';
import type { z } from 'zod';

/*
 * Budgets as the API sends them: amounts in dollars. Hand them to fakeApi as they are; a test that gives
 * one straight to a component or a function reads it through its schema first (`budget.parse(aBudget())`),
 * as the client does, so it holds cents.
 */
type Budget = z.input<typeof budget>;
type BudgetCategory = z.input<typeof budgetCategory>;
type BudgetListItem = z.input<typeof budgetListItem>;
type CountUpResponse = z.input<typeof countUpResponse>;
type CountUpStatusResponse = z.input<typeof countUpStatus>;

export const BUDGET_ID = '0b7a4c2e-1d3f-4a5b-8c6d-000000000001';
export const GROCERIES_ID = '0b7a4c2e-1d3f-4a5b-8c6d-000000000020';
export const DINING_ID = '0b7a4c2e-1d3f-4a5b-8c6d-000000000021';
export const SHOPPING_ID = '0b7a4c2e-1d3f-4a5b-8c6d-000000000024';
export const PAST_ID = '0b7a4c2e-1d3f-4a5b-8c6d-000000000002';
export const PAST_GROCERIES_ID = '0b7a4c2e-1d3f-4a5b-8c6d-000000000030';
export const PAST_TRAVEL_ID = '0b7a4c2e-1d3f-4a5b-8c6d-000000000031';

export const aBudgetCategory = (over: Partial<BudgetCategory>): BudgetCategory => ({
  id: GROCERIES_ID,
  category: 20,
  categoryName: 'Groceries',
  allocatedAmount: 600,
  spentAmount: 240,
  remainingAmount: 360,
  percentageUsed: 40,
  allowRollover: false,
  rolledOverAmount: 0,
  countUpEnabled: true,
  customDailyAllowance: null,
  ...over,
});

/** November: $5,000 income, $1,100 allocated over three categories; day 12 of 30. */
export const aBudget = (over: Partial<Budget> = {}): Budget => ({
  id: BUDGET_ID,
  name: 'November plan',
  period: 2,
  autoReset: true,
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  totalIncome: 5000,
  isActive: true,
  today: '2026-11-12',
  categories: [
    aBudgetCategory({ allowRollover: true }),
    aBudgetCategory({
      id: DINING_ID,
      category: 21,
      categoryName: 'Dining Out',
      allocatedAmount: 300,
      spentAmount: 255,
      remainingAmount: 45,
      percentageUsed: 85,
      countUpEnabled: false,
    }),
    aBudgetCategory({
      id: SHOPPING_ID,
      category: 24,
      categoryName: 'Shopping',
      allocatedAmount: 200,
      spentAmount: 230.5,
      remainingAmount: -30.5,
      percentageUsed: 115.25,
      countUpEnabled: false,
    }),
  ],
  ...over,
});

/** October's budget, archived when November's replaced it: its last period, over, as the API shows it. */
export const aPastBudget = (over: Partial<Budget> = {}): Budget =>
  aBudget({
    id: PAST_ID,
    name: 'October plan',
    startDate: '2026-10-01',
    endDate: '2026-10-31',
    totalIncome: 4800,
    isActive: false,
    categories: [
      aBudgetCategory({
        id: PAST_GROCERIES_ID,
        allocatedAmount: 550,
        spentAmount: 512.4,
        remainingAmount: 37.6,
        percentageUsed: 93.16,
      }),
      aBudgetCategory({
        id: PAST_TRAVEL_ID,
        category: 26,
        categoryName: 'Travel',
        allocatedAmount: 400,
        spentAmount: 120,
        remainingAmount: 280,
        percentageUsed: 30,
        countUpEnabled: false,
      }),
    ],
    ...over,
  });

export const aListItem = (budget: Budget = aBudget()): BudgetListItem => ({
  id: budget.id,
  name: budget.name,
  period: budget.period,
  startDate: budget.startDate,
  endDate: budget.endDate,
  totalIncome: budget.totalIncome,
  isActive: budget.isActive,
});

/** The API's days: spending to date and earned to date, from each day's spending. */
const days = (spent: number[], perDay: number) => {
  let total = 0;
  return spent.map((s, i) => {
    total += s;
    return {
      date: `2026-11-${String(i + 1).padStart(2, '0')}`,
      spent: total,
      earned: Math.round(perDay * (i + 1) * 100) / 100,
    };
  });
};

export const aCountUpStatus = (over: Partial<CountUpStatusResponse>): CountUpStatusResponse => ({
  categoryId: GROCERIES_ID,
  category: 20,
  categoryName: 'Groceries',
  countUpEnabled: true,
  dailyAllowance: 20,
  earnedToDate: 240,
  allocatedAmount: 600,
  actualSpent: 180,
  rolledOverAmount: 25,
  availableBalance: 85,
  isOverEarned: false,
  daysElapsed: 12,
  totalDays: 30,
  consecutiveDaysUnderBudget: 8,
  zeroSpendingDays: 4,
  achievements: [
    {
      title: 'Spending Pause',
      description: '3 days without spending',
      icon: 'coffee-off',
      earnedDate: '2026-11-05',
    },
    {
      title: 'Week Warrior',
      description: '7 days in a row under budget',
      icon: 'trophy',
      earnedDate: '2026-11-09',
    },
    {
      title: 'Future Planner',
      description: 'More than a week of allowance saved up',
      icon: 'calendar-star',
      earnedDate: '2026-11-10',
    },
    {
      title: 'Budget Monk',
      description: '10 days without spending',
      icon: 'meditation',
      earnedDate: '2026-11-11',
    },
  ],
  days: days([0, 30, 0, 0, 45, 0, 25, 0, 0, 40, 0, 40], 20),
  ...over,
});

export const aCountUp = (over: Partial<CountUpResponse> = {}): CountUpResponse => ({
  budgetId: BUDGET_ID,
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  today: '2026-11-12',
  daysElapsed: 12,
  totalDays: 30,
  categories: [
    aCountUpStatus({}),
    aCountUpStatus({
      categoryId: DINING_ID,
      category: 21,
      categoryName: 'Dining Out',
      countUpEnabled: false,
      dailyAllowance: 10,
      earnedToDate: 120,
      allocatedAmount: 300,
      actualSpent: 255,
      rolledOverAmount: 0,
      availableBalance: -135,
      isOverEarned: true,
      achievements: [],
    }),
    aCountUpStatus({
      categoryId: SHOPPING_ID,
      category: 24,
      categoryName: 'Shopping',
      countUpEnabled: false,
      dailyAllowance: 6.67,
      earnedToDate: 80,
      allocatedAmount: 200,
      actualSpent: 230.5,
      rolledOverAmount: 0,
      availableBalance: -150.5,
      isOverEarned: true,
      achievements: [],
    }),
  ],
  ...over,
});
