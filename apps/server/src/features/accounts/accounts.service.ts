import { accountsFit, addDays, type ExchangeResponse, type Plan, todayIn } from '@tally/shared';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { isItemGone, removeBankItem } from '../../providers/bank';
import type { BankProvider, ProviderAccount } from '../../providers/bank/types';
import { accountLimitReached, connectionsHidingAccounts, countLinkedAccounts, lockLinking } from '../billing';
import { saveAccountsWithinPlan } from './account-limit';
import type { AccountsDeps, BankSyncJob } from './accounts.deps';
import {
  bankAccountOf,
  type ConnectionRow,
  cancelOpenRuns,
  countHiddenAccounts,
  createHistorySync,
  deleteAccountTransactions,
  deleteConnectionAccounts,
  deleteConnectionTransactions,
  getConnection,
  type HistorySyncRow,
  type HistorySyncWindow,
  hasLiveConnectionTo,
  historySyncWindow,
  itemsAwaitingRemoval,
  keptProviderAccountIds,
  listAccountRows,
  lockActiveConnection,
  markItemRemoved,
  markUnlinked,
  openHistorySyncs,
  saveAccounts,
  saveConnection,
  setAccountsActive,
  takeOverImportedBank,
  toConnectionWithHidden,
  toHistorySyncProgress,
  updateConnection,
  updateHistorySync,
} from './accounts.queries';
import { backfill, syncConnection } from './accounts.sync';

export const QUICK_SYNC_DAYS = 30;

/**
 * Exchanges a public token and saves the item with its accounts. Provider failures become a 400. An item
 * whose accounts would take the person past their plan's limit is removed at the provider again and
 * refused with 403, with nothing saved.
 */
async function link(
  deps: AccountsDeps,
  userId: string,
  publicToken: string,
  plan: Plan,
): Promise<ConnectionRow> {
  let exchanged: Awaited<ReturnType<BankProvider['exchangePublicToken']>>;
  try {
    exchanged = await deps.provider.exchangePublicToken(publicToken);
  } catch {
    throw badRequest('The bank connection could not be completed. Please try again.', 'INVALID_PUBLIC_TOKEN');
  }
  const { institutionId, accounts } = await deps.provider.getAccounts(exchanged.accessToken);
  const institutionName = institutionId
    ? await deps.provider.getInstitutionName(institutionId)
    : 'Linked bank';
  const saved = await deps.db.transaction(async (tx) => {
    // Counted under the person's linking lock, in the transaction that saves: two links at once queue here.
    await lockLinking(tx, { userId });
    if (!accountsFit(plan, await countLinkedAccounts(tx, { userId }), accounts.length)) return null;
    const connection = await saveConnection(tx, {
      now: deps.now(),
      userId,
      provider: deps.provider.kind,
      itemId: exchanged.itemId,
      institutionId,
      institutionName,
      accessTokenEncrypted: deps.cipher.encrypt(exchanged.accessToken, { userId, itemId: exchanged.itemId }),
    });
    await saveAccounts(tx, { now: deps.now(), userId, connectionId: connection.id, accounts });
    await takeOverImportedBank(tx, { userId, connection, now: deps.now() });
    return connection;
  });
  if (saved) return saved;
  // Not ours to keep: the item ends at the provider now, so it is neither billed nor left live.
  try {
    await deps.provider.removeItem(exchanged.accessToken);
  } catch (error) {
    deps.log.error({ err: error, itemId: exchanged.itemId }, 'refused bank item could not be removed');
  }
  throw accountLimitReached(plan);
}

async function connectionResponse(deps: AccountsDeps, connection: ConnectionRow) {
  const query = { userId: connection.userId, connectionIds: [connection.id] };
  const [accounts, hidden] = await Promise.all([
    listAccountRows(deps.db, query),
    countHiddenAccounts(deps.db, query),
  ]);
  return toConnectionWithHidden(connection, accounts, hidden.get(connection.id) ?? 0);
}

