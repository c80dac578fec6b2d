import type { SyncPage } from '../../providers/bank/types';
import type { AccountsDeps, BankSyncJob } from './accounts.deps';
import {
  type ConnectionRow,
  claimImportRun,
  getConnection,
  type ImportRunRow,
  lockActiveConnection,
  saveAccounts,
  staleConnections,
  updateConnection,
  updateImportRun,
} from './accounts.queries';
import { applyPage } from './apply-page';

/**
 * The sync engine: reads a connection's transactions page by page from the bank provider and applies them,
 * either as the cursor sync (the saved cursor moves with every page) or as a ranged backfill (it stays).
 */
export type SyncDeps = Pick<AccountsDeps, 'db' | 'provider' | 'cipher' | 'now'>;
async function* pages(deps: SyncDeps, accessToken: string, cursor: string | null): AsyncGenerator<SyncPage> {
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
export async function backfill(
  deps: SyncDeps,
  connection: ConnectionRow,
  window: { fromDay: string; toDay?: string },
  onPage?: (stored: number, page: SyncPage) => Promise<void>,
): Promise<number | 'cancelled'> {
  const accessToken = deps.cipher.decrypt(connection.accessTokenEncrypted, {
    userId: connection.userId,
    itemId: connection.itemId,
  });
  let stored = 0;
  for await (const page of pages(deps, accessToken, null)) {
    const result = await deps.db.transaction(async (tx) => {
      // The same lock the cursor sync and disconnect take: no page lands on a disconnected connection.
      if (!(await lockActiveConnection(tx, { userId: connection.userId, connectionId: connection.id })))
        return 'inactive' as const;
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
  deps: SyncDeps,
  { userId, connectionId, runId, isLastAttempt = true }: BankSyncJob & { isLastAttempt?: boolean },
  work: (connection: ConnectionRow, progress: RunProgress) => Promise<number | 'cancelled'>,
): Promise<number> {
  const update = (values: Partial<ImportRunRow>) =>
    runId ? updateImportRun(deps.db, { now: deps.now(), userId, runId, ...values }) : Promise.resolve();
  // Claiming the run makes a duplicate delivery of a finished run (restart, expiry) a no-op.
  if (runId && !(await claimImportRun(deps.db, { now: deps.now(), userId, runId }))) return 0;
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
  deps: SyncDeps,
  job: BankSyncJob & { isLastAttempt?: boolean },
): Promise<number> {
  const { userId, connectionId } = job;
  return runImport(deps, job, async (connection, progress) => {
    const accessToken = deps.cipher.decrypt(connection.accessTokenEncrypted, {
      userId: connection.userId,
      itemId: connection.itemId,
    });
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
        await updateConnection(deps.db, { now: deps.now(), userId, connectionId, cursor: paginationStart });
        cursor = paginationStart;
        continue;
      }
      const applied = await deps.db.transaction(async (tx) => {
        const row = await lockActiveConnection(tx, { userId, connectionId });
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
        await updateConnection(tx, {
          now: deps.now(),
          userId,
          connectionId,
          cursor: page.nextCursor,
          lastSyncAt: deps.now(),
        });
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
  deps: SyncDeps,
  job: BankSyncJob & Required<Pick<BankSyncJob, 'window'>> & { isLastAttempt?: boolean },
) {
  return runImport(deps, job, (connection, progress) =>
    backfill(deps, connection, job.window, progress.page),
  );
}

/** New accounts and fresh balances; never revives the accounts of a connection disconnected meanwhile. */
async function refreshAccounts(deps: SyncDeps, connection: ConnectionRow, accessToken: string) {
  const { accounts } = await deps.provider.getAccounts(accessToken);
  await deps.db.transaction(async (tx) => {
    if (!(await lockActiveConnection(tx, { userId: connection.userId, connectionId: connection.id }))) return;
    await saveAccounts(tx, {
      now: deps.now(),
      userId: connection.userId,
      connectionId: connection.id,
      accounts,
    });
  });
}

/** How often the schedule looks for connections to sync, and how old a sync must be to repeat it. */
export const REFRESH_CRON = '0 * * * *';
export const REFRESH_AFTER_HOURS = 6;

/**
 * The scheduled refresh: new and newly posted transactions arrive without a webhook (the demo bank, or
 * Plaid without PLAID_WEBHOOK_URL) and a missed webhook is caught up. One catch-up per connection at most.
 */
export async function refreshStaleConnections(deps: Pick<AccountsDeps, 'db' | 'queue' | 'now'>) {
  const before = new Date(deps.now().getTime() - REFRESH_AFTER_HOURS * 3600_000);
  const stale = await staleConnections(deps.db, { before });
  for (const { id, userId } of stale)
    await deps.queue.send<BankSyncJob>('bank-sync', { userId, connectionId: id }, { singletonKey: id });
  return stale.length;
}
