import type {
  contribution,
  goalProgressView,
  insight,
  leftoverPeriod,
  SavingsAchievement,
  savingsGoal,
  savingsOverview,
} from '@tally/shared';
import type { z } from 'zod';

/*
 * Savings as the API sends them: amounts in dollars. Hand them to fakeApi as they are; a test that gives
 * one straight to a component or a function reads it through its schema first
 * (`savingsGoal.parse(aGoal())`), as the client does, so it holds cents.
 */
type Contribution = z.input<typeof contribution>;
type GoalProgressView = z.input<typeof goalProgressView>;
type Insight = z.input<typeof insight>;
type LeftoverPeriod = z.input<typeof leftoverPeriod>;
type SavingsGoal = z.input<typeof savingsGoal>;
type SavingsOverview = z.input<typeof savingsOverview>;

export const EMERGENCY_ID = '3c9e1a70-5b2d-4f8e-9a61-000000000001';
export const TRIP_ID = '3c9e1a70-5b2d-4f8e-9a61-000000000002';
export const LAPTOP_ID = '3c9e1a70-5b2d-4f8e-9a61-000000000003';
export const CAR_ID = '3c9e1a70-5b2d-4f8e-9a61-000000000004';
export const BUDGET_ID = '0b7a4c2e-1d3f-4a5b-8c6d-000000000001';
export const PERIOD_ID = '0b7a4c2e-1d3f-4a5b-8c6d-000000000101';

/** An emergency fund: $1,250 of $5,000, 20% of each leftover, due Jun 30 2027, on track. */
export const aGoal = (over: Partial<SavingsGoal> = {}): SavingsGoal => ({
  id: EMERGENCY_ID,
  name: 'Emergency fund',
  description: 'Three months of rent',
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

/** A trip without a deadline, a laptop already bought (complete) and a car fund behind its pace. */
export const threeGoals = (): SavingsGoal[] => [
  aGoal(),
  aGoal({
    id: TRIP_ID,
    name: 'Lisbon trip',
    description: null,
    targetAmount: 2400,
    currentAmount: 300,
    allocationPercentage: 15,
    targetDate: null,
    daysRemaining: null,
    dailyRequiredSavings: null,
    monthlyContribution: null,
    progressPercentage: 12.5,
    progressStatus: 'active',
    iconName: 'map-pin',
    colorTheme: 'teal',
    currentPeriodShare: 27.3,
  }),
  aGoal({
    id: LAPTOP_ID,
    name: 'New laptop',
    description: null,
    targetAmount: 1500,
    currentAmount: 1500,
    allocationPercentage: 25,
    targetDate: '2026-12-01',
    daysRemaining: 19,
    dailyRequiredSavings: 0,
    monthlyContribution: 750,
    progressPercentage: 100,
    progressStatus: 'completed',
    iconName: 'star',
    colorTheme: 'purple',
    isCompleted: true,
    completedDate: '2026-11-02',
    currentPeriodShare: 0,
  }),
  aGoal({
    id: CAR_ID,
    name: 'Car repairs',
    description: null,
    targetAmount: 3000,
    currentAmount: 200,
    allocationPercentage: 30,
    targetDate: '2027-02-01',
    daysRemaining: 81,
    dailyRequiredSavings: 34.57,
    monthlyContribution: 1000,
    progressPercentage: 6.7,
    progressStatus: 'behind',
    iconName: 'truck',
    colorTheme: 'orange',
    currentPeriodShare: 54.6,
  }),
];

export const aPeriod = (over: Partial<LeftoverPeriod> = {}): LeftoverPeriod => ({
  budgetId: BUDGET_ID,
  budgetName: 'November plan',
  periodId: PERIOD_ID,
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  daysElapsed: 12,
  totalDays: 30,
  leftoverSoFar: 182,
  leftoverIfNoMoreSpending: 610,
  ...over,
});

/** Four goals; $182 left over so far this period, 65% of it allocated. */
export const anOverview = (over: Partial<SavingsOverview> = {}): SavingsOverview => ({
  goals: threeGoals(),
  totalSaved: 3250,
  totalAllocatedPerPeriod: 118.3,
  totalAllocationPercentage: 65,
  activeGoalsCount: 3,
  completedGoalsCount: 1,
  currentPeriodLeftover: 182,
  unallocatedAmount: 63.7,
  monthlyGrowth: 420,
  period: aPeriod(),
  ...over,
});

export const emptyOverview = (): SavingsOverview =>
  anOverview({
    goals: [],
    totalSaved: 0,
    totalAllocatedPerPeriod: 0,
    totalAllocationPercentage: 0,
    activeGoalsCount: 0,
    completedGoalsCount: 0,
    unallocatedAmount: 182,
    monthlyGrowth: 0,
  });

export const aContribution = (over: Partial<Contribution> = {}): Contribution => ({
  id: '9d8c7b6a-5f4e-4d3c-8b2a-000000000001',
  amount: 36.4,
  source: 'period',
  date: '2026-11-01',
  periodStartDate: '2026-10-01',
  periodEndDate: '2026-10-31',
  note: null,
  ...over,
});

export const aProgressView = (over: Partial<GoalProgressView> = {}): GoalProgressView => ({
  goal: aGoal(),
  contributions: [
    aContribution({
      id: '9d8c7b6a-5f4e-4d3c-8b2a-000000000003',
      amount: 250,
      source: 'manual',
      date: '2026-11-05',
      periodStartDate: null,
      periodEndDate: null,
      note: 'Birthday money',
    }),
    aContribution(),
    aContribution({
      id: '9d8c7b6a-5f4e-4d3c-8b2a-000000000002',
      amount: 963.6,
      source: 'manual',
      date: '2026-09-01',
      periodStartDate: null,
      periodEndDate: null,
      note: null,
    }),
  ],
  history: [
    { date: '2026-09-01', total: 963.6 },
    { date: '2026-11-01', total: 1000 },
    { date: '2026-11-05', total: 1250 },
  ],
  ...over,
});

export const anAchievement = (over: Partial<SavingsAchievement> = {}): SavingsAchievement => ({
  id: '1e2d3c4b-5a69-4788-9a0b-000000000001',
  kind: 'first_goal',
  title: 'First Goal',
  description: 'Set your first savings goal',
  icon: 'flag',
  goalId: null,
  goalName: null,
  earnedDate: '2026-09-01',
  ...over,
});

/**
 * An AI insight for the Savings screen: a goal behind its pace (a copy of the AI feature's own: a feature's
 * tests use no other feature's files).
 */
export const aSavingsInsight = (over: Partial<Insight> = {}): Insight => ({
  id: '5e1d2c3b-4a59-4f68-9d7e-000000000004',
  type: 'savings',
  priority: 'medium',
  title: 'Emergency fund is behind',
  message: 'Emergency fund has $1,250.00 saved; an even pace would have $1,600.00 by now.',
  confidence: 0.75,
  actionSuggestion: 'Set a weekly limit for Dining Out, or cook at home twice more a week.',
  generatedAt: '2026-11-26T09:00:00.000Z',
  context: 'savings',
  figures: [],
  ...over,
});
