import { type AccountsDeps, accountsDeps, type BankSyncJob } from '../features/accounts/accounts.deps';
import { unfinishedImportRuns } from '../features/accounts/accounts.queries';
import { removeDisconnectedItems } from '../features/accounts/accounts.service';
import { importConnection, REFRESH_CRON, refreshStaleConnections } from '../features/accounts/accounts.sync';
import { notifyImportRun } from '../features/notifications/notify';
import type { AppContext } from '../lib/context';

/**
 * Jobs one process runs at once, per queue. The queue is shared by every user, so one worker would make
 * everybody's import wait behind one person's two-year history. Imports mostly wait on the bank, and a
 * page holds a database connection only while it is applied, so a few run side by side (the PostgreSQL
 * pool has 10). One connection's work stays safe when two jobs of it overlap: every page takes the
 * connection's row lock, the cursor sync drops a page whose cursor another job moved, a backfill's upsert
 * is idempotent, and at most one import run per connection waits (joining, see startImportRun).
 * bank-sync is 'stately' (one waiting and one running job per connection); pg-boss 10 fetches in
 * creation order, so a second worker mostly helps while no connection has a catch-up waiting behind its
 * running one. The hourly sweep needs only one.
 */
export const WORKERS = { 'bank-import': 4, 'bank-sync': 2 } as const;

/**
 * Runs bank imports off the queue. On a schedule: syncs connections, removes at the provider the items of
 * disconnected connections whose removal failed, and re-queues any import a stopped server left unfinished.
 * afterImport hears how many rows each run stored (database upkeep).
 */
export async function startBankSyncWorker(
  ctx: AppContext,
  { afterImport }: { afterImport?: (rows: number) => Promise<void> } = {},
) {
  const deps = accountsDeps(ctx);
  const queue = ctx.queue;
  const run = async (job: BankSyncJob, { isLastAttempt }: { isLastAttempt: boolean }) => {
    try {
      const stored = await importConnection(deps, { ...job, isLastAttempt, owner: queue.owner });
      await afterImport?.(stored);
    } finally {
      // The run's own row says how it ended (completed, failed for good, or still to be retried).
      if (job.runId)
        await notifyImportRun(deps.db, queue, { userId: job.userId, runId: job.runId, now: ctx.now() });
    }
  };
  await queue.work<BankSyncJob>('bank-import', run, { workers: WORKERS['bank-import'] });
  await queue.work<BankSyncJob>('bank-sync', run, { workers: WORKERS['bank-sync'] });
  await queue.work('bank-refresh', async () => {
    await refreshStaleConnections(deps);
    await removeDisconnectedItems(deps);
    await resumeUnfinishedImports(deps);
  });
  await queue.schedule('bank-refresh', REFRESH_CRON);
  await resumeUnfinishedImports(deps);
}

/**
 * Queues again the imports nobody works: a stopped or crashed server's (its claim lapsed) and runs whose
 * job is gone. Resuming is safe: the cursor sync continues from the cursor saved with the last applied
 * page, and a backfill's days are kept on its run. A run a live process works is never among them, and a
 * run whose job still waits in the queue needs nothing; a duplicate job is a no-op (claiming keeps it single).
 */
export async function resumeUnfinishedImports(deps: Pick<AccountsDeps, 'db' | 'queue' | 'now'>) {
  for (const unfinished of await unfinishedImportRuns(deps.db, { now: deps.now() })) {
    if (await deps.queue.isWaiting('bank-import', { runId: unfinished.id })) continue;
    await deps.queue.send<BankSyncJob>('bank-import', {
      userId: unfinished.userId,
      connectionId: unfinished.connectionId,
      runId: unfinished.id,
    });
  }
}