/** Whether a run imports at least what was asked: a cursor sync run imports everything the bank has. */
function covers(run: HistorySyncRow, asked: HistorySyncWindow) {
  const has = historySyncWindow(run);
  if (!has) return true;
  return has.fromDay <= asked.fromDay && (!has.toDay || (!!asked.toDay && asked.toDay <= has.toDay));
}

/**
 * Starts a history sync of a connection, or joins the one already open that does the same work, so repeated
 * calls make one run (and one job), not fifty. A backfill joins an open run that covers its days and is
 * refused while a narrower one is open. A cursor sync (link, reconnect, reset) joins one nobody works
 * yet: a run already past some pages could finish without seeing a cursor that was just reset, so then
 * one more waits behind it. Null when the connection is disconnected.
 */
async function startHistorySync(deps: AccountsDeps, connection: ConnectionRow, window?: HistorySyncWindow) {
  const { userId, id: connectionId } = connection;
  const now = deps.now();
  const started = await deps.db.transaction(async (tx) => {
    // Two requests for one connection take turns on its row lock, so they never both create a run.
    if (!(await lockActiveConnection(tx, { userId, connectionId }))) return null;
    const open = await openHistorySyncs(tx, { userId, connectionId });
    const joined = window
      ? open.find((run) => covers(run, window))
      : open.find((run) => !historySyncWindow(run) && (!run.claimedBy || (run.claimExpiresAt ?? now) <= now));
    if (joined) return { run: joined, isNew: false };
    if (window && open.length > 0)
      throw new AppError(
        409,
        'IMPORT_IN_PROGRESS',
        'An import is already running for this connection. Please try again when it finishes.',
      );
    return { run: await createHistorySync(tx, { userId, connectionId, window }), isNew: true };
  });
  if (!started) return null;
  const { run, isNew } = started;
  if (isNew || (await isAbandoned(deps, run, now))) {
    await deps.queue.send<BankSyncJob>('history-sync', { userId, connectionId, runId: run.id });
  }
  return run;
}

/**
 * Whether a joined run has no job that will work it (its server crashed), so it is queued again now rather
 * than at the next sweep; should its job exist after all, the duplicate finds the run claimed and stops.
 * A lapsed claim means its worker died: its job may still read active, so only a waiting one counts. A run
 * never claimed (or given back for a retry) is abandoned only when no job of it waits or is active: a
 * worker may have fetched the job and not claimed the run yet, and a repeat request must not add a second.
 */
async function isAbandoned(deps: AccountsDeps, run: HistorySyncRow, now: Date) {
  if (run.claimedBy && (run.claimExpiresAt ?? now) > now) return false;
  const orActive = !run.claimedBy;
  return !(await deps.queue.isWaiting('history-sync', { runId: run.id }, { orActive }));
}

/** Queues the full cursor sync (or joins the waiting one) with a progress row the banner can follow. */
async function queueFullHistorySync(deps: AccountsDeps, connection: ConnectionRow, quickSyncDone = false) {
  const run = await startHistorySync(deps, connection);
  if (!run) throw new AppError(409, 'CONNECTION_INACTIVE', 'Reconnect this account before importing');
  if (!quickSyncDone) return run;
  await updateHistorySync(deps.db, {
    now: deps.now(),
    userId: connection.userId,
    runId: run.id,
    quickSyncCompletedAt: deps.now(),
  });
  return { ...run, quickSyncCompletedAt: deps.now() };
}

export type LinkMode = 'background' | 'quick-sync' | 'full';

/**
 * Links a bank. 'quick-sync' stores the last 30 days before answering and imports two years in the
 * background; 'full' imports everything before answering; 'background' answers at once.
 */
