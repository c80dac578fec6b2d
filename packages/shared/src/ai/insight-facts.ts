import type { Cents } from '../money';
import type { GoalStatus } from '../savings/progress';
import type { FigureSource, InsightContext, InsightPriority, InsightType } from './ai.schema';

/**
 * What the insight rules read: a snapshot of one person's numbers, gathered by the server from the same
 * queries the screens use. Money is integer cents, spending positive (money out less refunds); days are
 * YYYY-MM-DD in the person's time zone.
 */

/** Spending of one category or merchant: the last 30 days against the 90 days before them. */
export type SpendingBucket = {
  /** The category code as text, or the merchant name. */
  key: string;
  /** As a person reads it: 'Dining Out', 'Starbucks'. */
  label: string;
  category: number | null;
  merchant: string | null;
  /** Spent in the recent window (recentStart..today). */
  recent: Cents;
  recentCount: number;
  /** Spent in the 90-day baseline window (baselineStart..baselineEnd), in total. */
  baselineTotal: Cents;
  baselineCount: number;
};

export type BudgetFacts = {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  /** Days begun, today included, and days in the period. */
  daysElapsed: number;
  totalDays: number;
  categories: {
    category: number;
    name: string;
    allocated: Cents;
    spent: Cents;
    transactionCount: number;
    allowRollover: boolean;
  }[];
};

export type GoalFacts = {
  id: string;
  name: string;
  targetAmount: Cents;
  currentAmount: Cents;
  targetDate: string | null;
  startDate: string;
  allocationPercentage: number;
  isActive: boolean;
  isCompleted: boolean;
  /** Cents a day still needed to make the date; null without one. */
  dailyRequired: Cents | null;
  status: GoalStatus;
};

export type SubscriptionFacts = {
  id: string;
  name: string;
  /** One charge. */
  amount: Cents;
  monthlyAmount: Cents;
  /** Active 0, Paused 1, Cancelled 2, Expired 3. */
  status: number;
  nextDueDate: string;
  lastChargeDate: string | null;
  /** The price before the latest change and the day it changed. */
  priceChange: { previousAmount: Cents; date: string } | null;
  /** A due date whose charge has not posted 5 days on. */
  missedDueDate: string | null;
};

export type InsightFacts = {
  today: string;
  /** The recent window: the 30 days to today (today included). */
  recentStart: string;
  /** The baseline window: the 90 days before the recent one. */
  baselineStart: string;
  baselineEnd: string;
  /** How long the person's history goes back (their first transaction), or null with none. */
  historyStart: string | null;
  categories: SpendingBucket[];
  merchants: SpendingBucket[];
  /** The active budget's current period, or null. */
  budget: BudgetFacts | null;
  goals: GoalFacts[];
  /** The current period's leftover (see savings/allocation.ts), or null without a budget. */
  leftover: {
    soFar: Cents;
    ifNoMoreSpending: Cents;
    /** The active goals' percentages together. */
    allocatedPercent: number;
    periodEnd: string;
  } | null;
  /** Cash in depository accounts now. */
  cashBalance: Cents;
  /** The last day of the current calendar month. */
  monthEnd: string;
  /** Income expected by month end (tomorrow..monthEnd), from the pay the person received regularly. */
  expectedIncome: { label: string; amount: Cents; date: string }[];
  /** Tracked subscriptions' charges due tomorrow..monthEnd. */
  upcomingCharges: { subscriptionId: string; name: string; amount: Cents; date: string }[];
  /** Spending per day over the recent window, subscriptions and transfers left out. */
  averageDailySpending: Cents;
  subscriptions: SubscriptionFacts[];
};

/** A figure as a rule states it, in cents; the API turns it into dollars. */
export type DraftFigure = { label: string; amount: Cents; source: FigureSource };

/**
 * An insight as a rule makes it. key names what it is about and when (for example
 * 'budget-pace:5:2026-11-01'), so the same finding regenerated keeps its id and a dismissal holds.
 */
export type InsightDraft = {
  key: string;
  type: InsightType;
  priority: InsightPriority;
  /** The screen it belongs to; every insight also shows on the dashboard. */
  context: InsightContext;
  title: string;
  message: string;
  confidence: number;
  actionSuggestion: string | null;
  figures: DraftFigure[];
};
