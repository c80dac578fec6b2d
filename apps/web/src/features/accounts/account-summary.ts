import { type AccountTotals, accountTotals, type Connection, isManualConnection } from '@tally/shared';

export type PageSummary = AccountTotals & {
  /** Linked banks; the group of manual accounts is not a connection to a bank. */
  totalConnections: number;
  activeConnections: number;
  /** Every active account, linked or kept by hand. */
  totalAccounts: number;
  /** Of those, the ones kept by hand. */
  manualAccounts: number;
};

/**
 * The summary cards. A disconnected bank stays listed (and counted as a connection) so it can be
 * reconnected, but its deactivated accounts no longer add to the account count or the money totals.
 * Manual accounts count toward the accounts and money as the server reports their balances.
 */
export function pageSummary(connections: readonly Connection[]): PageSummary {
  const banks = connections.filter((c) => !isManualConnection(c));
  const active = connections.filter((c) => c.isActive);
  const accounts = active.flatMap((c) => c.accounts.filter((a) => a.isActive));
  return {
    totalConnections: banks.length,
    activeConnections: banks.filter((c) => c.isActive).length,
    totalAccounts: accounts.length,
    manualAccounts: accounts.filter((a) => a.isManual).length,
    ...accountTotals(accounts),
  };
}

/** Kept here too for the screen's own modules; the labels live with the shared account pieces. */
export { subtypeLabel } from './account-labels';

/** 30 s → 'every 30 seconds', 60 s → 'every minute', 5 min → 'every 5 minutes'. */
export function describeRefreshRate(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `every ${seconds} seconds`;
  const minutes = Math.round(seconds / 60);
  return minutes === 1 ? 'every minute' : `every ${minutes} minutes`;
}
