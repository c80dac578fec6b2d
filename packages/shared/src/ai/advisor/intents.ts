/**
 * What a question to the advisor asks, once understood: the built-in interpreter turns a sentence into one
 * of these, and the server answers it from the same queries the screens use. Days are YYYY-MM-DD in the
 * person's time zone; amounts are integer cents.
 */

import type { CategoryCode } from '../../transactions/categories';

/** A span of days, both ends included, with how the question named it ("last month", "since March 3"). */
export type DayRange = { startDate: string; endDate: string; label: string };

export type Intent =
  /** "How much did I spend on groceries last month?", "What did I spend at Starbucks this year?" */
  | { kind: 'spending'; range: DayRange; category: CategoryCode | null; merchant: string | null }
  /** "Where does my money go?", "What were my top categories in October?" (top N, by category or merchant) */
  | { kind: 'top_spending'; range: DayRange; by: 'category' | 'merchant'; limit: number }
  /** "How much did I earn last month?", "What was my income this year?" */
  | { kind: 'income'; range: DayRange }
  /** "Did I save money last month?", "What's my net this month?" (income less spending) */
  | { kind: 'net'; range: DayRange }
  /** "How much is left in my dining budget?", "How am I doing on my budget?" (null: the whole budget) */
  | { kind: 'budget_left'; category: CategoryCode | null }
  /** "How much do I pay for subscriptions?", "What are my subscriptions?" */
  | { kind: 'subscriptions_total' }
  /** "What bills are due this week?", "Which subscriptions renew before the 30th?" */
  | { kind: 'subscriptions_upcoming'; range: DayRange }
  /** "How is my emergency fund going?", "How close am I to my goals?" (null: every goal) */
  | { kind: 'goal_progress'; goal: string | null }
  /** "What's my balance?", "How much cash do I have?" */
  | { kind: 'balance' }
  /** "Can I afford a $1,200 laptop by December 15?", "Can I spend $300 this weekend?" */
  | { kind: 'afford'; amount: number; byDate: string | null; what: string | null }
  /** Anything else: the advisor says plainly it cannot answer, and what it can. */
  | { kind: 'unknown'; reason: 'out_of_scope' | 'unclear' };

export type IntentKind = Intent['kind'];
