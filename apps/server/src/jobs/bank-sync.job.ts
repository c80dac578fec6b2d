import { type AccountsDeps, accountsDeps, type BankSyncJob } from '../features/accounts/accounts.deps';
import { unfinishedHistorySyncs } from '../features/accounts/accounts.queries';
import { removeDisconnectedItems } from '../features/accounts/accounts.service';
import {
  REFRESH_CRON,
  refreshStaleConnections,
  syncConnectionHistory,
} from '../features/accounts/accounts.sync';
import { notifyHistorySync } from '../features/notifications/notify';
import { requestPreparation } from '../features/onboarding';
import type { AppContext } from '../lib/context';

/**
 * Jobs one process runs at once, per queue. The queue is shared by every user, so one worker would make
 * everybody's import wait behind one person's two-year history. Imports mostly wait on the bank, and a
 * page holds a database connection only while it is applied, so a few run side by side (the PostgreSQL
 * pool has DATABASE_POOL_SIZE, 10 by default). One connection's work stays safe when two jobs of it
 * overlap: every page takes the connection's row lock, the cursor sync drops a page whose cursor another
 * job moved, a backfill's upsert is idempotent, and at most one history sync per connection waits
 * (joining, see startHistorySync).
 * bank-sync is 'stately' (one waiting and one running job per connection); pg-boss 10 fetches in
 * creation order, so a second worker mostly helps while no connection has a catch-up waiting behind its
 * running one. The hourly sweep needs only one.
 */
export const WORKERS = { 'history-sync': 4, 'bank-sync': 2 } as const;

/**
 * Runs history syncs and catch-up syncs off the queues. On a schedule: syncs connections, removes at the
 * provider the items of disconnected connections whose removal failed, and re-queues any history sync a
 * stopped server left unfinished. Besides that hourly sweep, this process looks for history syncs whose claim
 * lapsed as often as a claim lasts (HISTORY_SYNC_CLAIM_SECONDS), so the run of a server that died mid-sync
 * moves to a live one within twice that; stop() ends those looks (before the queue stops).
 * afterImport hears how many rows each run stored (database upkeep).
 */
export async function startBankSyncWorker(
  ctx: AppContext,
  { afterImport }: { afterImport?: (rows: number) => Promise<void> } = {},
): Promise<{ stop: () => void }> {
  const deps = accountsDeps(ctx);
  const queue = ctx.queue;
  const run = async (job: BankSyncJob, { isLastAttempt }: { isLastAttempt: boolean }) => {
    try {
      const stored = await syncConnectionHistory(deps, { ...job, isLastAttempt, owner: queue.owner });
      // Balances move with every sync, transactions with most.
      ctx.insights.changed(job.userId);
      if (stored > 0) await requestPreparation(deps, job.userId);
      await afterImport?.(stored);
    } finally {
      // The run's own row says how it ended (completed, failed for good, or still to be retried).
      if (job.runId)
        await notifyHistorySync(deps.db, { queue, userId: job.userId, runId: job.runId, now: ctx.now() });
    }
  };
  await queue.work<BankSyncJob>('history-sync', run, { workers: WORKERS['history-sync'] });
  await queue.work<BankSyncJob>('bank-sync', run, { workers: WORKERS['bank-sync'] });
  await queue.work('bank-refresh', async () => {
    await refreshStaleConnections(deps);
    await removeDisconnectedItems(deps);
    await resumeUnfinishedHistorySyncs(deps);
  });
  await queue.schedule('bank-refresh', REFRESH_CRON);
  // Also what carries the runs over from the retired bank-import queue (deleted at start, see
  // RETIRED_QUEUES in queue.ts): their jobs are gone, so each open run is queued again on history-sync.
  await resumeUnfinishedHistorySyncs(deps);

  // Every server looks on its own timer: a run is queued again by whichever sees it first, and should two
  // queue it at once, the second job finds the run claimed and ends (claimHistorySync).
  const every = ctx.config.historySyncClaimSeconds * 1000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const look = async () => {
    try {
      await resumeUnfinishedHistorySyncs(deps);
    } catch (error) {
      ctx.log.warn({ err: error }, 'looking for lapsed history syncs failed; trying again later');
    }
    if (!stopped) timer = setTimeout(look, every).unref();
  };
  timer = setTimeout(look, every).unref();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/**
 * Queues again the history syncs nobody works: a stopped or crashed server's (its claim lapsed) and runs
 * whose job is gone. Resuming is safe: the cursor sync continues from the cursor saved with the last applied
 * page, and a backfill's days are kept on its run. A run a live process works is never among them, and a
 * run whose job still waits in the queue needs nothing; a duplicate job is a no-op (claiming keeps it single).
 * As for a repeat request (isAbandoned in accounts.service.ts): a run never claimed (or given back for a
 * retry) counts as queued while its job is active too, as a worker may have fetched it and not claimed the
 * run yet; a lapsed claim means its worker died, so then only a waiting job counts.
 */
export async function resumeUnfinishedHistorySyncs(deps: Pick<AccountsDeps, 'db' | 'queue' | 'now'>) {
  for (const unfinished of await unfinishedHistorySyncs(deps.db, { now: deps.now() })) {
    const orActive = !unfinished.claimedBy;
    if (await deps.queue.isWaiting('history-sync', { runId: unfinished.id }, { orActive })) continue;
    await deps.queue.send<BankSyncJob>('history-sync', {
      userId: unfinished.userId,
      connectionId: unfinished.connectionId,
      runId: unfinished.id,
    });
  }
}
