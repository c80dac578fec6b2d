import type { savingsGoal, savingsOverview } from '@tally/shared';
import type { z } from 'zod';

/*
 * Savings as the API sends them: amounts in dollars. Hand them to fakeApi as they are; a test that gives
 * one straight to a component or a function reads it through its schema first, as the client does.
 */
type SavingsGoal = z.input<typeof savingsGoal>;
type SavingsOverview = z.input<typeof savingsOverview>;

const goalId = (n: number) => `3c9e1a70-5b2d-4f8e-9a61-${String(n).padStart(12, '0')}`;

/** An emergency fund: $1,250 of $5,000, 230 days left, on track; override what the test is about. */
export const aGoal = (over: Partial<SavingsGoal> = {}): SavingsGoal => ({
  id: goalId(1),
  name: 'Emergency fund',
  description: null,
  targetAmount: 5000,
  currentAmount: 1250,
  allocationPercentage: 20,
  targetDate: '2027-06-30',
  daysRemaining: 230,
  dailyRequiredSavings: 16.31,
  monthlyContribution: 625,
  progressPercentage: 25,
  progressStatus: 'on_track',
  iconName: 'home',
  colorTheme: 'blue',
  isActive: true,
  isCompleted: false,
  completedDate: null,
  startDate: '2026-09-01',
  currentPeriodShare: 36.4,
  createdAt: '2026-09-01T12:00:00.000Z',
  ...over,
});

/** `count` goals, numbered: 'Goal 1', 'Goal 2', … */
export const numberedGoals = (count: number): SavingsGoal[] =>
  Array.from({ length: count }, (_, i) => aGoal({ id: goalId(i + 1), name: `Goal ${i + 1}` }));

export const anOverview = (goals: SavingsGoal[], over: Partial<SavingsOverview> = {}): SavingsOverview => ({
  goals,
  totalSaved: goals.reduce((sum, g) => sum + g.currentAmount, 0),
  totalAllocatedPerPeriod: 36.4,
  totalAllocationPercentage: 20,
  activeGoalsCount: goals.filter((g) => g.isActive && !g.isCompleted).length,
  completedGoalsCount: goals.filter((g) => g.isCompleted).length,
  currentPeriodLeftover: 182,
  unallocatedAmount: 145.6,
  monthlyGrowth: 420,
  period: null,
  ...over,
});
