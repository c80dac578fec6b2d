import { accountsDeps, type BankSyncJob } from '../features/accounts/accounts.deps';
import { unfinishedImportRuns } from '../features/accounts/accounts.queries';
import {
  backfillConnection,
  REFRESH_CRON,
  refreshStaleConnections,
  syncConnection,
} from '../features/accounts/accounts.sync';
import type { AppContext } from '../lib/context';

/**
 * Runs bank imports off the queue, syncs connections on a schedule, and re-queues any import a stopped
 * server left unfinished.
 * afterImport hears how many rows each run stored (database upkeep).
 */
export async function startBankSyncWorker(
  ctx: AppContext,
  { afterImport }: { afterImport?: (rows: number) => Promise<void> } = {},
) {
  const deps = accountsDeps(ctx);
  const queue = ctx.queue;
  const run = async (job: BankSyncJob, { isLastAttempt }: { isLastAttempt: boolean }) => {
    const stored = job.window
      ? await backfillConnection(deps, { ...job, window: job.window, isLastAttempt })
      : await syncConnection(deps, { ...job, isLastAttempt });
    await afterImport?.(stored);
  };
  await queue.work<BankSyncJob>('bank-import', run);
  await queue.work<BankSyncJob>('bank-sync', run);
  await queue.work('bank-refresh', () => refreshStaleConnections(deps).then(() => undefined));
  await queue.schedule('bank-refresh', REFRESH_CRON);
  // Resuming is safe: the sync continues from the cursor saved with the last applied page.
  // Runs whose job is still waiting in the queue need nothing; a job left 'active' by a stopped process
  // would only be retried after it expires, so those runs are queued again now (claiming keeps it single).
  for (const unfinished of await unfinishedImportRuns(deps.db)) {
    if (await queue.isWaiting('bank-import', { runId: unfinished.id })) continue;
    await queue.send<BankSyncJob>('bank-import', {
      userId: unfinished.userId,
      connectionId: unfinished.connectionId,
      runId: unfinished.id,
    });
  }
}
