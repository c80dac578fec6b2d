import { unfinishedImportRuns } from '../features/bank/bank.queries';
import {
  type BankDeps,
  type BankSyncJob,
  backfillConnection,
  syncConnection,
} from '../features/bank/bank.service';
import type { JobQueue } from './queue';

/** Runs bank imports off the queue, and re-queues any a stopped server left unfinished. */
export async function startBankSyncWorker(queue: JobQueue, deps: BankDeps) {
  const run = async (job: BankSyncJob) => {
    if (job.window) await backfillConnection(deps, { ...job, window: job.window });
    else await syncConnection(deps, job);
  };
  await queue.work<BankSyncJob>('bank-import', run);
  await queue.work<BankSyncJob>('bank-sync', run);
  // Resuming is safe: the sync continues from the cursor saved with the last applied page.
  for (const unfinished of await unfinishedImportRuns(deps.db)) {
    await queue.send<BankSyncJob>('bank-import', {
      userId: unfinished.userId,
      connectionId: unfinished.connectionId,
      runId: unfinished.id,
    });
  }
}
