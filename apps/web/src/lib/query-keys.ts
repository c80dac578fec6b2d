import type { InsightContext } from '@tally/shared';

/**
 * Every query key of the web app, in one place, so a mutation invalidates by the very key a query reads by.
 * Keys nest: invalidating `transactions.all` refreshes the list, the totals and the dashboard's recent panel.
 */
const transactions = ['transactions'] as const;
const transactionLists = [...transactions, 'list'] as const;
const accounts = ['accounts'] as const;
const budgets = ['budgets'] as const;
const subscriptions = ['subscriptions'] as const;
const savings = ['savings'] as const;
const ai = ['ai'] as const;
const rules = ['rules'] as const;

export const queryKeys = {
  config: ['config'] as const,
  /** The bell's list (GET /notifications); a screen that writes a notification reads it again. */
  notifications: ['notifications'] as const,
  support: ['support'] as const,
  /** GET /tax?year=: one year's tax report. */
  tax: (year: number) => ['tax', year] as const,
  accounts: {
    all: accounts,
    /** The person's active accounts (GET /plaid/accounts), for pickers and filters. */
    list: [...accounts, 'list'] as const,
    connections: [...accounts, 'connections'] as const,
    institutions: [...accounts, 'institutions'] as const,
    historySyncProgress: (connectionId: string) =>
      [...accounts, 'history-sync-progress', connectionId] as const,
  },
  transactions: {
    all: transactions,
    lists: transactionLists,
    list: (query: string) => [...transactionLists, query] as const,
    summary: (query: string) => [...transactions, 'summary', query] as const,
  },
  budgets: {
    all: budgets,
    list: [...budgets, 'list'] as const,
    active: [...budgets, 'active'] as const,
    /** One budget by id (GET /budget/{id}): how a past budget is read. */
    detail: (budgetId: string) => [...budgets, 'detail', budgetId] as const,
    countUp: (budgetId: string) => [...budgets, 'count-up', budgetId] as const,
  },
  subscriptions: {
    all: subscriptions,
    list: [...subscriptions, 'list'] as const,
    summary: [...subscriptions, 'summary'] as const,
    /** The charges due in one calendar page's days (GET /subscriptions/calendar). */
    calendar: (startDate: string, endDate: string) =>
      [...subscriptions, 'calendar', startDate, endDate] as const,
    /** What Mark as Recurring prefills for one transaction. */
    prefill: (transactionId: string) => [...subscriptions, 'prefill', transactionId] as const,
  },
  savings: {
    all: savings,
    /** Goals, totals and the current period's leftover (GET /savings/overview). */
    overview: [...savings, 'overview'] as const,
    /** One goal with its ledger and balance history (GET /savings/goals/{id}/progress). */
    progress: (goalId: string) => [...savings, 'progress', goalId] as const,
    achievements: [...savings, 'achievements'] as const,
  },
  ai: {
    all: ai,
    /** One screen's insights panel (POST /ai/insights {context, maxInsights}): the dashboard's, the budget's… */
    insights: (context: InsightContext, maxInsights: number) =>
      [...ai, 'insights', context, maxInsights] as const,
    /** GET /ai/usage: under ai, so whatever refreshes insights (or asks a question) refreshes it. */
    usage: [...ai, 'usage'] as const,
  },
  /** GET /billing: the person's plan as it stands. */
  billing: ['billing'] as const,
  dashboard: {
    // Under the transactions prefix: anything that changes transactions refreshes this panel too.
    recentTransactions: (count: number) => [...transactions, 'recent', count] as const,
    /** GET /reports/spending-by-category for one day range. */
    spendingByCategory: (startDate: string, endDate: string) =>
      [...transactions, 'spending-by-category', startDate, endDate] as const,
    /** GET /reports/monthly-cash-flow: income and expenses for the last N months up to today. */
    monthlyCashFlow: (months: number, today: string) =>
      [...transactions, 'monthly-cash-flow', months, today] as const,
  },
  reports: {
    // Under the transactions prefix: anything that changes transactions refreshes the reports too.
    /** GET /reports/{cash-flow,spending,flow} with one query string. */
    report: (kind: string, query: string) => [...transactions, 'reports', kind, query] as const,
    /** GET /reports/saved: the person's saved custom reports. */
    saved: ['reports', 'saved'] as const,
  },
  rules: {
    all: rules,
    list: [...rules, 'list'] as const,
    /** GET /rules/{id}/preview: what applying one rule to past transactions would change. */
    preview: (ruleId: string) => [...rules, 'preview', ruleId] as const,
  },
  settings: {
    profile: ['settings', 'profile'] as const,
    notifications: ['settings', 'notification-settings'] as const,
    twoFactor: ['settings', 'two-factor'] as const,
    sessions: ['settings', 'sessions'] as const,
    passkeys: ['settings', 'passkeys'] as const,
    accessTokens: ['settings', 'access-tokens'] as const,
  },
};
