import { addDays, type ExchangeResponse, todayIn } from '@tally/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankConnections } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import type { Cipher } from '../../lib/crypto';
import { AppError, badRequest } from '../../lib/errors';
import type { BankProvider, SyncPage } from '../../providers/bank/types';
import { applyPage } from './apply-page';
import {
  type ConnectionRow,
  cancelOpenRuns,
  claimImportRun,
  createImportRun,
  deleteConnectionTransactions,
  getConnection,
  type ImportRunRow,
  listAccountRows,
  saveAccounts,
  saveConnection,
  setAccountsActive,
  staleConnections,
  toConnection,
  toImportProgress,
  updateConnection,
  updateImportRun,
} from './bank.queries';

export type BankDeps = {
  db: Db;
  provider: BankProvider;
  cipher: Cipher;
  queue: JobQueue;
  now: () => Date;
};

export const QUICK_SYNC_DAYS = 30;
export const FULL_IMPORT_DAYS = 730;

/** What the bank-sync job carries. A window means a ranged backfill that leaves the cursor alone. */
export type BankSyncJob = {
  userId: string;
  connectionId: string;
  runId?: string;
  window?: { fromDay: string; toDay?: string };
};

/** Exchanges a public token and saves the item with its accounts. Provider failures become a 400. */
async function link(deps: BankDeps, userId: string, publicToken: string): Promise<ConnectionRow> {
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
  return deps.db.transaction(async (tx) => {
    const connection = await saveConnection(tx, {
      userId,
      provider: deps.provider.kind,
      itemId: exchanged.itemId,
      institutionId,
      institutionName,
      accessTokenEncrypted: deps.cipher.encrypt(exchanged.accessToken),
    });
    await saveAccounts(tx, { userId, connectionId: connection.id, accounts });
    return connection;
  });
}

async function connectionResponse(deps: BankDeps, connection: ConnectionRow) {
  const accounts = await listAccountRows(deps.db, {
    userId: connection.userId,
    connectionIds: [connection.id],
  });
  return toConnection(connection, accounts);
}

/** Queues the full cursor sync with a progress row the banner can follow. */
async function queueFullImport(deps: BankDeps, connection: ConnectionRow, quickSyncDone = false) {
  const run = await createImportRun(deps.db, { userId: connection.userId, connectionId: connection.id });
  if (quickSyncDone) {
    await updateImportRun(deps.db, {
      userId: connection.userId,
      runId: run.id,
      quickSyncCompletedAt: deps.now(),
    });
  }
  await deps.queue.send<BankSyncJob>('bank-import', {
    userId: connection.userId,
    connectionId: connection.id,
    runId: run.id,
  });
  return { ...run, quickSyncCompletedAt: quickSyncDone ? deps.now() : null };
}

export type LinkMode = 'background' | 'quick-sync' | 'full';

/**
 * Links a bank. 'quick-sync' stores the last 30 days before answering and imports two years in the
 * background; 'full' imports everything before answering; 'background' answers at once.
 */
export async function linkBank(
  deps: BankDeps,
  {
    userId,
    publicToken,
    mode,
    timeZone,
  }: { userId: string; publicToken: string; mode: LinkMode; timeZone: string },
): Promise<ExchangeResponse> {
  let connection = await link(deps, userId, publicToken);
  if (mode === 'full') {
    const run = await createImportRun(deps.db, { userId, connectionId: connection.id });
    const imported = await syncConnection(deps, { userId, connectionId: connection.id, runId: run.id });
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
        (await updateConnection(deps.db, { userId, connectionId: connection.id, lastSyncAt: deps.now() })) ??
        connection;
    } catch (error) {
      // The connection is saved; the background import (with its retries) still brings the history.
      console.warn(
        'quick sync failed; the background import continues',
        error instanceof Error ? error.message : error,
      );
    }
  }
  const run = await queueFullImport(deps, connection, quickSyncDone);
  return {
    connection: await connectionResponse(deps, connection),
    transactionsImported: imported,
    importProgress: toImportProgress(run),
  };
}

async function* pages(deps: BankDeps, accessToken: string, cursor: string | null): AsyncGenerator<SyncPage> {
  let next = cursor;
  for (;;) {
    const page = await deps.provider.syncTransactions(accessToken, next);
    yield page;
    if (!page.hasMore) return;
    next = page.nextCursor;
  }
}

/**
 * Reads the whole history from the start without moving the saved cursor, storing only the days in the
 * window. Idempotent: the cursor sync that follows upserts the same rows again without changing them.
 */
