import { accountTotals, type Cents, percentChange, type TransactionSummary } from '@tally/shared';

type Balances = readonly { type: number; currentBalance: Cents }[];

/** A figure and its change against the period before, in percent (null: not shown, the previous was 0). */
export type Stat = { cents: Cents; change: number | null };

export type FlowStats = { income: Stat; expenses: Stat; savings: Stat };

/**
 * The balance now, and its change against the balance 30 days ago, worked back from what came in and
 * went out since (the period's net): no history of balances is kept. With no period's figures there is
 * no change to show.
 */
export function balanceStat(accounts: Balances, current: TransactionSummary | undefined): Stat {
  const { totalBalance } = accountTotals(accounts);
  if (!current) return { cents: totalBalance, change: null };
  const before = totalBalance - current.netAmount;
  return { cents: totalBalance, change: percentChange(totalBalance, before) };
}

/**
 * Monthly income, expenses and savings (income − expenses) of the last 30 days, each against the 30 days
 * before (SPEC §7). Without the previous period's figures the changes are left out, not guessed.
 */
export function flowStats(current: TransactionSummary, previous: TransactionSummary | undefined): FlowStats {
  const figures = (s: TransactionSummary) => ({
    income: s.totalIncome,
    expenses: s.totalExpenses,
    savings: s.totalIncome - s.totalExpenses,
  });
  const now = figures(current);
  const before = previous ? figures(previous) : null;
  const stat = (key: keyof typeof now): Stat => ({
    cents: now[key],
    change: before ? percentChange(now[key], before[key]) : null,
  });
  return { income: stat('income'), expenses: stat('expenses'), savings: stat('savings') };
}

/** How a change reads: its direction in words for screen readers, and whether it is good news. */
export function describeChange(
  change: number,
  { moreIsGood }: { moreIsGood: boolean },
): { text: string; label: string; tone: 'good' | 'bad' | 'neutral' } {
  const size = `${Math.abs(change).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
  if (change === 0) return { text: '0%', label: 'No change', tone: 'neutral' };
  const up = change > 0;
  return {
    text: `${up ? '+' : '−'}${size}`,
    label: `${up ? 'Up' : 'Down'} ${size}`,
    tone: up === moreIsGood ? 'good' : 'bad',
  };
}
