import { randomUUID } from 'node:crypto';
import { DEFAULT_HISTORY_SYNC_CLAIM_SECONDS } from '../../config';
import type { SyncPage } from '../../providers/bank/types';
import { lockLinking } from '../billing';
import { type DeliveryQueue, requestDelivery } from '../notifications';
import { saveAccountsWithinPlan } from './account-limit';
import { isManualConnection } from './account-shapes';
import type { AccountsDeps, BankSyncJob } from './accounts.deps';
import {
  type ConnectionRow,
  claimHistorySync,
  getConnection,
  type HistorySyncRow,
  type HistorySyncWindow,
  historySyncWindow,
  lockActiveConnection,
  releaseHistorySync,
  staleConnections,
  updateConnection,
  updateHistorySync,
} from './accounts.queries';
import { applyPage } from './apply-page';

/**
 * The sync engine: reads a connection's transactions page by page from the bank provider and applies them,
 * either as the cursor sync (the saved cursor moves with every page) or as a ranged backfill (it stays).
 */
export type SyncDeps = Pick<AccountsDeps, 'db' | 'provider' | 'cipher' | 'now' | 'historySyncClaimMs'> & {
  /** Where a notification the sync writes is sent from; without it, the person's next read asks for it. */
  queue?: DeliveryQueue;
};
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
 * How long a claim on a history sync holds unless renewed (HISTORY_SYNC_CLAIM_SECONDS, two minutes unless
 * set), and how often a live worker renews it: a quarter of that, besides every page. A crashed process stops
 * renewing, so another takes its run over once the claim lapses (each server looks for lapsed runs as often
 * as a claim lasts: bank-sync.job.ts). Claims are written and compared with the app's clock (deps.now), not
 * the database's now(): tests pin that clock and lapse a claim by starting a second server later, and the
 * start-up sweep and a repeat request judge lapses with it too. So servers' clocks must agree to well within
 * the margin between the two (three quarters of a claim: 90 s by default) for a live claim never to look
 * lapsed to another; NTP keeps them within far less.
 */
export const HISTORY_SYNC_CLAIM_MS = DEFAULT_HISTORY_SYNC_CLAIM_SECONDS * 1000;

/** What a history-sync job carries, and who works it: owner names this process on the runs it claims. */
export type HistorySyncJob = BankSyncJob & { isLastAttempt?: boolean; owner?: string };

/** This worker's claim was taken over (it stalled past the claim): the new owner finishes the run. */
class ClaimLost extends Error {}

/**
 * Runs a history-sync job's work and keeps its progress row (what the banner polls) in step: InProgress,
 * a percent per page, then Completed, Failed, or cancelled when the connection was disconnected meanwhile.
 * The work is given the run's window (a ranged backfill) as kept on the run, so a resumed run keeps it.
 */