export async function linkBank(
  deps: AccountsDeps,
  {
    userId,
    publicToken,
    mode,
    timeZone,
    plan,
  }: { userId: string; publicToken: string; mode: LinkMode; timeZone: string; plan: Plan },
): Promise<ExchangeResponse> {
  let connection = await link(deps, userId, publicToken, plan);
  if (mode === 'full') {
    const run = await createHistorySync(deps.db, { userId, connectionId: connection.id });
    const imported = await syncConnection(deps, {
      userId,
      connectionId: connection.id,
      runId: run.id,
      owner: deps.queue.owner,
    });
    const fresh = (await getConnection(deps.db, { userId, connectionId: connection.id })) ?? connection;
    return {
      connection: await connectionResponse(deps, fresh),
      transactionsImported: imported,
      importProgress: null,
    };
  }
  let imported = 0;
  let quickSyncDone = false;
  if (mode === 'quick-sync') {
    const fromDay = addDays(todayIn(timeZone, deps.now()), -QUICK_SYNC_DAYS);
    try {
      const quick = await backfill(deps, connection, { fromDay });
      imported = quick === 'cancelled' ? 0 : quick;
      quickSyncDone = true;
      connection =
        (await updateConnection(deps.db, {
          now: deps.now(),
          userId,
          connectionId: connection.id,
          lastSyncAt: deps.now(),
        })) ?? connection;
    } catch (error) {
      // The connection is saved; the background import (with its retries) still brings the history.
      deps.log.warn({ err: error }, 'quick sync failed; the background import continues');
    }
  }
  const run = await queueFullHistorySync(deps, connection, quickSyncDone);
  return {
    connection: await connectionResponse(deps, connection),
    transactionsImported: imported,
    importProgress: toHistorySyncProgress(run),
  };
}

/** Queues a ranged import (import-historical-data), or answers with the open run that already covers it. */
export async function queueBackfill(
  deps: AccountsDeps,
  connection: ConnectionRow,
  window: HistorySyncWindow,
) {
  const run = connection.isActive ? await startHistorySync(deps, connection, window) : null;
  if (!run) throw new AppError(409, 'CONNECTION_INACTIVE', 'Reconnect this account before importing');
  return run;
}

/**
 * Unlinks one account of a bank connection that stays: it leaves the bank's card, the totals and the plan's
 * count, no sync, reset or reconnect brings it back (a bank linked anew through Plaid Link comes back as
 * the person then chooses there), and its history is kept (still listed under its name) or deleted. The bank's last linked account is not unlinked: disconnecting the bank is
 * what ends that. Under the connection's row lock, so no page of a sync lands on it meanwhile.
 */
export async function unlinkAccount(
  deps: AccountsDeps,
  { userId, accountId, history }: { userId: string; accountId: string; history: 'keep' | 'delete' },
) {
  const connection = await deps.db.transaction(async (tx) => {
    const found = await bankAccountOf(tx, { userId, accountId });
    if (!found) throw notFound('Account not found');
    const { connection } = found;
    if (!(await lockActiveConnection(tx, { userId, connectionId: connection.id })))
      throw notFound('Account not found');
    // The connection is active, so its visible accounts are the ones shown linked.
    if ((await listAccountRows(tx, { userId, connectionIds: [connection.id] })).length <= 1)
      throw new AppError(
        409,
        'LAST_ACCOUNT',
        `This is the only account linked at ${connection.institutionName}. Disconnect the bank instead.`,
      );
    // Unlinked meanwhile by a request that read it first: that one's choice of history stands.
    if (!(await markUnlinked(tx, { userId, accountId, now: deps.now() })))
      throw notFound('Account not found');
    if (history === 'delete') await deleteAccountTransactions(tx, { userId, accountId });
    return connection;
  });
  // Its place is free: accounts kept hidden past the plan's limit are shown now, with their history.
  await syncConnectionsHidingAccounts(deps, userId);
  return connectionResponse(deps, connection);
}

/**
 * Disconnect (SPEC §4): history of these accounts deleted, accounts and connection inactive, cursor reset,
 * and the item removed at the provider, so its token is dead and Plaid stops billing for it.
 */
