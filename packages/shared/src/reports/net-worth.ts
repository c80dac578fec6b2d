import { ACCOUNT_TYPE, type AccountTypeCode } from '../accounts/account-types';
import { addDays, daysBetween } from '../dates';
import type { Cents } from '../money';
import type { PeriodRange } from '../transactions/dashboard-periods';
import { sentenceMoney, signedSentenceMoney } from './change';
import { MAX_WEEKLY_REPORT_DAYS, rangeBuckets } from './periods';
import { NET_WORTH_KINDS, type NetWorthReport } from './reports.schema';

/** An account as its balance history is made from it. */
export type BalanceAccount = {
  id: string;
  name: string;
  type: AccountTypeCode;
  /**
   * Its balance now, as the bank shows it (what a card or loan owes is positive): the bank's at the last sync,
   * or a manual account's own (its opening balance and every transaction).
   */
  currentBalance: Cents;
  /** The balances the bank reported at its syncs, each the last of its day, oldest first. */
  reported: ReadonlyArray<{ day: string; balance: Cents }>;
};

/** One account's transactions of one day: how many, and the posted ones summed (cents, positive = money in). */
export type DayFlow = { accountId: string; day: string; net: Cents; count: number };

/** Cards and loans count what they owe: money in lowers their balance. */
export const owes = (type: AccountTypeCode) => type === ACCOUNT_TYPE.Credit || type === ACCOUNT_TYPE.Loan;

