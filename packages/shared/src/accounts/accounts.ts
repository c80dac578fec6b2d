import type { Plan } from '../config.schema';
import type { Cents } from '../money';
import type { NewNotification } from '../notifications/notification-rules';
import { ACCOUNT_GROUPS, ACCOUNT_TYPE } from './account-types';

type Sortable = { type: number; name: string };
type Balance = { type: number; currentBalance: Cents };

export type AccountTotals = {
  /** Money held: depository and investment current balances. */
  totalBalance: Cents;
  /** Credit used: credit current balances as absolute values, whichever sign they arrive with. */
  creditUsed: Cents;
};

/** SPEC §9: the balance counts depository and investment accounts; credit counts credit cards as absolute values. */
export function accountTotals(accounts: readonly Balance[]): AccountTotals {
  let totalBalance = 0;
  let creditUsed = 0;
  for (const { type, currentBalance } of accounts) {
    if (type === ACCOUNT_TYPE.Depository || type === ACCOUNT_TYPE.Investment) totalBalance += currentBalance;
    else if (type === ACCOUNT_TYPE.Credit) creditUsed += Math.abs(currentBalance);
  }
  return { totalBalance, creditUsed };
}

const TYPE_ORDER = new Map<number, number>(ACCOUNT_GROUPS.map((g, index) => [g.type, index]));
const typeRank = (type: number) => TYPE_ORDER.get(type) ?? ACCOUNT_GROUPS.length;

/** SPEC §9: depository, investment, credit, loan (anything unknown last), then by name as people count. */
export function sortAccounts<T extends Sortable>(accounts: readonly T[]): T[] {
  return [...accounts].sort(
    (a, b) =>
      typeRank(a.type) - typeRank(b.type) ||
      a.name.localeCompare(b.name, 'en-US', { sensitivity: 'base', numeric: true }),
  );
}

export type AccountGroup<T> = { type: number; label: string; accounts: T[] };

/** Accounts under the spec's group headings, in ACCOUNT_GROUPS order; empty groups are left out. */
export function groupAccounts<T extends Sortable>(accounts: readonly T[]): AccountGroup<T>[] {
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

/**
 * What a person is told when a sync brought accounts past their plan's limit: which bank, how many, what the
 * plan includes and where to change it. Told once per event: the key names the connection and the first of
 * the accounts hidden by it (an account is hidden once, when it first arrives), so later syncs tell nothing.
 */
export function accountsHiddenNotice(event: {
  connectionId: string;
  /** The id of one of the accounts this event hid. */
  accountId: string;
  institution: string;
  hidden: number;
  plan: Pick<Plan, 'name' | 'accountLimit'>;
}): NewNotification {
  const { institution, hidden, plan } = event;
  const accounts = `${hidden} ${hidden === 1 ? 'account' : 'accounts'}`;
  const them = hidden === 1 ? 'it' : 'them';
  return {
    kind: 'accounts_hidden',
    key: `accounts-hidden:${event.connectionId}:${event.accountId}`,
    title: `${institution}: ${accounts} hidden`,
    body:
      `${institution} reported ${accounts} more than your ${plan.name} plan includes ` +
      `(up to ${plan.accountLimit} bank accounts), so ${hidden === 1 ? 'it is' : 'they are'} hidden and ` +
      `${hidden === 1 ? 'its' : 'their'} transactions are not imported. Upgrade your plan in Settings to see ${them}.`,
    link: '/settings#plan',
  };
}