export async function disconnect(deps: AccountsDeps, connection: ConnectionRow) {
  const { userId, id: connectionId } = connection;
  const updated = await deps.db.transaction(async (tx) => {
    // Inactive first: this waits for any page holding the connection lock, and later pages see it and stop.
    const updated = await updateConnection(tx, {
      now: deps.now(),
      userId,
      connectionId,
      isActive: false,
      cursor: null,
    });
    await deleteConnectionTransactions(tx, { userId, connectionId });
    await setAccountsActive(tx, { now: deps.now(), userId, connectionId, isActive: false });
    await cancelOpenRuns(tx, { now: deps.now(), userId, connectionId });
    return updated;
  });
  // After the local disconnect, never instead of it: the person's choice stands even while Plaid is down.
  await removeItemAtProvider(deps, updated ?? connection);
  await syncConnectionsHidingAccounts(deps, userId);
  return updated;
}

/**
 * Room was made under the plan's limit (a bank disconnected): the person's other banks that keep accounts
 * hidden are synced now, and each sync shows those that fit, with their history (see saveAccountsWithinPlan).
 */
async function syncConnectionsHidingAccounts(deps: AccountsDeps, userId: string) {
  for (const connectionId of await connectionsHidingAccounts(deps.db, { userId })) {
    await deps.queue.send<BankSyncJob>('bank-sync', { userId, connectionId }, { singletonKey: connectionId });
  }
}

/**
 * Removes a disconnected connection's item at the provider and records it (provider_removed_at). A failure
 * is logged and left: the encrypted token stays on the connection, and the hourly sweep
 * (removeDisconnectedItems) tries again until the item is gone. Answers whether it was removed now.
 */
async function removeItemAtProvider(deps: AccountsDeps, connection: ConnectionRow) {
  if (connection.providerRemovedAt) return false;
  if ((await removeBankItem(deps, connection)) !== 'removed') return false;
  return markItemRemoved(deps.db, {
    now: deps.now(),
    userId: connection.userId,
    connectionId: connection.id,
    itemId: connection.itemId,
  });
}

/**
 * The hourly sweep's part of disconnect: every disconnected item whose removal failed (the provider was
 * down) is tried again, so none stays live and billed at Plaid. Answers how many were removed.
 */
export async function removeDisconnectedItems(deps: AccountsDeps) {
  let removed = 0;
  for (const connection of await itemsAwaitingRemoval(deps.db, { provider: deps.provider.kind })) {
    if (await removeItemAtProvider(deps, connection)) removed += 1;
  }
  return removed;
}

/** Reconnect: active again, balances refreshed, and the whole history imported anew. */
export async function reconnect(deps: AccountsDeps, connection: ConnectionRow, plan: Plan) {
  const { userId, id: connectionId } = connection;
  // Imported from another Tally's export: no bank access came with it. Linking the bank again takes its
  // accounts and history over (takeOverImportedBank).
  if (!connection.accessTokenEncrypted) {
    // Linked again already: these accounts are the ones the bank's accounts did not match.
    if (await hasLiveConnectionTo(deps.db, connection))
      throw new AppError(
        409,
        'IMPORTED_UNMATCHED',
        'These accounts came from a Tally export and match none of the accounts this bank now has linked. Their history stays here; delete them when you no longer need it.',
      );
    throw new AppError(
      409,
      'RELINK_REQUIRED',
      'This bank came from a Tally export, without its link to the bank. Connect it again: it takes its accounts and history back, with your categories and notes.',
    );
  }
  const accessToken = deps.cipher.decrypt(connection.accessTokenEncrypted, {
    userId,
    itemId: connection.itemId,
  });
  const { accounts, relinked, relinkedToken } = await accountsOrRelink(deps, connection, accessToken);
  const updated = await deps.db
    .transaction(async (tx) => {
      // A disconnected connection's accounts count again once it is back: counted under the linking lock,
      // as link() counts, once they are saved (only active accounts, this connection's and the others').
      const returning = !connection.isActive;
      await lockLinking(tx, { userId });
      // One transaction with the new item, so the sweep never sees it on a disconnected connection and
      // removes it. The removed item's accounts lost their history at disconnect; the new item's replace them.
      if (relinked) await deleteConnectionAccounts(tx, { userId, connectionId });
      // A bank coming back is linked again whole or not at all, as a link is. One still active keeps the
      // accounts past the limit hidden, as its syncs do.
      if (returning) await saveAccounts(tx, { now: deps.now(), userId, connectionId, accounts });
      else if (await lockActiveConnection(tx, { userId, connectionId }))
        await saveAccountsWithinPlan(tx, { connection, accounts, now: deps.now(), reveal: true, plan });
      const row = await updateConnection(tx, {
        now: deps.now(),
        userId,
        connectionId,
        ...relinked,
        isActive: true,
        cursor: null,
        // The item answered just now, so it is live: a later disconnect removes it again.
        providerRemovedAt: null,
      });
      if (returning && !accountsFit(plan, await countLinkedAccounts(tx, { userId }), 0)) {
        throw accountLimitReached(plan);
      }
      return row;
    })
    .catch(async (error) => {
      // A new item made for a refused reconnect is not ours to keep: it ends at the provider now.
      if (relinkedToken) {
        await deps.provider.removeItem(relinkedToken).catch((err: unknown) => {
          deps.log.error({ err, connectionId }, 'refused relinked bank item could not be removed');
        });
      }
      throw error;
    });
  const run = await queueFullHistorySync(deps, updated ?? connection);
  return {
    connection: await connectionResponse(deps, updated ?? connection),
    importProgress: toHistorySyncProgress(run),
  };
}