/** The first index whose value is above `day` (all of them at or below it come before). */
function after(days: ReadonlyArray<string>, day: string): number {
  let low = 0;
  let high = days.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((days[mid] as string) <= day) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * An account's balance at the end of each of `days` (any order), as the bank shows it. A day the bank
 * reported is what it reported; any other day runs back from the next reported one: that balance less the
 * money that came in since (plus what went out). A day after the last report, or any day of an account never
 * reported (a manual one), runs back the same way from the current balance, which follows every transaction.
 * `flows` are the account's, oldest first, and must hold every day after the earliest of `days`.
 */
export function balanceHistory(
  account: BalanceAccount,
  flows: ReadonlyArray<Pick<DayFlow, 'day' | 'net'>>,
  days: ReadonlyArray<string>,
): Cents[] {
  const sign = owes(account.type) ? -1 : 1;
  const flowDays = flows.map((f) => f.day);
  // upTo[i]: the money of the first i flows.
  const upTo = [0];
  for (const f of flows) upTo.push((upTo.at(-1) as number) + f.net);
  const through = (day: string) => upTo[after(flowDays, day)] as number;
  const total = upTo.at(-1) as number;
  const reportedDays = account.reported.map((r) => r.day);
  return days.map((day) => {
    const next = account.reported[after(reportedDays, addDays(day, -1))];
    // In holdings: money in raises what an account holds and lowers what it owes alike.
    const held = next
      ? sign * next.balance - (through(next.day) - through(day))
      : sign * account.currentBalance - (total - through(day));
    // + 0: a card owing nothing is 0, not -0.
    return sign * held + 0;
  });
}

const KIND_NAMES: Record<(typeof NET_WORTH_KINDS)[number], string> = {
  cash: 'Cash',
  investments: 'Investments',
  credit: 'Credit cards',
  loans: 'Loans',
};

const kindOf = (type: AccountTypeCode): (typeof NET_WORTH_KINDS)[number] =>
  type === ACCOUNT_TYPE.Credit
    ? 'credit'
    : type === ACCOUNT_TYPE.Loan
      ? 'loans'
      : type === ACCOUNT_TYPE.Investment
        ? 'investments'
        : 'cash';

/** The points of a period: every day up to two years, else every month's end (the last clipped to the period). */
export function netWorthPoints(range: PeriodRange): { step: 'day' | 'month'; points: PeriodRange[] } {
  if (daysBetween(range.startDate, range.endDate) + 1 <= MAX_WEEKLY_REPORT_DAYS) {
    const points: PeriodRange[] = [];
    for (let day = range.startDate; day <= range.endDate; day = addDays(day, 1))
      points.push({ startDate: day, endDate: day });
    return { step: 'day', points };
  }
  return {
    step: 'month',
    points: rangeBuckets(range, 'month').map(({ startDate, endDate }) => ({ startDate, endDate })),
  };
}

const figuresOf = (held: Cents[]) => {
  const assets = held.filter((h) => h > 0).reduce((n, h) => n + h, 0);
  const liabilities = -held.filter((h) => h < 0).reduce((n, h) => n + h, 0);
  return { assets, liabilities, netWorth: assets - liabilities };
};

/** What each account holds (owes, as negative) at the end of each day, by the accounts' places. */
function holdings(accounts: ReadonlyArray<BalanceAccount>, flows: ReadonlyArray<DayFlow>, days: string[]) {
  const byAccount = new Map<string, DayFlow[]>();
  for (const f of flows) {
    const own = byAccount.get(f.accountId);
    if (own) own.push(f);
    else byAccount.set(f.accountId, [f]);
  }
  return accounts.map((a) => {
    const own = (byAccount.get(a.id) ?? []).sort((x, y) => (x.day < y.day ? -1 : x.day > y.day ? 1 : 0));
    const sign = owes(a.type) ? -1 : 1;
    return balanceHistory(a, own, days).map((b) => sign * b + 0);
  });
}

/**
 * The net worth report of a period (up to today) from the accounts, their reported balances and their days'
 * transactions since the day before the earliest day asked for (the comparison's included): each point's
 * balances summed, each account's change, and why net worth moved, in words.
 */
export function netWorthReportOf({
  range,
  accounts,
  flows,
  comparison,
}: {
  range: PeriodRange;
  accounts: ReadonlyArray<BalanceAccount>;
  flows: ReadonlyArray<DayFlow>;
  comparison: { range: PeriodRange; label: string } | null;
}): NetWorthReport {
  const { step, points } = netWorthPoints(range);
  const before = addDays(range.startDate, -1);
  const days = [before, ...points.map((p) => p.endDate)];
  if (comparison) days.push(addDays(comparison.range.startDate, -1), comparison.range.endDate);
  const held = holdings(accounts, flows, days);
  const at = (i: number) => held.map((h) => h[i] as number);

  // Transactions per point and per account, from the days' counts.
  const pointCounts = points.map(() => 0);
  const accountCounts = new Map<string, number>();
  const ends = points.map((p) => p.endDate);
  // Every transaction of a day counts, as Transactions lists them (an account no longer shown included).
  for (const f of flows) {
    if (f.day < range.startDate || f.day > range.endDate) continue;
    const i = Math.min(after(ends, addDays(f.day, -1)), points.length - 1);
    pointCounts[i] = (pointCounts[i] ?? 0) + f.count;
    accountCounts.set(f.accountId, (accountCounts.get(f.accountId) ?? 0) + f.count);
  }

  const opening = figuresOf(at(0));
  const closing = figuresOf(at(points.length));
  const change = closing.netWorth - opening.netWorth;
  const rows = accounts.map((a, i) => {
    const first = held[i]?.[0] as number;
    const last = held[i]?.[points.length] as number;
    return {
      id: a.id,
      name: a.name,
      kind: kindOf(a.type),
      opening: first,
      closing: last,
      change: last - first,
      transactionCount: accountCounts.get(a.id) ?? 0,
    };
  });
  const previousChange = comparison
    ? figuresOf(at(points.length + 2)).netWorth - figuresOf(at(points.length + 1)).netWorth
    : null;

  const changes: string[] = [];
  if (accounts.length > 0) {
    if (change === 0)
      changes.push(`Net worth was the same at the end as at the start (${sentenceMoney(closing.netWorth)}).`);
    else {
      const movers = rows
        .filter((r) => Math.sign(r.change) === Math.sign(change))
        .sort((x, y) => Math.abs(y.change) - Math.abs(x.change) || x.name.localeCompare(y.name))
        .slice(0, 2)
        .map((r) => `${r.name} ${signedSentenceMoney(r.change)}`);
      const percent =
        opening.netWorth > 0 ? ` (${Math.round((Math.abs(change) / opening.netWorth) * 100)}%)` : '';
      changes.push(
        `Net worth ${change > 0 ? 'rose' : 'fell'} ${sentenceMoney(change)}${percent} over the period${movers.length > 0 ? `: ${movers.join(', ')}` : ''}.`,
      );
    }
    if (comparison && previousChange !== null)
      changes.push(
        previousChange === 0
          ? `In the ${comparison.label} it did not move.`
          : `In the ${comparison.label} it ${previousChange > 0 ? 'rose' : 'fell'} ${sentenceMoney(previousChange)}.`,
      );
  }

  const kinds = NET_WORTH_KINDS.filter((kind) => rows.some((r) => r.kind === kind)).map((kind) => ({
    kind,
    name: KIND_NAMES[kind],
    values: points.map((_, p) =>
      held.reduce((n, h, i) => n + (rows[i]?.kind === kind ? (h[p + 1] as number) : 0), 0),
    ),
  }));

  return {
    ...range,
    step,
    comparison: comparison && { ...comparison.range, label: comparison.label },
    points: points.map((p, i) => ({ ...p, ...figuresOf(at(i + 1)), transactionCount: pointCounts[i] ?? 0 })),
    kinds,
    accounts: rows,
    opening,
    closing,
    change,
    previousChange,
    changes,
  };
}

/** The first day whose transactions a net worth report needs: the day after the one before its earliest point. */
export const netWorthSince = (range: PeriodRange, comparison: PeriodRange | null) =>
  comparison && comparison.startDate < range.startDate ? comparison.startDate : range.startDate;