async function backfill(
  deps: BankDeps,
  connection: ConnectionRow,
  window: { fromDay: string; toDay?: string },
  onPage?: (stored: number, page: SyncPage) => Promise<void>,
): Promise<number | 'cancelled'> {
  const accessToken = deps.cipher.decrypt(connection.accessTokenEncrypted);
  let stored = 0;
  for await (const page of pages(deps, accessToken, null)) {
    const result = await deps.db.transaction(async (tx) => {
      // The same lock the cursor sync and disconnect take: no page lands on a disconnected connection.
      if (!(await lockActiveConnection(tx, connection.id))) return 'inactive' as const;
      return applyPage(tx, {
        userId: connection.userId,
        connectionId: connection.id,
        added: page.added,
        modified: page.modified,
        removed: page.removed,
        ...window,
      });
    });
    if (result === 'inactive') return 'cancelled';
    stored += result.upserted;
    await onPage?.(stored, page);
  }
  return stored;
}

/** Locks the connection row for this transaction; null when it is gone or disconnected. */
async function lockActiveConnection(tx: Db, connectionId: string) {
  const [row] = await tx
    .select({ cursor: bankConnections.cursor, isActive: bankConnections.isActive })
    .from(bankConnections)
    .where(eq(bankConnections.id, connectionId))
    .for('update');
  return row?.isActive ? row : null;
}

/** Plaid's answer when the item changed mid-pagination: start again from the cursor the pagination began at. */
const MUTATION_DURING_PAGINATION = 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION';
const MAX_PAGINATION_RESTARTS = 3;

const percent = (done: number, page: SyncPage, pageNumber: number) =>
  page.totalEstimate
    ? Math.min(99, Math.floor((done / page.totalEstimate) * 100))
    : Math.min(95, 5 + pageNumber * 10);

type RunProgress = { page: (stored: number, page: SyncPage) => Promise<void> };

/**
 * Runs an import job's work and keeps its progress row (what the banner polls) in step: InProgress,
 * a percent per page, then Completed, Failed, or cancelled when the connection was disconnected meanwhile.
 */
async function runImport(
  deps: BankDeps,
  { userId, connectionId, runId, isLastAttempt = true }: BankSyncJob & { isLastAttempt?: boolean },
  work: (connection: ConnectionRow, progress: RunProgress) => Promise<number | 'cancelled'>,
): Promise<number> {
  const update = (values: Partial<ImportRunRow>) =>
    runId ? updateImportRun(deps.db, { userId, runId, ...values }) : Promise.resolve();
  // Claiming the run makes a duplicate delivery of a finished run (restart, expiry) a no-op.
  if (runId && !(await claimImportRun(deps.db, { userId, runId }))) return 0;
  const connection = await getConnection(deps.db, { userId, connectionId });
  if (!connection?.isActive) {
    await update({ status: 'Failed', message: 'Import cancelled' });
    return 0;
  }
  let pageNumber = 0;
  try {
    const stored = await work(connection, {
      page: (done, page) => {
        pageNumber += 1;
        return update({ processed: done, progress: percent(done, page, pageNumber) });
      },
    });
    if (stored === 'cancelled') {
      await update({ status: 'Failed', message: 'Import cancelled' });
      return 0;
    }
    await update({
      status: 'Completed',
      progress: 100,
      processed: stored,
      message: 'Import completed successfully!',
      completedAt: deps.now(),
    });
    return stored;
  } catch (error) {
    // The queue retries; the banner says Failed only when no attempt is left.
    if (isLastAttempt) await update({ status: 'Failed', message: 'Import failed' });
    throw error;
  }
}

/**
 * The cursor sync: each page is applied and its cursor saved in one database transaction, so a crash
 * between pages resumes where it stopped and a page is never applied twice. Returns rows stored.
 */
export function syncConnection(
  deps: BankDeps,
  job: BankSyncJob & { isLastAttempt?: boolean },
): Promise<number> {
  const { userId, connectionId } = job;
  return runImport(deps, job, async (connection, progress) => {
    const accessToken = deps.cipher.decrypt(connection.accessTokenEncrypted);
    // Accounts first, so transactions of an account the bank added since the last sync have a home.
    await refreshAccounts(deps, connection, accessToken);
    let stored = 0;
    let cursor = connection.cursor;
    let paginationStart = cursor;
    let restarts = 0;
    for (;;) {
      let page: SyncPage;
      try {
        page = await deps.provider.syncTransactions(accessToken, cursor);
      } catch (error) {
        if (!isMutationDuringPagination(error) || restarts >= MAX_PAGINATION_RESTARTS) throw error;
        // Re-reading pages already applied is harmless: applying a page is idempotent.
        restarts += 1;
        await updateConnection(deps.db, { userId, connectionId, cursor: paginationStart });
        cursor = paginationStart;
        continue;
      }
      const applied = await deps.db.transaction(async (tx) => {
        const row = await lockActiveConnection(tx, connectionId);
        if (!row) return 'inactive' as const;
        // Another worker moved the cursor meanwhile: drop this page and continue from theirs.
        if (row.cursor !== cursor) return { moved: row.cursor };
        const result = await applyPage(tx, {
          userId,
          connectionId,
          added: page.added,
          modified: page.modified,
          removed: page.removed,
        });
        await updateConnection(tx, { userId, connectionId, cursor: page.nextCursor, lastSyncAt: deps.now() });
        return result;
      });
      if (applied === 'inactive') return 'cancelled';
      if ('moved' in applied) {
        cursor = applied.moved;
        paginationStart = cursor;
        continue;
      }
      stored += applied.upserted;
      cursor = page.nextCursor;
      await progress.page(stored, page);
      if (!page.hasMore) break;
    }
    await refreshAccounts(deps, connection, accessToken);
    return stored;
  });
}