/**
 * The item's accounts for a reconnect. Disconnect (or the hourly sweep after it) removed the item at the
 * provider, so its token is dead: the demo bank and Plaid's sandbox link the same institution again as a
 * new item in its place (`relinked`, for the caller to store); with Plaid's production only the person
 * can, through Link. An item whose removal has not succeeded yet still answers and is simply used again.
 */
async function accountsOrRelink(
  deps: AccountsDeps,
  connection: ConnectionRow,
  accessToken: string,
): Promise<{
  accounts: ProviderAccount[];
  relinked?: Pick<ConnectionRow, 'itemId' | 'accessTokenEncrypted'>;
  relinkedToken?: string;
}> {
  try {
    return { accounts: (await deps.provider.getAccounts(accessToken)).accounts };
  } catch (error) {
    if (!isItemGone(error)) throw error;
  }
  const { userId, institutionId } = connection;
  if (!deps.provider.sandbox || connection.provider !== deps.provider.kind || !institutionId) {
    throw new AppError(
      409,
      'RELINK_REQUIRED',
      'This bank link was removed when it was disconnected. Connect the bank again to import fresh data.',
    );
  }
  // The new item holds the accounts the old one held and the person did not unlink, as they chose them.
  const kept = deps.provider.accountChoiceOf
    ? (await keptProviderAccountIds(deps.db, { userId, connectionId: connection.id }))
        .map((id) => deps.provider.accountChoiceOf?.(id))
        .filter((id): id is string => !!id)
    : [];
  const item = await deps.provider.exchangePublicToken(
    await deps.provider.createSandboxPublicToken(institutionId, kept.length > 0 ? kept : undefined),
  );
  const { accounts } = await deps.provider.getAccounts(item.accessToken);
  return {
    accounts,
    relinked: {
      itemId: item.itemId,
      accessTokenEncrypted: deps.cipher.encrypt(item.accessToken, { userId, itemId: item.itemId }),
    },
    relinkedToken: item.accessToken,
  };
}

/**
 * Clears the history the bank imported and starts the import again from the beginning. Rows the person
 * imported from files stay: no bank would bring them back (disconnect, which deletes the accounts'
 * history, takes them too).
 */
export async function resetAndResync(deps: AccountsDeps, connections: ConnectionRow[]) {
  for (const connection of connections) {
    const { userId, id: connectionId } = connection;
    const updated = await deps.db.transaction(async (tx) => {
      await deleteConnectionTransactions(tx, { userId, connectionId, keepFileRows: true });
      return updateConnection(tx, { now: deps.now(), userId, connectionId, cursor: null });
    });
    if (updated?.isActive) await queueFullHistorySync(deps, updated);
  }
}