async function runHistorySync(
  deps: SyncDeps,
  { userId, connectionId, runId, window, owner = randomUUID(), isLastAttempt = true }: HistorySyncJob,
  work: (
    connection: ConnectionRow,
    window: HistorySyncWindow | undefined,
    progress: RunProgress,
  ) => Promise<number | 'cancelled'>,
): Promise<number> {
  const claimMs = deps.historySyncClaimMs ?? HISTORY_SYNC_CLAIM_MS;
  const claimUntil = () => new Date(deps.now().getTime() + claimMs);
  let run: HistorySyncRow | null = null;
  if (runId) {
    // A finished run, or one a live process works, is not ours: a duplicate delivery (restart, queue
    // expiry, a second server) ends here.
    run = await claimHistorySync(deps.db, { userId, runId, owner, now: deps.now(), expiresAt: claimUntil() });
    if (!run) return 0;
  }
  // Writes only while the claim is still ours; a run taken over is left to its new owner.
  const update = async (values: Partial<HistorySyncRow>) => {
    if (!runId) return;
    if (!(await updateHistorySync(deps.db, { now: deps.now(), userId, runId, owner, ...values })))
      throw new ClaimLost();
  };
  const finish = (values: Partial<HistorySyncRow>) =>
    update({ ...values, claimedBy: null, claimExpiresAt: null });
  let lost = false;
  const renewal = runId
    ? setInterval(() => {
        update({ claimExpiresAt: claimUntil() }).catch((error) => {
          // A failed renewal is tried again; only a taken-over claim stops the work (at the next page).
          if (error instanceof ClaimLost) lost = true;
        });
      }, claimMs / 4)
    : undefined;
  renewal?.unref();
  try {
    const connection = await getConnection(deps.db, { userId, connectionId });
    // The manual connection has no bank (nor token) to read: a job naming it has nothing to do.
    if (!connection?.isActive || isManualConnection(connection)) {
      await finish({ status: 'Failed', message: 'Import cancelled' });
      return 0;
    }
    let pageNumber = 0;
    try {
      const stored = await work(connection, (run && historySyncWindow(run)) ?? window, {
        page: (done, page) => {
          if (lost) throw new ClaimLost();
          pageNumber += 1;
          return update({
            processed: done,
            progress: percent(done, page, pageNumber),
            claimExpiresAt: claimUntil(),
          });
        },
      });
      if (stored === 'cancelled') {
        await finish({ status: 'Failed', message: 'Import cancelled' });
        return 0;
      }
      await finish({
        status: 'Completed',
        progress: 100,
        processed: stored,
        message: 'Import completed successfully!',
        completedAt: deps.now(),
      });
      return stored;
    } catch (error) {
      if (error instanceof ClaimLost) throw error;
      // The queue retries; the banner says Failed only when no attempt is left. Otherwise the run is given
      // back, so the retry (on whichever process) may claim it at once.
      if (runId) {
        if (isLastAttempt) await finish({ status: 'Failed', message: 'Import failed' });
        else await releaseHistorySync(deps.db, { userId, runId, owner, now: deps.now() });
      }
      throw error;
    }
  } catch (error) {
    if (error instanceof ClaimLost) return 0;
    throw error;
  } finally {
    clearInterval(renewal);
  }
}

/** A history-sync job: the ranged backfill when its run (or the job) has a window, else the cursor sync. */
export function syncConnectionHistory(deps: SyncDeps, job: HistorySyncJob): Promise<number> {
  return runHistorySync(deps, job, (connection, window, progress) =>
    window ? backfill(deps, connection, window, progress.page) : cursorSync(deps, connection, progress),
  );
}

/**
 * The cursor sync: each page is applied and its cursor saved in one database transaction, so a crash
 * between pages resumes where it stopped and a page is never applied twice. Returns rows stored.
 */
export function syncConnection(deps: SyncDeps, job: HistorySyncJob): Promise<number> {
  return runHistorySync(deps, { ...job, window: undefined }, (connection, _window, progress) =>
    cursorSync(deps, connection, progress),
  );
}

async function cursorSync(
  deps: SyncDeps,
  connection: ConnectionRow,
  progress: RunProgress,
): Promise<number | 'cancelled'> {
  const { userId, id: connectionId } = connection;
  const accessToken = deps.cipher.decrypt(connection.accessTokenEncrypted, {
    userId: connection.userId,
    itemId: connection.itemId,
  });
  // Accounts first, so transactions of an account the bank added since the last sync have a home. An
  // account shown now after being hidden past the plan's limit reset the cursor: its history is read anew.
  const before = await refreshAccounts(deps, connection, accessToken, { reveal: true });
  let stored = 0;
  let cursor = before && before.revealed > 0 ? null : connection.cursor;
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
  await refreshAccounts(deps, connection, accessToken, { reveal: false });
  return stored;
}

function isMutationDuringPagination(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && Reflect.get(error, 'code') === MUTATION_DURING_PAGINATION
  );
}

/**
 * New accounts and fresh balances; never revives the accounts of a connection disconnected meanwhile. New
 * accounts past the plan's limit are kept hidden (and the person told once); with `reveal`, hidden ones that
 * fit now are shown (see saveAccountsWithinPlan). Null when the connection is no longer active.
 */
async function refreshAccounts(
  deps: SyncDeps,
  connection: ConnectionRow,
  accessToken: string,
  { reveal }: { reveal: boolean },
) {
  const { accounts } = await deps.provider.getAccounts(accessToken);
  const { userId, id: connectionId } = connection;
  const outcome = await deps.db.transaction(async (tx) => {
    // The person's linking lock, then the connection's row, in the order link() and reconnect take them.
    await lockLinking(tx, { userId });
    if (!(await lockActiveConnection(tx, { userId, connectionId }))) return null;
    return saveAccountsWithinPlan(tx, { connection, accounts, now: deps.now(), reveal });
  });
  if (outcome?.told && deps.queue) await requestDelivery(deps.queue, userId);
  return outcome;
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