function isMutationDuringPagination(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && Reflect.get(error, 'code') === MUTATION_DURING_PAGINATION
  );
}

/** A ranged backfill run as a job, reporting progress like the full import. */
export async function backfillConnection(
  deps: BankDeps,
  job: BankSyncJob & Required<Pick<BankSyncJob, 'window'>> & { isLastAttempt?: boolean },
) {
  return runImport(deps, job, (connection, progress) =>
    backfill(deps, connection, job.window, progress.page),
  );
}

/** New accounts and fresh balances; never revives the accounts of a connection disconnected meanwhile. */
async function refreshAccounts(deps: BankDeps, connection: ConnectionRow, accessToken: string) {
  const { accounts } = await deps.provider.getAccounts(accessToken);
  await deps.db.transaction(async (tx) => {
    if (!(await lockActiveConnection(tx, connection.id))) return;
    await saveAccounts(tx, { userId: connection.userId, connectionId: connection.id, accounts });
  });
}

/** How often the schedule looks for connections to sync, and how old a sync must be to repeat it. */
export const REFRESH_CRON = '0 * * * *';
export const REFRESH_AFTER_HOURS = 6;

/**
 * The scheduled refresh: new and newly posted transactions arrive without a webhook (the demo bank, or
 * Plaid without PLAID_WEBHOOK_URL) and a missed webhook is caught up. One catch-up per connection at most.
 */
export async function refreshStaleConnections(deps: Pick<BankDeps, 'db' | 'queue' | 'now'>) {
  const before = new Date(deps.now().getTime() - REFRESH_AFTER_HOURS * 3600_000);
  const stale = await staleConnections(deps.db, { before });
  for (const { id, userId } of stale)
    await deps.queue.send<BankSyncJob>('bank-sync', { userId, connectionId: id }, { singletonKey: id });
  return stale.length;
}

/** Queues a ranged import (import-historical-data). */
export async function queueBackfill(
  deps: BankDeps,
  connection: ConnectionRow,
  window: { fromDay: string; toDay?: string },
) {
  if (!connection.isActive)
    throw new AppError(409, 'CONNECTION_INACTIVE', 'Reconnect this account before importing');
  const run = await createImportRun(deps.db, { userId: connection.userId, connectionId: connection.id });
  await deps.queue.send<BankSyncJob>('bank-import', {
    userId: connection.userId,
    connectionId: connection.id,
    runId: run.id,
    window,
  });
  return run;
}

/** Disconnect (SPEC §4): history of these accounts deleted, accounts and connection inactive, cursor reset. */
export async function disconnect(deps: BankDeps, connection: ConnectionRow) {
  const { userId, id: connectionId } = connection;
  return deps.db.transaction(async (tx) => {
    // Inactive first: this waits for any page holding the connection lock, and later pages see it and stop.
    const updated = await updateConnection(tx, { userId, connectionId, isActive: false, cursor: null });
    await deleteConnectionTransactions(tx, { userId, connectionId });
    await setAccountsActive(tx, { userId, connectionId, isActive: false });
    await cancelOpenRuns(tx, { userId, connectionId });
    return updated;
  });
}

/** Reconnect: active again, balances refreshed, and the whole history imported anew. */
export async function reconnect(deps: BankDeps, connection: ConnectionRow) {
  const { userId, id: connectionId } = connection;
  const accessToken = deps.cipher.decrypt(connection.accessTokenEncrypted);
  const { accounts } = await deps.provider.getAccounts(accessToken);
  const updated = await deps.db.transaction(async (tx) => {
    await saveAccounts(tx, { userId, connectionId, accounts });
    return updateConnection(tx, { userId, connectionId, isActive: true, cursor: null });
  });
  const run = await queueFullImport(deps, updated ?? connection);
  return {
    connection: await connectionResponse(deps, updated ?? connection),
    importProgress: toImportProgress(run),
  };
}

/** Clears the imported history and starts the import again from the beginning. */
export async function resetAndResync(deps: BankDeps, connections: ConnectionRow[]) {
  for (const connection of connections) {
    const { userId, id: connectionId } = connection;
    const updated = await deps.db.transaction(async (tx) => {
      await deleteConnectionTransactions(tx, { userId, connectionId });
      return updateConnection(tx, { userId, connectionId, cursor: null });
    });
    if (updated?.isActive) await queueFullImport(deps, updated);
  }
}
