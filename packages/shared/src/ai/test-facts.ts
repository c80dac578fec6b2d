import type {
  BudgetFacts,
  GoalFacts,
  InsightFacts,
  SpendingBucket,
  SubscriptionFacts,
} from './insight-facts';

/**
 * Facts for the insight rules' tests: a Thursday late in November 2026 with the usual windows (the 30
 * days to today, the 90 before them) and history going back well before both; nothing else unless a test
 * adds it.
 */
export const TODAY = '2026-11-26';

export function facts(over: Partial<InsightFacts> = {}): InsightFacts {
  return {
    today: TODAY,
    recentStart: '2026-10-28',
    baselineStart: '2026-07-30',
    baselineEnd: '2026-10-27',
    historyStart: '2025-06-01',
    categories: [],
    merchants: [],
    budget: null,
    goals: [],
    leftover: null,
    cashBalance: 0,
    monthEnd: '2026-11-30',
    expectedIncome: [],
    upcomingCharges: [],
    averageDailySpending: 0,
    subscriptions: [],
    ...over,
  };
}

/** A category's spending: recent and baseline totals with their transaction counts. */
export function category(
  code: number,
  label: string,
  [recent, recentCount]: readonly [number, number],
  [baselineTotal, baselineCount]: readonly [number, number],
): SpendingBucket {
  return {
    key: String(code),
    label,
    category: code,
    merchant: null,
    recent,
    recentCount,
    baselineTotal,
    baselineCount,
  };
}

/** A merchant's spending, optionally within one category. */
export function merchant(
  name: string,
  [recent, recentCount]: readonly [number, number],
  [baselineTotal, baselineCount]: readonly [number, number],
  code: number | null = null,
): SpendingBucket {
  return {
    key: name,
    label: name,
    category: code,
    merchant: name,
    recent,
    recentCount,
    baselineTotal,
    baselineCount,
  };
}

/** November's monthly budget, `daysElapsed` days in (26 = today). */
export function budget(categories: BudgetFacts['categories'], daysElapsed = 26): BudgetFacts {
  return {
    id: 'b1',
    name: 'Monthly',
    startDate: '2026-11-01',
    endDate: '2026-11-30',
    daysElapsed,
    totalDays: 30,
    categories,
  };
}

export function budgetCategory(
  code: number,
  name: string,
  allocated: number,
  spent: number,
  transactionCount = 10,
  allowRollover = false,
): BudgetFacts['categories'][number] {
  return { category: code, name, allocated, spent, transactionCount, allowRollover };
}

export function goal(over: Partial<GoalFacts> = {}): GoalFacts {
  return {
    id: 'g1',
    name: 'Vacation',
    targetAmount: 2000_00,
    currentAmount: 800_00,
    targetDate: '2027-03-06',
    startDate: '2026-08-18',
    allocationPercentage: 30,
    isActive: true,
    isCompleted: false,
    dailyRequired: 12_00,
    status: 'behind',
    ...over,
  };
}

export function subscription(over: Partial<SubscriptionFacts> = {}): SubscriptionFacts {
  return {
    id: 's1',
    name: 'Netflix',
    amount: 17_99,
    monthlyAmount: 17_99,
    status: 0,
    nextDueDate: '2026-12-03',
    lastChargeDate: '2026-11-03',
    priceChange: null,
    missedDueDate: null,
    ...over,
  };
}
