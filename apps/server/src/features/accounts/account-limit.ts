import { accountsHiddenNotice, accountsRoom, type Plan } from '@tally/shared';
import type { Db } from '../../db/client';
import type { ProviderAccount } from '../../providers/bank/types';
import { countLinkedAccounts, planInForce } from '../billing';
import { notify } from '../notifications';
import {
  accountStates,
  type ConnectionRow,
  getPlanHolder,
  saveAccounts,
  updateConnection,
} from './accounts.queries';

export type WithinPlan = {
  /** Accounts hidden now for the first time (the person was told). */
  hidden: number;
  /** Hidden accounts shown now: the connection's cursor was reset, so the next pages bring their history. */
  revealed: number;
  /** Whether the notification about the newly hidden ones is new (delivery is then to be asked for). */
  told: boolean;
};

/**
 * Saves the accounts a bank reports for an active connection while holding the plan's linked-account limit,
 * counted as a link counts it (visible, active accounts of active bank connections): the accounts already
 * shown on this connection stay shown (an ended trial takes nothing away), and the others — new ones, and
 * those hidden earlier — are shown while they fit; the rest are kept hidden, and the transactions of hidden
 * accounts are never stored (applyPage skips them).
 *
 * `reveal` lets accounts hidden earlier take the room first; a sync passes it only before its pages, since a
 * shown account's history is read again from the start (its cursor is reset here) and the transactions of
 * the days it was hidden arrive then. Newly hidden accounts are told to the person once, in this transaction.
 *
 * The caller runs this in a transaction that holds the person's linking lock (lockLinking) and then the
 * connection's row lock, in that order, as link() does: a link and a sync then never both take the last
 * place under the limit.
 */
export async function saveAccountsWithinPlan(
  tx: Db,
  {
    connection,
    accounts,
    now,
    reveal,
    plan: given,
  }: {
    connection: ConnectionRow;
    accounts: ProviderAccount[];
    now: Date;
    reveal: boolean;
    /** The plan in force, when the caller knows it; else read from the person's row. */
    plan?: Plan;
  },
): Promise<WithinPlan> {
  const { userId, id: connectionId } = connection;
  const none: WithinPlan = { hidden: 0, revealed: 0, told: false };
  if (accounts.length === 0) return none;
  const holder = given ? null : await getPlanHolder(tx, { userId });
  const plan = given ?? (holder ? planInForce(holder, now) : null);
  if (!plan) return none;

  const stored = new Map(
    (await accountStates(tx, { userId, providerAccountIds: accounts.map((a) => a.providerAccountId) })).map(
      (row) => [row.providerAccountId, row],
    ),
  );
  const isShown = (a: ProviderAccount) => {
    const row = stored.get(a.providerAccountId);
    return !!row && row.connectionId === connectionId && row.isActive && row.hiddenAt === null;
  };
  const wasHidden = (a: ProviderAccount) => stored.get(a.providerAccountId)?.hiddenAt != null;
  // One the person unlinked neither waits nor arrives: it takes no room and is never shown again.
  const unlinked = (a: ProviderAccount) => stored.get(a.providerAccountId)?.unlinkedAt != null;
  const waiting = accounts.filter((a) => !isShown(a) && !unlinked(a) && wasHidden(a));
  const arriving = accounts.filter((a) => !isShown(a) && !unlinked(a) && !wasHidden(a));
  // Those hidden earlier have waited longest: they take the room first, then the bank's new accounts.
  const contenders = reveal ? [...waiting, ...arriving] : arriving;
  let room = accountsRoom(plan, await countLinkedAccounts(tx, { userId }));
  const hidden = new Set<string>(reveal ? [] : waiting.map((a) => a.providerAccountId));
  let revealed = 0;
  for (const account of contenders) {
    if (room > 0) {
      room -= 1;
      if (wasHidden(account)) revealed += 1;
    } else {
      hidden.add(account.providerAccountId);
    }
  }

  const saved = await saveAccounts(tx, { now, userId, connectionId, accounts, hidden });
  if (revealed > 0) {
    // Their transactions were skipped while they were hidden: the history is read again from the start
    // (the upsert leaves the rows already stored as they are).
    await updateConnection(tx, { now, userId, connectionId, cursor: null });
  }
  const newlyHidden = arriving.filter((a) => hidden.has(a.providerAccountId));
  const firstId = saved
    .filter((row) => newlyHidden.some((a) => a.providerAccountId === row.providerAccountId))
    .map((row) => row.id)
    .sort()[0];
  if (!firstId) return { hidden: 0, revealed, told: false };
  const told = await notify(tx, {
    userId,
    notice: accountsHiddenNotice({
      connectionId,
      accountId: firstId,
      institution: connection.institutionName || 'Your bank',
      hidden: newlyHidden.length,
      plan,
    }),
    createdAt: now,
  });
  return { hidden: newlyHidden.length, revealed, told };
}
