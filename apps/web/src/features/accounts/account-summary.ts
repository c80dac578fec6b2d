import { ACCOUNT_GROUPS, type Account, type Connection } from '@tally/shared';

type Balance = Pick<Account, 'type' | 'currentBalance'>;

export type AccountTotals = {
  /** Money held: depository (0) and investment (3) current balances. */
  totalBalance: number;
  /** Credit used: credit (2) current balances as absolute values. */
  creditBalance: number;
};

/** Adds whole cents so a long list of dollar amounts does not drift (0.1 + 0.2). */
const sumDollars = (values: number[]) =>
  values.reduce((cents, dollars) => cents + Math.round(dollars * 100), 0) / 100;

/** SPEC §9: balance counts depository and investment accounts; credit counts credit cards as absolute values. */
export function accountTotals(accounts: readonly Balance[]): AccountTotals {
  return {
    totalBalance: sumDollars(
      accounts.filter((a) => a.type === 0 || a.type === 3).map((a) => a.currentBalance),
    ),
    creditBalance: sumDollars(accounts.filter((a) => a.type === 2).map((a) => Math.abs(a.currentBalance))),
  };
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
    ...accountTotals(accounts),
  };
}

const TYPE_ORDER = new Map<number, number>(ACCOUNT_GROUPS.map((g, index) => [g.type, index]));
const typeRank = (type: number) => TYPE_ORDER.get(type) ?? ACCOUNT_GROUPS.length;

/** SPEC §9: depository, investment, credit, loan (anything unknown last), then by name. */
export function sortAccounts<T extends Pick<Account, 'type' | 'name'>>(accounts: readonly T[]): T[] {
  return [...accounts].sort(
    (a, b) =>
      typeRank(a.type) - typeRank(b.type) ||
      a.name.localeCompare(b.name, 'en-US', { sensitivity: 'base', numeric: true }),
  );
}

export type AccountGroup<T> = { type: number; label: string; accounts: T[] };

/** Accounts under the spec's group headings, in ACCOUNT_GROUPS order; empty groups are left out. */
export function groupAccounts<T extends Pick<Account, 'type' | 'name'>>(
  accounts: readonly T[],
): AccountGroup<T>[] {
  const sorted = sortAccounts(accounts);
  const groups: AccountGroup<T>[] = ACCOUNT_GROUPS.map((g) => ({
    type: g.type,
    label: g.label,
    accounts: sorted.filter((a) => a.type === g.type),
  }));
  // A type the spec does not name still shows, rather than silently vanishing from the card.
  const other = sorted.filter((a) => !TYPE_ORDER.has(a.type));
  if (other.length > 0) groups.push({ type: -1, label: 'Other Accounts', accounts: other });
  return groups.filter((g) => g.accounts.length > 0);
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
