import type {
  AdvisorAction,
  AdvisorAnswer,
  Budget,
  InsightFigure,
  SavingsGoal,
  Subscription,
} from '@tally/shared';

// Answers as the API sends them (amounts in dollars): the client reads them through their schemas.

export const BUDGET_ID = '0b7a4c2e-1d3f-4a5b-8c6d-000000000001';
export const DINING_ID = '0b7a4c2e-1d3f-4a5b-8c6d-000000000021';
export const NETFLIX_ID = '5d1c7f10-2a3b-4c5d-8e9f-000000000001';
export const GOAL_ID = '3c9e1a70-5b2d-4f8e-9a61-000000000001';

/** What was spent on Dining Out in October: 12 transactions. */
export const aDiningFigure = (over: Partial<InsightFigure> = {}): InsightFigure => ({
  label: 'Spent on Dining Out',
  amount: 412.5,
  source: {
    description: 'Transactions on Dining Out, last month (Oct 1 – Oct 31, 2026)',
    startDate: '2026-10-01',
    endDate: '2026-10-31',
    category: 21,
    merchant: null,
    transactionCount: 12,
  },
  ...over,
});

export const anAnswer = (over: Partial<AdvisorAnswer> = {}): AdvisorAnswer => ({
  response: 'You spent $412.50 on Dining Out last month (Oct 1 – Oct 31, 2026), across 12 transactions.',
  figures: [aDiningFigure()],
  actions: [],
  choices: [],
  intent: 'spending',
  answeredBy: 'built-in',
  ...over,
});

export const aRaise = (): Extract<AdvisorAction, { kind: 'raise_budget_category' }> => ({
  kind: 'raise_budget_category',
  label: 'Raise Dining Out to $35.00',
  budgetId: BUDGET_ID,
  categoryId: DINING_ID,
  category: 21,
  allocatedAmount: 35,
});

export const aGoalProposal = (): Extract<AdvisorAction, { kind: 'create_goal' }> => ({
  kind: 'create_goal',
  label: 'Save for a laptop',
  name: 'A laptop',
  targetAmount: 1200,
  targetDate: '2026-12-15',
});

export const aPause = (): Extract<AdvisorAction, { kind: 'pause_subscription' }> => ({
  kind: 'pause_subscription',
  label: 'Pause Netflix',
  subscriptionId: NETFLIX_ID,
  name: 'Netflix',
});

/** The active budget as PUT /budget/{id}/category/{categoryId} answers it, Dining Out raised to $35. */
export const aBudget = (): Budget => ({
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
    {
      id: DINING_ID,
      category: 21,
      categoryName: 'Dining Out',
      allocatedAmount: 35,
      spentAmount: 35,
      remainingAmount: 0,
      percentageUsed: 100,
      allowRollover: false,
      rolledOverAmount: 0,
      countUpEnabled: false,
      customDailyAllowance: null,
    },
  ],
});

export const aGoal = (): SavingsGoal => ({
  id: GOAL_ID,
  name: 'A laptop',
  description: null,
  targetAmount: 1200,
  currentAmount: 0,
  allocationPercentage: 10,
  targetDate: '2026-12-15',
  daysRemaining: 33,
  dailyRequiredSavings: 36.37,
  monthlyContribution: 1200,
  progressPercentage: 0,
  progressStatus: 'on_track',
  iconName: 'target',
  colorTheme: 'blue',
  isActive: true,
  isCompleted: false,
  completedDate: null,
  startDate: '2026-11-12',
  currentPeriodShare: 0,
  createdAt: '2026-11-12T12:00:00.000Z',
});

/** Netflix as GET /subscriptions/{id} answers it: detected, with a description and a price rise. */
export const aSubscription = (over: Partial<Subscription> = {}): Subscription => ({
  id: NETFLIX_ID,
  name: 'Netflix',
  amount: 17.99,
  frequency: 2,
  status: 0,
  category: 1,
  description: 'Standard plan',
  nextDueDate: '2026-11-20',
  isDetected: true,
  autoRenew: true,
  monthlyAmount: 17.99,
  merchantName: 'Netflix',
  lastChargeDate: '2026-10-20',
  priceChange: { previousAmount: 15.49, date: '2026-10-20' },
  missedDueDate: null,
  createdAt: '2026-10-01T12:00:00.000Z',
  ...over,
});
