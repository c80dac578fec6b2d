import { type AccountTotals, accountTotals, type Connection, dollarsToCents } from '@tally/shared';

type Balance = Pick<Connection['accounts'][number], 'type' | 'currentBalance'>;

/** The API sends balances in dollars; the totals are added up in cents. */
export function totalsInCents(accounts: readonly Balance[]): AccountTotals {
  return accountTotals(
    accounts.map((a) => ({ type: a.type, currentBalance: dollarsToCents(a.currentBalance) })),
  );
}

export type PageSummary = AccountTotals & {
  totalConnections: number;
  activeConnections: number;
  totalAccounts: number;
};

/**
 * The summary cards. A disconnected bank stays listed (and counted as a connection) so it can be
 * reconnected, but its deactivated accounts no longer add to the account count or the money totals.
 */
export function pageSummary(connections: readonly Connection[]): PageSummary {
  const active = connections.filter((c) => c.isActive);
  const accounts = active.flatMap((c) => c.accounts.filter((a) => a.isActive));
  return {
    totalConnections: connections.length,
    activeConnections: active.length,
    totalAccounts: accounts.length,
    ...totalsInCents(accounts),
  };
}

const SUBTYPE_LABELS: Record<string, string> = {
  cd: 'CD',
  ira: 'IRA',
  '401k': '401(k)',
  '403b': '403(b)',
  hsa: 'HSA',
  creditcard: 'Credit Card',
  'credit card': 'Credit Card',
  moneymarket: 'Money Market',
  'money market': 'Money Market',
  cashmanagement: 'Cash Management',
  'cash management': 'Cash Management',
  paypal: 'PayPal',
  student: 'Student Loan',
  mortgage: 'Mortgage',
  auto: 'Auto Loan',
};

/** Plaid's subtype words as people write them: 'creditcard' → 'Credit Card', '401k' → '401(k)'. */
export function subtypeLabel(subtype: string | null): string | null {
  if (!subtype) return null;
  const known = SUBTYPE_LABELS[subtype.toLowerCase()];
  if (known) return known;
  return subtype
    .split(/[\s_-]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** 30 s → 'every 30 seconds', 60 s → 'every minute', 5 min → 'every 5 minutes'. */
export function describeRefreshRate(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `every ${seconds} seconds`;
  const minutes = Math.round(seconds / 60);
  return minutes === 1 ? 'every minute' : `every ${minutes} minutes`;
}
